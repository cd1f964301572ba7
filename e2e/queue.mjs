// End-to-end in n8n's queue mode, the set-up of users who outgrow one process: Redis (Debian's
// redis-server) on 127.0.0.1, one main, one worker and one webhook process, all loading this
// package from the same n8n home (its database and community nodes). Workflows are started
// through the webhook process and must run on the worker; the trigger gets the sandbox's events
// through the webhook process too. Prints "N passed, N failed".
//   node e2e/queue.mjs          (needs: apt-get install redis-server)
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, check, executionsOf, finish, waitFor } from './checks.mjs';
import { EXAMPLE_WEBHOOK_SECRET, EXAMPLES, importExamples, inboxWebhookUrl } from './examples.mjs';
import { createN8nHome, ensureN8n, N8N_VERSION, startSandbox } from './n8n.mjs';

const PORTS = { redis: 6391, main: 5720, mainBroker: 5721, worker: 5722, workerBroker: 5723, webhook: 5724, webhookBroker: 5725 };
const CREDENTIAL_ID = 'bmSandboxCred001';

if (spawnSync('redis-server', ['--version']).error) {
  console.error('queue mode needs Redis: apt-get install redis-server');
  process.exit(1);
}
await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const redis = spawn('redis-server', ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
const n8n = createN8nHome({ port: PORTS.main });
Object.assign(n8n.env, {
  N8N_RUNNERS_BROKER_PORT: String(PORTS.mainBroker),
  EXECUTIONS_MODE: 'queue',
  QUEUE_BULL_REDIS_HOST: '127.0.0.1',
  QUEUE_BULL_REDIS_PORT: String(PORTS.redis),
});
const processes = [];
const logs = { main: '', worker: '', webhook: '' };
try {
  const credentials = join(n8n.userFolder, 'credentials.json');
  writeFileSync(credentials, JSON.stringify([{ id: CREDENTIAL_ID, name: 'Business Messaging sandbox', type: 'businessMessagingApi', data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } }]));
  n8n.cli(['import:credentials', `--input=${credentials}`]);
  const filesDir = join(n8n.userFolder, 'files');
  const examples = importExamples(n8n, { sandboxBaseUrl: sandbox.baseUrl, filesDir });
  const products = webhookWorkflow('bmQueueProducts1', 'queue-products', { resource: 'product', operation: 'getMany', catalogId: { __rl: true, mode: 'id', value: sandbox.catalogId }, returnAll: true });
  const file = join(n8n.userFolder, 'products.json');
  writeFileSync(file, JSON.stringify(products));
  n8n.cli(['import:workflow', `--input=${file}`]);
  n8n.activate(products.id);

  for (const [name, command, env] of [
    ['main', 'start', {}],
    ['worker', 'worker', { N8N_PORT: String(PORTS.worker), N8N_RUNNERS_BROKER_PORT: String(PORTS.workerBroker) }],
    ['webhook', 'webhook', { N8N_PORT: String(PORTS.webhook), N8N_RUNNERS_BROKER_PORT: String(PORTS.webhookBroker) }],
  ]) {
    const child = n8n.start(command, env);
    child.stdout.on('data', (chunk) => (logs[name] += chunk));
    child.stderr.on('data', (chunk) => (logs[name] += chunk));
    processes.push(child);
  }
  const main = `http://127.0.0.1:${PORTS.main}`;
  const hooks = `http://127.0.0.1:${PORTS.webhook}`;
  await check(`n8n ${N8N_VERSION} in queue mode: main, worker and webhook process start with the package`, async () => {
    await waitFor(async () => (await fetch(`${main}/healthz/readiness`)).ok, 90_000, 'the main process');
    await waitFor(async () => logs.worker.includes('n8n worker is now ready'), 90_000, 'the worker');
    await waitFor(async () => logs.webhook.includes('Webhook listener waiting for requests'), 90_000, 'the webhook process');
    // Registered webhooks answer; an unknown one 404s. Until then the process is still loading.
    await waitFor(async () => (await fetch(`${hooks}/webhook/queue-products`, { method: 'POST' })).ok, 60_000, 'the webhook process to serve our workflows');
    for (const [name, log] of Object.entries(logs)) assert(!/Error.*n8n-nodes-business-messaging|Unrecognized node type/.test(log), `${name}: ${log.slice(-800)}`);
  });
  const setup = await fetch(`${main}/rest/owner/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'queue@example.com', firstName: 'Queue', lastName: 'Runner', password: 'Queue-password-1' }),
  });
  const cookie = (setup.headers.get('set-cookie') ?? '').split(';')[0];
  const executionsOfWorkflow = (workflowId) => executionsOf(main, cookie, workflowId);
  /** The executions of a workflow once `count` have finished, each run by the worker. */
  const ranOnWorker = async (workflowId, count) => {
    await waitFor(async () => {
      const list = await executionsOfWorkflow(workflowId);
      return list.length >= count && list.every((e) => !['new', 'running', 'waiting'].includes(e.status));
    }, 30_000, `${count} finished executions of ${workflowId}`);
    const list = await executionsOfWorkflow(workflowId);
    assert(list.length === count && list.every((e) => e.status === 'success'), `executions: ${JSON.stringify(list.map((e) => [e.id, e.status]))}`);
    for (const e of list) assert(logs.worker.includes(`Worker finished execution ${e.id} `), `execution ${e.id} did not run on the worker`);
    return list;
  };
  const control = async (path, method = 'GET', body) =>
    (await fetch(sandbox.controlUrl + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body && JSON.stringify(body) })).json();
  await control('/config', 'POST', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
  await control('/webhook', 'PUT', { url: inboxWebhookUrl(hooks, examples), secret: EXAMPLE_WEBHOOK_SECRET });

  await check('queue mode: Product › Get Many, started through the webhook process, runs on the worker', async () => {
    // The readiness probe above ran it once already.
    await waitFor(async () => (await executionsOfWorkflow(products.id)).every((e) => e.status === 'success'), 30_000, 'the probe run to finish');
    const before = (await executionsOfWorkflow(products.id)).length;
    const response = await fetch(`${hooks}/webhook/queue-products`, { method: 'POST' });
    const items = await response.json();
    assert(Array.isArray(items) && items.length === 50 && items[0].retailer_id === 'SKU-00001', `answered ${response.status}: ${JSON.stringify(items).slice(0, 200)}`);
    await ranOnWorker(products.id, before + 1);
  });
  await check('queue mode: the CRM example sends its template on the worker; its receipts start nothing in the inbox', async () => {
    const deal = { deal: { id: '5005', items: 'a bag of Peru Cajamarca', delivery_day: 'Monday' }, contact: { first_name: 'Ivo', phone: '+1 415 555 0177' } };
    const response = await fetch(`${hooks}/webhook/crm-deal-won`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(deal) });
    const answer = await response.json();
    assert(/^wamid\./.test(answer.messageId), `answered ${response.status}: ${JSON.stringify(answer)}`);
    await ranOnWorker(EXAMPLES.crm, 1);
    // sent, delivered and read are delivered to the inbox trigger, which does not take receipts.
    await waitFor(async () => (await control('/webhook/deliveries')).data.filter((d) => d.status === 'delivered').length >= 3, 15_000, 'three receipts delivered');
    assert((await executionsOfWorkflow(EXAMPLES.inbox)).length === 0, 'a receipt started the inbox workflow');
  });
  await check('queue mode: the trigger takes an incoming photo through the webhook process; the worker saves it and replies', async () => {
    const incoming = await control('/incoming', 'POST', { phone_number_id: sandbox.phoneNumberIds[0], from: '14155550188', type: 'image' });
    await ranOnWorker(EXAMPLES.inbox, 1);
    assert(readdirSync(filesDir).some((f) => f.includes(incoming.media_id)), `files: ${readdirSync(filesDir)}`);
    const reply = (await control('/messages')).data.find((m) => m.to === '14155550188');
    assert(reply?.type === 'text' && reply.replyTo === incoming.message_id, `reply: ${JSON.stringify(reply)}`);
  });
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(processes.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))));
  redis.kill('SIGTERM');
  sandbox.child.kill('SIGTERM');
  n8n.remove();
}
finish();

/** Webhook (answers with the last node's items) → one Business Messaging operation. */
function webhookWorkflow(id, path, parameters) {
  return {
    id,
    name: `queue: ${path}`,
    active: false,
    settings: { executionOrder: 'v1' },
    connections: { Webhook: { main: [[{ node: 'Business Messaging', type: 'main', index: 0 }]] } },
    nodes: [
      { id: `${id}-hook`, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `${id}-hook`, parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} } },
      { id: `${id}-bm`, name: 'Business Messaging', type: 'n8n-nodes-business-messaging.businessMessaging', typeVersion: 1, position: [300, 0], credentials: { businessMessagingApi: { id: CREDENTIAL_ID, name: 'Business Messaging sandbox' } }, parameters },
    ],
  };
}

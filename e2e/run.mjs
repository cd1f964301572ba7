// End-to-end: the package inside a real n8n (installed once into a cache), against the
// sandbox. Imports a credential and workflows, runs each action workflow headless with
// `n8n execute`, and checks its output. Prints "N passed, N failed"; exits 1 on a failure.
//   node e2e/run.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createN8nHome, ensureN8n, N8N_VERSION, startSandbox } from './n8n.mjs';

const CREDENTIAL_ID = 'bmSandboxCred001';
const results = [];

function workflow(id, name, node) {
  return {
    id,
    name,
    active: false,
    settings: { executionOrder: 'v1' },
    connections: { Start: { main: [[{ node: 'Business Messaging', type: 'main', index: 0 }]] } },
    nodes: [
      { id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      {
        id: `${id}-bm`,
        name: 'Business Messaging',
        type: 'n8n-nodes-business-messaging.businessMessaging',
        typeVersion: 1,
        position: [300, 0],
        credentials: { businessMessagingApi: { id: CREDENTIAL_ID, name: 'Business Messaging sandbox' } },
        ...node,
      },
    ],
  };
}

/** The output items of the Business Messaging node in `n8n execute --rawOutput`'s JSON. */
function outputOf(stdout) {
  // Log lines come first; the result is the JSON from the first line that is just "{".
  const start = stdout.search(/^\{\s*$/m);
  if (start < 0) throw new Error(`no result in the output of n8n execute: ${stdout.slice(-500)}`);
  const run = JSON.parse(stdout.slice(start));
  const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? {};
  const error = run.data?.resultData?.error ?? run.resultData?.error;
  if (error) throw new Error(`the workflow failed: ${error.message}`);
  return (runData['Business Messaging']?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}

async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push(true);
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push(false);
    console.log(`FAIL ${name}: ${error.message}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: 5688 });
try {
  const control = async (path) => (await fetch(sandbox.controlUrl + path)).json();
  const templates = (await control('/templates')).data;
  const orderConfirmation = templates.find((t) => t.name === 'order_confirmation' && t.language === 'en_US').id;
  const credentials = join(n8n.userFolder, 'credentials.json');
  writeFileSync(credentials, JSON.stringify([{ id: CREDENTIAL_ID, name: 'Business Messaging sandbox', type: 'businessMessagingApi', data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } }]));
  n8n.cli(['import:credentials', `--input=${credentials}`]);

  const number = { __rl: true, mode: 'list', value: sandbox.phoneNumberIds[0] };
  const flows = {
    listNumbers: workflow('bmE2eListNumbers', 'e2e: list numbers', { parameters: { resource: 'account', operation: 'listNumbers' } }),
    sendTemplate: workflow('bmE2eSendTemplat', 'e2e: send template', {
      parameters: {
        resource: 'message',
        operation: 'sendTemplate',
        phoneNumberId: number,
        recipient: '+1 (415) 555-0100',
        template: { __rl: true, mode: 'list', value: orderConfirmation },
        variables: { mappingMode: 'defineBelow', value: { header_1: '#3003', body_1: 'Ana', body_2: 'a bag of Kenya Nyeri', body_3: 'Friday', button_0_url: '3003' } },
      },
    }),
    products: workflow('bmE2eGetProducts', 'e2e: get products', {
      parameters: { resource: 'product', operation: 'getMany', catalogId: { __rl: true, mode: 'id', value: sandbox.catalogId }, returnAll: true },
    }),
    download: workflow('bmE2eDownloadMed', 'e2e: download media', {
      parameters: { resource: 'media', operation: 'download', phoneNumberId: number, mediaId: sandbox.mediaIds[0] },
    }),
  };
  for (const flow of Object.values(flows)) {
    const file = join(n8n.userFolder, `${flow.id}.json`);
    writeFileSync(file, JSON.stringify(flow));
    n8n.cli(['import:workflow', `--input=${file}`]);
  }
  const execute = (flow) => outputOf(n8n.cli(['execute', `--id=${flow.id}`, '--rawOutput']));

  await check(`n8n ${N8N_VERSION} runs Account › List Numbers`, () => {
    const items = execute(flows.listNumbers);
    assert(items.length === 2 && items[0].phone_number_id === sandbox.phoneNumberIds[0], `got ${JSON.stringify(items)}`);
  });
  await check('Message › Send Template sends the variables form and outputs the wamid', async () => {
    const [item] = execute(flows.sendTemplate);
    assert(/^wamid\./.test(item?.messageId) && item.recipient === '14155550100', `got ${JSON.stringify(item)}`);
    const messages = (await control('/messages')).data;
    assert(messages.some((m) => m.id === item.messageId), 'the sandbox has no such message');
  });
  await check('Product › Get Many returns the whole catalog', () => {
    const items = execute(flows.products);
    assert(items.length === 50 && items[0].retailer_id === 'SKU-00001', `got ${items.length} items`);
  });
  await check('Media › Download outputs the file as binary data', () => {
    const [item] = execute(flows.download);
    assert(item?.mimeType === 'image/png' && item.fileName === 'latte-art.png', `got ${JSON.stringify(item)}`);
  });
} finally {
  sandbox.child.kill('SIGTERM');
  n8n.remove();
}
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(results.length - passed === 0 && results.length > 0 ? 0 : 1);

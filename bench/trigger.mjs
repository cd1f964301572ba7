// Benchmark: per-delivery cost of the Business Messaging Trigger in a real n8n (2.41.1) against
// n8n's own Webhook node, on the same 5,000 deliveries (a receipt in the Cloud API envelope),
// 10 at a time, both workflows active in the same n8n, measured side by side in one run.
//   node bench/trigger.mjs [--deliveries 5000] [--concurrency 10]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createN8nHome, ensureN8n } from '../e2e/n8n.mjs';

const { values } = parseArgs({ options: { deliveries: { type: 'string', default: '5000' }, concurrency: { type: 'string', default: '10' } } });
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);

ensureN8n((line) => console.log(line));
const n8n = createN8nHome({ port: 5698 });
const flows = [
  {
    id: 'bmBenchTrigger01',
    name: 'bench: business messaging trigger',
    nodes: [{ id: 'bt', name: 'Trigger', type: 'n8n-nodes-business-messaging.businessMessagingTrigger', typeVersion: 1, position: [0, 0], webhookId: 'bench-bm', parameters: { events: ['messageStatus'] } }],
  },
  {
    id: 'bmBenchWebhook01',
    name: 'bench: n8n webhook',
    nodes: [{ id: 'wh', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'bench-wh', parameters: { httpMethod: 'POST', path: 'bench', responseMode: 'onReceived' } }],
  },
];
for (const flow of flows) {
  const file = join(n8n.userFolder, `${flow.id}.json`);
  writeFileSync(file, JSON.stringify({ ...flow, active: false, settings: { executionOrder: 'v1' }, connections: {} }));
  n8n.cli(['import:workflow', `--input=${file}`]);
  n8n.cli(['publish:workflow', `--id=${flow.id}`]);
}
const server = n8n.start();
const base = n8n.env.N8N_WEBHOOK_URL.replace(/\/$/, '');
const targets = { trigger: `${base}/webhook/bench-bm/webhook`, webhook: `${base}/webhook/bench` };
const body = (i) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '106540352242922' }, statuses: [{ id: `wamid.bench${i}`, status: 'delivered', timestamp: '1763769600', recipient_id: '14155550100' }] } }] }],
  });
try {
  for (;;) {
    try {
      if ((await fetch(targets.webhook, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).ok && (await fetch(targets.trigger, { method: 'POST', body: body(-1), headers: { 'content-type': 'application/json' } })).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const run = async (url) => {
    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DELIVERIES) {
          const i = next++;
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(i) });
          await response.arrayBuffer();
          if (!response.ok) failed++;
        }
      }),
    );
    return { ms: performance.now() - started, failed };
  };
  // Warm-up, then alternate to share any drift fairly.
  await run(targets.webhook);
  await run(targets.trigger);
  const rows = { webhook: [], trigger: [] };
  for (let round = 0; round < 2; round++) {
    rows.webhook.push(await run(targets.webhook));
    rows.trigger.push(await run(targets.trigger));
  }
  const best = (list) => Math.min(...list.map((r) => r.ms));
  const failures = [...rows.webhook, ...rows.trigger].reduce((n, r) => n + r.failed, 0);
  console.log('| deliveries | concurrency | n8n Webhook node ms (best of 2) | Business Messaging Trigger ms (best of 2) | per delivery (webhook / trigger) | ratio | failed |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| ${DELIVERIES} | ${CONCURRENCY} | ${best(rows.webhook).toFixed(0)} | ${best(rows.trigger).toFixed(0)} | ${(best(rows.webhook) / DELIVERIES).toFixed(2)} / ${(best(rows.trigger) / DELIVERIES).toFixed(2)} ms | ${(best(rows.trigger) / best(rows.webhook)).toFixed(2)} | ${failures} |`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  n8n.remove();
}

// The suites that need a served n8n, in one process against one n8n and one sandbox (see
// suite.mjs): Send and Wait, agents, the AI agent story and hostile deliveries in regular mode;
// in queue mode (--queue) all but the AI agent story, and the examples on the worker (queue.mjs).
// What CI runs; each suite also runs alone.
//   node e2e/suites.mjs [--queue]          (BM_N8N_MAJOR=1 for n8n 1.x)
import { agentsSuite } from './agents.mjs';
import { aiAgentSuite } from './aiAgent.mjs';
import { hostileDeliveriesSuite } from './hostileDeliveries.mjs';
import { queueExamplesSuite } from './queue.mjs';
import { sendAndWaitSuite } from './sendAndWait.mjs';
import { runSuites } from './suite.mjs';

const queue = process.argv.includes('--queue');
await runSuites(
	queue
		? [sendAndWaitSuite, agentsSuite, hostileDeliveriesSuite, queueExamplesSuite]
		: [sendAndWaitSuite, agentsSuite, aiAgentSuite, hostileDeliveriesSuite],
	{
		queue,
		port: Number(process.env.BM_N8N_PORT ?? 5698),
	},
);

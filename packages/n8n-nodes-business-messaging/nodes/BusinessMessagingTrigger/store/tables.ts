import type { TableDefinition } from '../../common/store/dataTables';

/**
 * The trigger's data tables, as they appear on n8n's Data tables page (created on first use by the
 * project of the State credential's API key; every trigger of this n8n shares them, each row
 * naming its trigger). What each row holds is the protocol's: eventClaims.ts, burstTable.ts,
 * questionTable.ts.
 */

/**
 * Events taken (Skip Redeliveries) and the Report Refusals minute: `key` is the trigger and the
 * event, `claim` the delivery that took it, `state` taking or run, `until` (ms) when the row
 * stops counting.
 */
export const CLAIMS_TABLE: TableDefinition = {
	name: 'Business Messaging trigger: events taken',
	columns: [
		{ name: 'key', type: 'string' },
		{ name: 'claim', type: 'string' },
		{ name: 'state', type: 'string' },
		{ name: 'until', type: 'number' },
	],
};

/**
 * Messages held in bursts (Collect Bursts): `waiting` is the trigger and chat while the message
 * waits for its burst to close, empty once a process claimed it (`claim`, `claimedAt`) to start
 * the burst's execution; the row goes once the execution exists.
 */
export const BURSTS_TABLE: TableDefinition = {
	name: 'Business Messaging trigger: bursts',
	columns: [
		{ name: 'trigger', type: 'string' },
		{ name: 'waiting', type: 'string' },
		{ name: 'claim', type: 'string' },
		{ name: 'claimedAt', type: 'number' },
		{ name: 'arrivedAt', type: 'number' },
		{ name: 'arrival', type: 'number' },
		{ name: 'messageId', type: 'string' },
		{ name: 'event', type: 'string' },
	],
};

/**
 * Free-text Send and Wait questions waiting for the chat's next message: `chat` is the trigger and
 * chat (one row per identity of the customer), `question` the trigger and the question's message
 * ID, `path` its resume reference, `at` (ms) when its receipt opened it.
 */
export const QUESTIONS_TABLE: TableDefinition = {
	name: 'Business Messaging trigger: open questions',
	columns: [
		{ name: 'chat', type: 'string' },
		{ name: 'question', type: 'string' },
		{ name: 'path', type: 'string' },
		{ name: 'at', type: 'number' },
	],
};

import { chatKeys } from './chatKeys';
import {
	chatKeyOf,
	handoverInForce,
	type Handover,
	type HandoverRecord,
	type HandoverStore,
} from './chatHandovers';
import { all, type DataTables, type TableDefinition } from './dataTables';

/**
 * Who handles each chat (chatHandovers.ts): `chat` is the number and one
 * identity of the customer, `state` handedOver or handedBack, `by` person or workflow,
 * `note`, `at` and `until` (ms). The newest row of a chat counts.
 */
export const HANDOVERS_TABLE: TableDefinition = {
	name: 'Business Messaging: chats handed over',
	columns: [
		{ name: 'chat', type: 'string' },
		{ name: 'state', type: 'string' },
		{ name: 'by', type: 'string' },
		{ name: 'note', type: 'string' },
		{ name: 'at', type: 'number' },
		{ name: 'until', type: 'number' },
	],
};

/**
 * Who handles a chat, in n8n's database (chatHandovers.ts): each change is an inserted row per
 * identity of the customer (group commit), and the newest row of a chat says who handles it. An
 * insert is atomic and rows are never changed, so processes that record changes at once need no
 * claim: the newest wins, whichever process reads.
 */
export class HandoverTable implements HandoverStore {
	constructor(private readonly store: DataTables) {}

	async record(phoneNumberId: unknown, customers: string[], change: HandoverRecord) {
		await this.store.insertGrouped(
			HANDOVERS_TABLE,
			chatKeys(phoneNumberId, customers).map((chat) => ({
				chat,
				state: change.state,
				by: change.by,
				note: change.note ?? null,
				at: change.at,
				until: change.until,
			})),
		);
	}

	async inForce(chats: Array<{ phoneNumberId: unknown; customers: string[] }>, now: number) {
		const keys = chats.flatMap(({ phoneNumberId, customers }) =>
			chatKeys(phoneNumberId, customers),
		);
		const found = new Map<string, Handover>();
		if (keys.length === 0) return found;
		const rows = await this.store.rowsGrouped(HANDOVERS_TABLE, 'chat', [...new Set(keys)]);
		for (const { phoneNumberId, customers } of chats) {
			const mine = new Set(chatKeys(phoneNumberId, customers));
			const records = rows
				.filter((row) => mine.has(String(row.chat)))
				.map(
					(row): HandoverRecord => ({
						state: row.state === 'handedOver' ? 'handedOver' : 'handedBack',
						by: row.by === 'workflow' ? 'workflow' : 'person',
						at: Number(row.at),
						until: Number(row.until),
						...(typeof row.note === 'string' && row.note !== '' ? { note: row.note } : {}),
					}),
				);
			const handover = handoverInForce(records, now);
			const key = chatKeyOf(phoneNumberId, customers);
			if (handover && key !== undefined) found.set(key, handover);
		}
		return found;
	}
}

/** A record this long past its end says nothing a newer one would not (tableCare.ts). */
const KEPT_AFTER_MS = 24 * 60 * 60 * 1000;

/** Deletes the records that ended a day ago. */
export async function removeExpiredHandovers(store: DataTables, now = Date.now()): Promise<void> {
	await store.remove(
		HANDOVERS_TABLE,
		all({ columnName: 'until', condition: 'lt', value: now - KEPT_AFTER_MS }),
	);
}

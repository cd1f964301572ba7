import type { DataTables } from '../../common/store/dataTables';
import { removeExpiredClaims } from './eventClaims';
import { removeExpiredHandovers } from '../../common/store/handoverTable';
import { removeExpiredQuestions } from './questionTable';

/**
 * The trigger's tables look after themselves: now and then a live process deletes the rows that
 * no longer count (events past the redelivery window, questions older than any chat waits,
 * handovers that ended a day ago).
 * Handed-over bursts delete their own rows (burstCloser.ts).
 */
const CARE_EVERY_MS = 10 * 60 * 1000;
let lastCare = 0;

export async function careForTables(store: DataTables, now = Date.now()): Promise<void> {
	if (now - lastCare < CARE_EVERY_MS) return;
	lastCare = now;
	await removeExpiredClaims(store, now);
	await removeExpiredQuestions(store, now);
	await removeExpiredHandovers(store, now);
}

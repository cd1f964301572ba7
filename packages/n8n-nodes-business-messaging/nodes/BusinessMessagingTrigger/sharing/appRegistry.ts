import { createHash } from 'crypto';
import { all, eq, type DataTables, type Row, type TableDefinition } from '../../common/store/dataTables';
import type { DeliveryAuth } from '../verify';
import { takesFromText, type TriggerTakes } from './triggerTakes';

/**
 * The triggers of one app (issue "several workflows on one app"). The platform sends every event
 * of an app to one URL; each published trigger that keeps its state in n8n's database writes here
 * what it takes, so that whichever trigger receives a delivery passes each event on to the others
 * that take it (shareOut.ts).
 *
 * The app is named by a digest of the trigger's Authentication (its mode, header and secret):
 * triggers that check deliveries with the same secret are of one app, and a hand-off signed by one
 * passes the check of the other. The secret itself is never written.
 */
export const REGISTRY_TABLE: TableDefinition = {
	name: 'Business Messaging trigger: triggers of one app',
	columns: [
		{ name: 'app', type: 'string' },
		{ name: 'trigger', type: 'string' },
		{ name: 'url', type: 'string' },
		{ name: 'takes', type: 'string' },
		{ name: 'name', type: 'string' },
		{ name: 'registeredAt', type: 'number' },
		{ name: 'failingSince', type: 'number' },
	],
};

/** A trigger of the app, as registered. */
export interface RegisteredTrigger {
	trigger: string;
	/** Its production webhook URL, where hand-offs go. */
	url: string;
	takes: TriggerTakes;
	/** Its workflow's name, for the log. */
	name: string;
	/** When hand-offs to it began to fail (ms), or undefined. */
	failingSince?: number;
}

/** The app a trigger's Authentication stands for, or undefined when it checks nothing. */
export function appOf(auth: DeliveryAuth): string | undefined {
	if (auth.mode === 'none') return undefined;
	const secret = auth.mode === 'headerToken' ? auth.token : auth.secret;
	if (secret === '') return undefined;
	return createHash('sha256')
		.update(`business-messaging app\n${auth.mode}\n${auth.header.toLowerCase()}\n${secret}`)
		.digest('hex')
		.slice(0, 40);
}

/** Writes the trigger in the registry (in place of what it wrote before). */
export async function register(
	store: DataTables,
	app: string,
	entry: Omit<RegisteredTrigger, 'failingSince'>,
	now = Date.now(),
): Promise<void> {
	await store.insert(REGISTRY_TABLE, [
		{
			app,
			trigger: entry.trigger,
			url: entry.url,
			takes: JSON.stringify(entry.takes),
			name: entry.name,
			registeredAt: now,
			failingSince: null,
		},
	]);
	// Older rows of the trigger go after the new one is in: no moment without it.
	await store.remove(
		REGISTRY_TABLE,
		all(eq('trigger', entry.trigger), { columnName: 'registeredAt', condition: 'lt', value: now }),
	);
	forgetRegistry();
}

/** Takes the trigger out of the registry (unpublished, or dropped as stale). */
export async function unregister(store: DataTables, trigger: string): Promise<void> {
	await store.remove(REGISTRY_TABLE, all(eq('trigger', trigger)));
	forgetRegistry();
}

/**
 * The registry is read at most this often per app and process: a trigger published or
 * unpublished is seen within this time by every process, and a busy app costs one read per
 * interval rather than one per delivery.
 */
export const REGISTRY_FRESH_MS = 5_000;
const cached = new Map<string, { at: number; triggers: Promise<RegisteredTrigger[]> }>();

/** The triggers registered for the app, but `self`. */
export async function othersOf(
	store: DataTables,
	app: string,
	self: string,
	now = Date.now(),
): Promise<RegisteredTrigger[]> {
	let entry = cached.get(app);
	if (!entry || now - entry.at >= REGISTRY_FRESH_MS) {
		entry = { at: now, triggers: readRegistry(store, app) };
		cached.set(app, entry);
		// A failed read is not kept: the next delivery reads again.
		entry.triggers.catch(() => cached.delete(app));
	}
	return (await entry.triggers).filter((t) => t.trigger !== self);
}

async function readRegistry(store: DataTables, app: string): Promise<RegisteredTrigger[]> {
	const rows = await store.rows(REGISTRY_TABLE, all(eq('app', app)));
	rows.sort((a, b) => Number(b.registeredAt) - Number(a.registeredAt));
	const newest = new Map<string, RegisteredTrigger>();
	for (const row of rows) {
		const trigger = registeredOf(row);
		if (trigger && !newest.has(trigger.trigger)) newest.set(trigger.trigger, trigger);
	}
	return [...newest.values()];
}

function registeredOf(row: Row): RegisteredTrigger | undefined {
	const takes = takesFromText(row.takes);
	if (!takes || typeof row.trigger !== 'string' || typeof row.url !== 'string') return undefined;
	const failingSince = Number(row.failingSince);
	return {
		trigger: row.trigger,
		url: row.url,
		takes,
		name: typeof row.name === 'string' ? row.name : '',
		...(row.failingSince !== null && Number.isFinite(failingSince) && failingSince > 0
			? { failingSince }
			: {}),
	};
}

/** Forgets what this process read (a registration it made is seen at once). */
export function forgetRegistry(): void {
	cached.clear();
}

/**
 * A hand-off to the trigger failed in a way that says it is no longer there (n8n does not know
 * its webhook, or it no longer shares the app's secret). The first failure is noted; the entry is
 * dropped once hand-offs have failed for STALE_AFTER_MS. Returns whether it was dropped now.
 */
export const STALE_AFTER_MS = 60_000;

export async function noteGone(
	store: DataTables,
	trigger: string,
	now = Date.now(),
): Promise<'noted' | 'dropped'> {
	const rows = await store.rows(REGISTRY_TABLE, all(eq('trigger', trigger)));
	const since = rows
		.map((row) => Number(row.failingSince))
		.filter((at) => Number.isFinite(at) && at > 0);
	if (since.length === 0) {
		await store.update(REGISTRY_TABLE, all(eq('trigger', trigger), eq('failingSince', null)), {
			failingSince: now,
		});
		forgetRegistry();
		return 'noted';
	}
	if (now - Math.min(...since) < STALE_AFTER_MS) return 'noted';
	const removed = await store.remove(REGISTRY_TABLE, all(eq('trigger', trigger)), true);
	forgetRegistry();
	// Another process may have dropped it a moment before: only one says so.
	return removed.length > 0 ? 'dropped' : 'noted';
}

/** A hand-off to the trigger went through: a failure noted before no longer counts. */
export async function noteReached(store: DataTables, trigger: string): Promise<void> {
	await store.update(
		REGISTRY_TABLE,
		all(eq('trigger', trigger), { columnName: 'failingSince', condition: 'gt', value: 0 }),
		{ failingSince: null },
	);
	forgetRegistry();
}

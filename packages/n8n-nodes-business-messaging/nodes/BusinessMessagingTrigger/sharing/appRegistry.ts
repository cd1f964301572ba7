import type { INode } from 'n8n-workflow';
import {
	all,
	eq,
	type DataTables,
	type Row,
	type TableDefinition,
} from '../../common/store/dataTables';
import { HEADER_TOKEN_CREDENTIAL, SIGNATURE_CREDENTIAL, type DeliveryAuth } from '../verify';
import { takesFromText, type TriggerTakes } from './triggerTakes';

/**
 * The triggers of one app (issue "several workflows on one app"). The platform sends every event
 * of an app to one URL; each published trigger that keeps its state in n8n's database writes here
 * what it takes and its webhook, so that whichever trigger receives a delivery passes each event
 * on to the others that take it (shareOut.ts).
 *
 * The app is the trigger's Authentication credential: triggers that check deliveries with the same
 * credential are of one app, and a hand-off signed by one passes the check of the other, also
 * after the secret in it was changed. Only its ID is written here, never anything of the secret.
 */
export const REGISTRY_TABLE: TableDefinition = {
	name: 'Business Messaging trigger: triggers of one app',
	columns: [
		{ name: 'app', type: 'string' },
		{ name: 'trigger', type: 'string' },
		{ name: 'webhookId', type: 'string' },
		{ name: 'takes', type: 'string' },
		{ name: 'name', type: 'string' },
		{ name: 'registeredAt', type: 'number' },
		{ name: 'failingSince', type: 'number' },
	],
};

/** A trigger of the app, as registered. */
export interface RegisteredTrigger {
	/** When it registered: its row (a drop deletes that registration only). */
	registeredAt: number;
	trigger: string;
	/** Its webhook's ID: hand-offs go to this n8n's URL of that webhook, nowhere else. */
	webhookId: string;
	takes: TriggerTakes;
	/** Its workflow's name, for the log. */
	name: string;
	/** When hand-offs to it began to fail (ms), or undefined. */
	failingSince?: number;
}

/** A webhook ID as n8n makes them (a UUID): anything else in a row is not followed. */
const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The app of a trigger's Authentication: its credential, or undefined when it checks nothing. */
export function appOf(node: INode, auth: DeliveryAuth): string | undefined {
	if (auth.mode === 'none') return undefined;
	const type = auth.mode === 'signature' ? SIGNATURE_CREDENTIAL : HEADER_TOKEN_CREDENTIAL;
	const id = node.credentials?.[type]?.id;
	return typeof id === 'string' && id !== '' ? `${auth.mode}:${id}` : undefined;
}

/** Writes the trigger in the registry (in place of what it wrote before). */
export async function register(
	store: DataTables,
	app: string,
	entry: Omit<RegisteredTrigger, 'failingSince' | 'registeredAt'>,
	now = Date.now(),
): Promise<void> {
	await store.insert(REGISTRY_TABLE, [
		{
			app,
			trigger: entry.trigger,
			webhookId: entry.webhookId,
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

/** Takes the trigger out of the registry (unpublished). */
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
	const key = `${store.address}|${app}`;
	let entry = cached.get(key);
	if (!entry || now - entry.at >= REGISTRY_FRESH_MS) {
		entry = { at: now, triggers: readRegistry(store, app) };
		cached.set(key, entry);
		// A failed read is not kept: the next delivery reads again.
		entry.triggers.catch(() => cached.delete(key));
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
	if (
		!takes ||
		typeof row.trigger !== 'string' ||
		typeof row.webhookId !== 'string' ||
		!WEBHOOK_ID.test(row.webhookId)
	)
		return undefined;
	const failingSince = Number(row.failingSince);
	return {
		registeredAt: Number(row.registeredAt),
		trigger: row.trigger,
		webhookId: row.webhookId,
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
 * Hand-offs to a trigger that fail this long, with n8n saying its webhook is not there, drop
 * its entry; one that n8n still serves is dropped only after STALE_SERVED_MS.
 */
export const STALE_AFTER_MS = 60_000;
export const STALE_SERVED_MS = 30 * 60_000;

/**
 * A hand-off to the trigger failed in a way that says it may be gone. The first failure is
 * noted; once they have gone on for STALE_AFTER_MS the entry is `due` to be dropped (the caller
 * looks whether n8n still serves it).
 */
export async function noteGone(
	store: DataTables,
	receiver: RegisteredTrigger,
	now = Date.now(),
): Promise<{ due: false } | { due: true; failingMs: number }> {
	const rows = await store.rows(REGISTRY_TABLE, all(eq('trigger', receiver.trigger)));
	const since = rows
		.map((row) => Number(row.failingSince))
		.filter((at) => Number.isFinite(at) && at > 0);
	if (since.length === 0) {
		await store.update(
			REGISTRY_TABLE,
			all(eq('trigger', receiver.trigger), eq('failingSince', null)),
			{ failingSince: now },
		);
		forgetRegistry();
		return { due: false };
	}
	const failingMs = now - Math.min(...since);
	return failingMs < STALE_AFTER_MS ? { due: false } : { due: true, failingMs };
}

/** Drops the entry read as `receiver`; true if this caller dropped it (another may have first). */
export async function drop(store: DataTables, receiver: RegisteredTrigger): Promise<boolean> {
	// By its row: a registration made meanwhile (published again) stays.
	const removed = await store.remove(
		REGISTRY_TABLE,
		all(eq('trigger', receiver.trigger), eq('registeredAt', receiver.registeredAt)),
		true,
	);
	forgetRegistry();
	return removed.length > 0;
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

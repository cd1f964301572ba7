import { createHash } from 'crypto';
import type { IWebhookFunctions } from 'n8n-workflow';
import { chatOf, collectBursts, hasRoomForBursts } from '../delivery/bursts';
import { handOverOf, handOversPending, type HandOver } from '../delivery/burstHandOver';
import { eventIdentity, withoutRedeliveries } from '../delivery/redeliveries';
import type { TriggerEvent } from '../events';
import { OpenQuestions } from '../waiting/openQuestions';
import { arriving, closeLater } from './burstCloser';
import { holdInTable, waitingKey } from './burstTable';
import { DataTables } from '../../common/store/dataTables';
import type { DeliveryAuth } from '../verify';
import { claimKeys, claimReportMinute } from './eventClaims';
import { QuestionTable, type QuestionStore } from './questionTable';
import { ProcessHandovers, type HandoverStore } from '../../common/store/chatHandovers';
import { HandoverTable } from '../../common/store/handoverTable';

/**
 * Everything the trigger keeps between deliveries goes through this one interface: events taken
 * (Skip Redeliveries), open bursts (Collect Bursts), open free-text questions (Send and Wait),
 * who handles each chat (a person or the workflow) and the Report Refusals minute. Two places keep it (the trigger's State field):
 *
 * - this n8n process (memory, with static data for what n8n saves): what a restart or a second
 *   webhook process does to it is in the user's guide, "Where the trigger keeps its state";
 * - n8n's database, through n8n's API (data tables): shared by every process and durable; each
 *   protocol is in its own file (eventClaims, burstTable with burstCloser, questionTable).
 */
export interface TriggerStore {
	readonly kind: 'process' | 'database';
	/**
	 * Skip Redeliveries: the events not taken before. `busy` when another delivery is taking one
	 * right now (answer 503, nothing kept). `settle` once n8n has answered the delivery.
	 */
	takeEvents(events: TriggerEvent[]): Promise<TakenEvents>;
	/** Whether bursts may be opened for these messages (a process holds a bounded number). */
	hasRoomForBursts(messages: TriggerEvent[]): boolean;
	/**
	 * Collect Bursts: holds the messages (durably, for the database, before the delivery is
	 * answered). `alone` cannot be grouped and go on now; `opened` are the bursts this process
	 * holds in memory and must start itself when they close (the process store).
	 */
	holdInBursts(messages: TriggerEvent[], quietMs: number, arrived: Arrived): Promise<HeldMessages>;
	/**
	 * Notes that a delivery with these events is being taken by this process; the returned function
	 * says it is done. A burst is not closed while a message of its chat is still being kept here.
	 */
	noteArriving(events: TriggerEvent[]): () => void;
	readonly questions: QuestionStore;
	/** Who handles each chat: the workflow, or a person (chatHandovers.ts). */
	readonly handovers: HandoverStore;
	/** Report Refusals: whether this caller sends this minute's report. */
	mayReportRefusal(everyMs: number): Promise<boolean>;
	/**
	 * A burst handed over: its messages not yet run in a burst (`fresh`), or `busy` when another
	 * hand-over is starting one of them right now (answer 503). `settle` once n8n has answered.
	 */
	takeHandOver(messages: TriggerEvent[]): Promise<TakenEvents>;
	/**
	 * A delivery another trigger of the app passed on (sharing/): its events this trigger has not
	 * taken from an earlier pass of it, or `busy` (answer 503). `settle` once n8n has answered.
	 */
	takeShared(events: TriggerEvent[], raw: string): Promise<TakenEvents>;
}

/** A claim of the store, once taken: settled when n8n has answered, renewed until then. */
export interface HeldClaim {
	settle: (ran: boolean) => Promise<void>;
	renew: () => Promise<void>;
}

const NOTHING_HELD: HeldClaim = { settle: async () => {}, renew: async () => {} };

export interface TakenEvents extends HeldClaim {
	fresh: TriggerEvent[];
	busy: boolean;
}

/** When a delivery reached the trigger: its order among deliveries, and its time (ms). */
export interface Arrived {
	arrival: number;
	arrivedAt: number;
}

export interface HeldMessages {
	alone: TriggerEvent[];
	opened: Array<Promise<TriggerEvent[]>>;
}

/** State in this n8n process: memory, and the trigger's static data where n8n saves it. */
export class ProcessStore implements TriggerStore {
	readonly kind = 'process' as const;

	readonly questions: QuestionStore;

	readonly handovers: HandoverStore = new ProcessHandovers();

	constructor(
		private readonly context: IWebhookFunctions,
		private readonly trigger: string,
	) {
		const open = new OpenQuestions(context.getWorkflowStaticData('node'), trigger);
		this.questions = {
			open: async (...args) => open.open(...args),
			isOpen: async (...args) => open.isOpen(...args),
			take: async (...args) => open.take(...args),
			close: async (...args) => open.close(...args),
		};
	}

	async takeEvents(events: TriggerEvent[]): Promise<TakenEvents> {
		const taken = withoutRedeliveries(
			events,
			this.context.getWorkflowStaticData('node'),
			this.trigger,
		);
		return { ...taken, ...NOTHING_HELD };
	}

	hasRoomForBursts(messages: TriggerEvent[]): boolean {
		return hasRoomForBursts(this.trigger, messages, handOversPending());
	}

	async holdInBursts(
		messages: TriggerEvent[],
		quietMs: number,
		{ arrival }: Arrived,
	): Promise<HeldMessages> {
		const collected = collectBursts(this.trigger, messages, quietMs, arrival);
		return { alone: collected.alone.flat(), opened: collected.opened };
	}

	/** A burst held in memory takes its messages at once: nothing to note. */
	noteArriving(): () => void {
		return () => {};
	}

	async mayReportRefusal(): Promise<boolean> {
		return true;
	}

	/** A burst held in memory is handed over by the process that holds it: nothing to look up. */
	async takeHandOver(messages: TriggerEvent[]): Promise<TakenEvents> {
		return { fresh: messages, busy: false, ...NOTHING_HELD };
	}

	/** Only triggers that keep their state in the database are passed deliveries: none to claim. */
	async takeShared(events: TriggerEvent[]): Promise<TakenEvents> {
		return { fresh: events, busy: false, ...NOTHING_HELD };
	}
}

/** State in n8n's database, through n8n's API. */
export class DatabaseStore implements TriggerStore {
	readonly kind = 'database' as const;

	readonly questions: QuestionStore;

	readonly handovers: HandoverStore;

	constructor(
		private readonly store: DataTables,
		private readonly trigger: string,
		private readonly handOver: HandOver | undefined,
	) {
		this.questions = new QuestionTable(store, trigger);
		this.handovers = new HandoverTable(store);
	}

	async takeEvents(events: TriggerEvent[]): Promise<TakenEvents> {
		return await this.claimEvents(events, 'event');
	}

	/**
	 * A message kept here runs in one burst, once: the hand-over claims each of its messages, as
	 * Skip Redeliveries claims an event. So a hand-over tried again (a try timed out while n8n was
	 * starting it; a burst taken over from a process that stopped) starts nothing twice, and a
	 * message kept twice (a process stopped after keeping it, before answering 200, and the
	 * platform delivered it again) runs in the first burst only.
	 */
	async takeHandOver(messages: TriggerEvent[]): Promise<TakenEvents> {
		return await this.claimEvents(messages, 'burst');
	}

	/**
	 * A shared event runs once however often the sender passes it on (a platform redelivery). An
	 * event with no identity of its own is named by the delivery's text and its place in it: the
	 * platform delivers the same text again.
	 */
	async takeShared(events: TriggerEvent[], raw: string): Promise<TakenEvents> {
		const delivery = createHash('sha256').update(raw).digest('base64url');
		return await this.claimEvents(events, 'share', (index) => `delivery:${delivery}:${index}`);
	}

	/** n8n's data tables, where this store keeps everything (the app's registry too). */
	get tables(): DataTables {
		return this.store;
	}

	/** Claims the events' identities under `kind` (eventClaims.ts): those not taken before. */
	private async claimEvents(
		events: TriggerEvent[],
		kind: 'event' | 'burst' | 'share',
		unnamed?: (index: number) => string,
	): Promise<TakenEvents> {
		const keyed = events.map((event, index) => {
			const identity = eventIdentity(event) ?? unnamed?.(index);
			// Events keep their keys of before; a burst's messages have keys of their own.
			const prefix = kind === 'event' ? this.trigger : `${this.trigger}|${kind}`;
			return { event, key: identity === undefined ? undefined : `${prefix}|${identity}` };
		});
		const keys = keyed.flatMap(({ key }) => (key === undefined ? [] : [key]));
		if (keys.length === 0) return { fresh: events, busy: false, ...NOTHING_HELD };
		const claim = await claimKeys(this.store, keys);
		if (claim.busy) return { fresh: [], busy: true, ...NOTHING_HELD };
		// An event twice in one delivery is taken once.
		const seen = new Set<string>();
		const fresh = keyed.flatMap(({ event, key }) => {
			if (key === undefined) return [event];
			if (claim.run.has(key) || seen.has(key)) return [];
			seen.add(key);
			return [event];
		});
		return { fresh, busy: false, settle: claim.settle, renew: claim.renew };
	}

	/** The database's limit is n8n's: storage full is answered 503 by the insert. */
	hasRoomForBursts(): boolean {
		return true;
	}

	async holdInBursts(
		messages: TriggerEvent[],
		quietMs: number,
		{ arrival, arrivedAt }: Arrived,
	): Promise<HeldMessages> {
		const alone: TriggerEvent[] = [];
		const held: Array<{ chat: string; event: TriggerEvent; arrival: number }> = [];
		for (const event of messages) {
			const chat = chatOf(event);
			if (chat === undefined) alone.push(event);
			else held.push({ chat, event, arrival });
		}
		if (held.length > 0) {
			await holdInTable(this.store, this.trigger, held, arrivedAt);
			closeLater(
				this.trigger,
				{ store: this.store, handOver: this.handOver, quietMs },
				held.map(({ chat }) => waitingKey(this.trigger, chat)),
				arrivedAt,
			);
		}
		return { alone, opened: [] };
	}

	noteArriving(events: TriggerEvent[]): () => void {
		const keys = events.flatMap((event) => {
			const chat = event.eventType === 'incomingMessage' ? chatOf(event) : undefined;
			return chat === undefined ? [] : [waitingKey(this.trigger, chat)];
		});
		return arriving(keys);
	}

	async mayReportRefusal(everyMs: number): Promise<boolean> {
		return await claimReportMinute(this.store, this.trigger, everyMs);
	}

	/** Makes sure this process's loop closes the trigger's bursts (a wake-up, burstCloser.ts). */
	keepClosingBursts(quietMs: number): void {
		closeLater(this.trigger, { store: this.store, handOver: this.handOver, quietMs });
	}
}

/** The trigger's State field: where it keeps what outlives a delivery. */
export const STATE_PARAMETER = 'keepStateIn';

/**
 * The store of this trigger. The editor's test always keeps its state in the process: it is one
 * call, and nothing of production's may be touched by it.
 */
export async function triggerStoreOf(
	context: IWebhookFunctions,
	trigger: string,
	auth?: DeliveryAuth,
): Promise<TriggerStore> {
	if (
		context.getMode() === 'manual' ||
		context.getNodeParameter(STATE_PARAMETER, 'process') !== 'database'
	)
		return new ProcessStore(context, trigger);
	return new DatabaseStore(
		await DataTables.of(context),
		trigger,
		auth && handOverOf(context, auth),
	);
}

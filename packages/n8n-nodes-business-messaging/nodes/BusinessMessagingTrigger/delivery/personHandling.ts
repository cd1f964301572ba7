import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';
import { customerIdsOf } from '../events/customer';
import { chatKeyOf, type Handover, type HandoverStore } from '../../common/store/chatHandovers';

/**
 * A person in the chat. The workflow hands a chat over (Chat › Hand Over to a Person), or a person
 * answering from the WhatsApp Business app on the same number does, as an echo (Meta's
 * coexistence): with Pause the Workflow When a Person Answers, for that long, each new answer
 * renewing it. While a chat is handed over its customer's messages start nothing, or come marked
 * `handledByPerson: true` (Skip Chats a Person Is Handling): never lost, never held in a burst or
 * taken as an answer, since the workflow is not the one talking.
 */

/**
 * Every identity of the chat's customer a handover may be recorded under: Chat › Hand Over takes
 * the customer as the workflow names them, their parent user ID (`US.ENT.…`) too.
 */
function chatIdentitiesOf(event: TriggerEvent): string[] {
	const parent = typeof event.parentUserId === 'string' ? [event.parentUserId] : [];
	return [...customerIdsOf(event), ...parent];
}

export interface PersonHandling {
	/** How long a person's answer hands the chat over (ms); 0: answers are not looked at. */
	pauseMs: number;
	/** What a handled chat's messages do. */
	handled: 'skip' | 'mark';
}

export function personHandlingOf(options: IDataObject): PersonHandling {
	const minutes = Number(options.pauseWhenPersonAnswers ?? 0);
	const pauseMs = Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 0;
	// Always looked up: a chat handed over by the action node (Chat › Hand Over to a Person) must
	// quiet the trigger with no option set here.
	return { pauseMs, handled: options.skipHandledChats === 'mark' ? 'mark' : 'skip' };
}

/** The echoes of a person's answers: their chats are handed over for `pauseMs` from `now`. */
export async function notePersonAnswers(
	store: HandoverStore,
	events: TriggerEvent[],
	pauseMs: number,
	now: number,
): Promise<void> {
	const answers = events.filter((e) => e.eventType === 'messageEcho' && e.standby !== true);
	// At once: the database store's group commit makes them one insert.
	await Promise.all(
		answers.map(
			async (answer) =>
				await store.record(answer.phoneNumberId, chatIdentitiesOf(answer), {
					state: 'handedOver',
					by: 'person',
					at: now,
					until: now + pauseMs,
				}),
		),
	);
}

/**
 * The customers' messages split: those of chats the workflow handles (`free`), and those of chats
 * a person handles, marked with the handover (`handled`); `inOrder`, all of them as they came,
 * the handled ones marked.
 */
export async function splitHandled(
	store: HandoverStore,
	events: TriggerEvent[],
	now: number,
): Promise<{ free: TriggerEvent[]; handled: TriggerEvent[]; inOrder: TriggerEvent[] }> {
	const isMessage = (e: TriggerEvent) => e.eventType === 'incomingMessage';
	const messages = events.filter(isMessage);
	if (messages.length === 0) return { free: events, handled: [], inOrder: events };
	const inForce = await store.inForce(
		messages.map((m) => ({ phoneNumberId: m.phoneNumberId, customers: chatIdentitiesOf(m) })),
		now,
	);
	const handoverOf = (e: TriggerEvent) =>
		isMessage(e) ? inForce.get(chatKeyOf(e.phoneNumberId, chatIdentitiesOf(e)) ?? '') : undefined;
	const free: TriggerEvent[] = [];
	const handled: TriggerEvent[] = [];
	const inOrder: TriggerEvent[] = [];
	for (const event of events) {
		const handover = handoverOf(event);
		const seen = handover ? marked(event, handover) : event;
		(handover ? handled : free).push(seen);
		inOrder.push(seen);
	}
	return { free, handled, inOrder };
}

function marked(event: TriggerEvent, handover: Handover): TriggerEvent {
	return {
		...event,
		handledByPerson: true,
		handedOverAt: new Date(handover.at).toISOString(),
		handedOverBy: handover.by,
		...(handover.note !== undefined ? { note: handover.note } : {}),
		until: new Date(handover.until).toISOString(),
	};
}

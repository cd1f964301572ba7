import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';
import { customerIdsOf } from '../events/customer';
import { chatKeyOf, type Handover, type HandoverStore } from '../store/chatHandovers';

/**
 * A person in the chat (issue 50). A person answering from the WhatsApp Business app on the same
 * number comes as an echo (Meta's coexistence): with Pause the Workflow When a Person Answers, it
 * hands the chat over for that long, and each new answer renews it. While a chat is handed over
 * its customer's messages start nothing, or come marked `handledByPerson: true` (Skip Chats a
 * Person Is Handling): never lost, never held in a burst or taken as an answer, since the
 * workflow is not the one talking.
 */

export interface PersonHandling {
	/** How long a person's answer hands the chat over (ms); 0: answers are not looked at. */
	pauseMs: number;
	/** What a handled chat's messages do; undefined: chats are not looked up at all. */
	handled?: 'skip' | 'mark';
}

export function personHandlingOf(options: IDataObject): PersonHandling {
	const minutes = Number(options.pauseWhenPersonAnswers ?? 0);
	const pauseMs = Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 0;
	const chosen = options.skipHandledChats === 'mark' ? 'mark' : 'skip';
	const handled = options.skipHandledChats !== undefined || pauseMs > 0 ? chosen : undefined;
	return { pauseMs, handled };
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
				await store.record(answer.phoneNumberId, customerIdsOf(answer), {
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
 * a person handles, marked with the handover (`handled`).
 */
export async function splitHandled(
	store: HandoverStore,
	events: TriggerEvent[],
	now: number,
): Promise<{ free: TriggerEvent[]; handled: TriggerEvent[] }> {
	const isMessage = (e: TriggerEvent) => e.eventType === 'incomingMessage';
	const messages = events.filter(isMessage);
	if (messages.length === 0) return { free: events, handled: [] };
	const inForce = await store.inForce(
		messages.map((m) => ({ phoneNumberId: m.phoneNumberId, customers: customerIdsOf(m) })),
		now,
	);
	const handoverOf = (e: TriggerEvent) =>
		isMessage(e) ? inForce.get(chatKeyOf(e.phoneNumberId, customerIdsOf(e)) ?? '') : undefined;
	const free: TriggerEvent[] = [];
	const handled: TriggerEvent[] = [];
	for (const event of events) {
		const handover = handoverOf(event);
		if (handover) handled.push(marked(event, handover));
		else free.push(event);
	}
	return { free, handled };
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

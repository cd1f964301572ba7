import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { statusChosen, type TriggerEvent } from '../events';
import { ofChosenKind } from '../events/messageKinds';
import { numberChoice } from '../numbers';
import { personHandlingOf } from '../delivery/personHandling';

/**
 * What a trigger takes of a delivery: its Events, Message Statuses, Message Types and numbers.
 * The trigger filters its own deliveries with it, and writes it in the app's registry
 * (appRegistry.ts) so that the trigger that receives a delivery knows what to pass on to it.
 */
export interface TriggerTakes {
	events: string[];
	statuses: string[];
	/** Empty: every message. */
	messageTypes: string[];
	/** Message kinds taken by none of the above. */
	leftOutTypes: string[];
	/** Phone number IDs; empty: every number. */
	numbers: string[];
	/** Numbers › Chosen Numbers, Sent Here: the platform sends these numbers' events here only. */
	sendHere: boolean;
	/** Pause the Workflow When a Person Answers: it reads the echoes of a person's answers. */
	pausesForPerson: boolean;
}

export function takesOf(context: IHookFunctions | IWebhookFunctions): TriggerTakes {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const numbers = numberChoice(context);
	return {
		events: context.getNodeParameter('events', []) as string[],
		statuses: context.getNodeParameter('statuses', []) as string[],
		messageTypes: (options.messageTypes as string[] | undefined) ?? [],
		leftOutTypes: (options.leaveOutMessageTypes as string[] | undefined) ?? [],
		numbers: [...numbers.numbers],
		sendHere: numbers.sendHere,
		pausesForPerson: personHandlingOf(options).pauseMs > 0,
	};
}

/** The events `takes` takes, in their order. */
export function takenBy(takes: TriggerTakes, events: TriggerEvent[]): TriggerEvent[] {
	const wanted = new Set(takes.events);
	const statuses = new Set(takes.statuses);
	const messageKinds = new Set(takes.messageTypes);
	const leftOut = new Set(takes.leftOutTypes);
	const numbers = new Set(takes.numbers);
	return events.filter(
		(e) =>
			wanted.has(e.eventType) &&
			ofChosenKind(e, messageKinds, leftOut) &&
			(e.eventType !== 'messageStatus' || statusChosen(statuses, e.status)) &&
			// Events of the account (templates, account updates) name no number: for every number.
			(numbers.size === 0 || typeof e.phoneNumberId !== 'string' || numbers.has(e.phoneNumberId)),
	);
}

/** `takes` as written in the registry, or undefined when a row holds something else. */
export function takesFromText(text: unknown): TriggerTakes | undefined {
	try {
		const parsed = JSON.parse(String(text)) as IDataObject;
		const list = (value: unknown) =>
			Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
		const events = list(parsed.events);
		const statuses = list(parsed.statuses);
		const messageTypes = list(parsed.messageTypes);
		const numbers = list(parsed.numbers);
		const leftOutTypes = list(parsed.leftOutTypes ?? []);
		if (!events || !statuses || !messageTypes || !leftOutTypes || !numbers) return undefined;
		return {
			events,
			statuses,
			messageTypes,
			leftOutTypes,
			numbers,
			sendHere: parsed.sendHere === true,
			pausesForPerson: parsed.pausesForPerson === true,
		};
	} catch {
		return undefined;
	}
}

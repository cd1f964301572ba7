import type { INodePropertyOptions } from 'n8n-workflow';
import { isObject, type TriggerEvent } from './common';
import { MEDIA_TYPES } from './messages';

/**
 * The kinds of a customer's message, as the trigger's Message Types option offers them: what a
 * workflow is for ("orders here, the rest there"), not the platform's `type` field, which names a
 * button reply and a Flow's answer alike (`interactive`) and a template's quick reply otherwise
 * (`button`).
 */

export const MESSAGE_KINDS: INodePropertyOptions[] = [
	{
		name: 'Button or List Reply',
		value: 'reply',
		description: 'A tap on a reply button, a list row or a template’s quick-reply button',
	},
	{ name: 'Contacts', value: 'contacts', description: 'Contact cards' },
	{
		name: 'Edit or Deletion',
		value: 'edit',
		description: 'The customer edited or deleted a message',
	},
	{
		name: 'Flow Answer',
		value: 'flowAnswer',
		description: 'What the customer sent from a WhatsApp Flow or an address form',
	},
	{ name: 'Location', value: 'location', description: 'A place on a map' },
	{
		name: 'Media',
		value: 'media',
		description: 'An image, video, audio file or voice note, document or sticker',
	},
	{ name: 'Order', value: 'order', description: 'A cart sent from the catalog' },
	{
		name: 'Other',
		value: 'other',
		description:
			'Anything else: a change of number, a call permission answer, a type the trigger does not know',
	},
	{ name: 'Reaction', value: 'reaction', description: 'An emoji put on a message, or taken off' },
	{ name: 'Text', value: 'text', description: 'A text message' },
];

/** The kind of a message event (an incoming message, or its standby copy). */
export function messageKindOf(event: TriggerEvent): string {
	const type = String(event.messageType ?? '');
	if (MEDIA_TYPES.includes(type)) return 'media';
	switch (type) {
		case 'text':
		case 'location':
		case 'contacts':
		case 'order':
		case 'reaction':
			return type;
		case 'button':
			return 'reply';
		case 'interactive':
			if (isObject(event.flow)) return 'flowAnswer';
			return isObject(event.reply) ? 'reply' : 'other';
		case 'edit':
		case 'revoke':
			return 'edit';
		default:
			return 'other';
	}
}

/**
 * Whether an event is one the trigger's Message Types take: every event that is no incoming
 * message, and every message when none is chosen, but the kinds it leaves out.
 */
export function ofChosenKind(
	event: TriggerEvent,
	kinds: Set<string>,
	leftOut: Set<string> = new Set(),
): boolean {
	if (event.eventType !== 'incomingMessage') return true;
	const kind = messageKindOf(event);
	return (kinds.size === 0 || kinds.has(kind)) && !leftOut.has(kind);
}

import type { IDataObject } from 'n8n-workflow';
import type { MediaKind } from '../rules/messageLimits';
import type { MediaReference } from './mediaSource';

/**
 * The content of each kind of message a business sends in a chat, in the Cloud API's shapes:
 * `{ type: kind, [kind]: … }`, which `chatMessageBody` puts in a send's body. Each kind has one
 * builder here (templates: template.ts), used by every operation that sends it; the values come
 * read and checked by the operation or by the field readers of this folder.
 */

declare const built: unique symbol;
/** A message's content made by a builder of common/messages: the only kind a send takes. */
export type MessageContent = IDataObject & { type: string; readonly [built]: 'content' };

/** The Cloud API's typed object: the kind, and the object of that kind under its name. */
export function typedContent(type: string, value: IDataObject | IDataObject[]): MessageContent {
	return { type, [type]: value } as MessageContent;
}

/** A text message; Send Text always says whether links get a preview, a question does not. */
export function textContent(text: { body: string; previewUrl?: boolean }): MessageContent {
	return typedContent('text', {
		body: text.body,
		...(text.previewUrl === undefined ? {} : { preview_url: text.previewUrl }),
	});
}

/** An image, video, audio file (`voice`: a voice note), document or sticker, by link or media ID. */
export function mediaContent(
	kind: MediaKind,
	media: MediaReference,
	extra: { caption?: string; fileName?: string; voice?: boolean } = {},
): MessageContent {
	return typedContent(kind, {
		...media,
		...(extra.caption?.trim() ? { caption: extra.caption } : {}),
		...(extra.fileName ? { filename: extra.fileName } : {}),
		...(extra.voice ? { voice: true } : {}),
	});
}

/** A place on a map. */
export function locationContent(place: {
	latitude: number;
	longitude: number;
	name?: string;
	address?: string;
}): MessageContent {
	return typedContent('location', {
		latitude: place.latitude,
		longitude: place.longitude,
		...(place.name ? { name: place.name } : {}),
		...(place.address ? { address: place.address } : {}),
	});
}

/** One contact card, as Send Contacts reads it: the name is given, the rest may be empty. */
export interface ContactCard {
	name: string;
	phone: string;
	phoneType: string;
	waId: string;
	email: string;
	company: string;
	url: string;
	birthday: string;
}

/** One or more contact cards; empty fields are left out. */
export function contactsContent(cards: ContactCard[]): MessageContent {
	return typedContent('contacts', cards.map(contactCard));
}

function contactCard(card: ContactCard): IDataObject {
	const [first, ...rest] = card.name.split(/\s+/);
	const { phone, waId, email, company, url, birthday } = card;
	return {
		// The Cloud API wants formatted_name and one more part of the name.
		name: {
			formatted_name: card.name,
			first_name: first,
			...(rest.length ? { last_name: rest.join(' ') } : {}),
		},
		...(phone || waId
			? {
					phones: [
						{
							...(phone ? { phone } : {}),
							type: card.phoneType || 'CELL',
							...(waId ? { wa_id: waId } : {}),
						},
					],
				}
			: {}),
		...(email ? { emails: [{ email, type: 'WORK' }] } : {}),
		...(company ? { org: { company } } : {}),
		...(url ? { urls: [{ url, type: 'WORK' }] } : {}),
		...(birthday ? { birthday } : {}),
	};
}

/** An emoji on a message of the chat; the platform takes an empty emoji as its removal. */
export function reactionContent(reaction: { messageId: string; emoji: string }): MessageContent {
	return typedContent('reaction', { message_id: reaction.messageId, emoji: reaction.emoji });
}

/** The header of an interactive message: a short text, or a file shown above the text. */
export type InteractiveHeader =
	| { type: 'text'; text: string }
	| { type: 'image' | 'video' | 'document'; media: MediaReference };

/** Header, body and footer of an interactive message, read and checked (interactiveFrame). */
export interface InteractiveFrame {
	header?: InteractiveHeader;
	body: string;
	/** Left out when empty. */
	footer?: string;
}

/** A reply button, or a list row: what the customer taps and the ID the tap hands back. */
export interface Choice {
	id: string;
	title: string;
	/** A list row's second line. */
	description?: string;
}

/** The button that opens a list and its rows, by section (an untitled one when there is one). */
export interface ListMenu {
	button: string;
	sections: Array<{ title?: string; rows: Choice[] }>;
}

/** Up to 3 reply buttons (the Cloud API's interactive `button`). */
export function replyButtonsContent(frame: InteractiveFrame, buttons: Choice[]): MessageContent {
	return interactiveContent('button', frame, {
		buttons: buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })),
	});
}

/** A list of up to 10 rows behind a button (the Cloud API's interactive `list`). */
export function listContent(frame: InteractiveFrame, menu: ListMenu): MessageContent {
	return interactiveContent('list', frame, {
		button: menu.button,
		sections: menu.sections.map(({ title, rows }) => ({
			...(title ? { title } : {}),
			rows: rows.map(({ id, title: rowTitle, description }) => ({
				id,
				title: rowTitle,
				...(description ? { description } : {}),
			})),
		})),
	});
}

/** One button that opens a web page (the Cloud API's interactive `cta_url`). */
export function linkButtonContent(
	frame: InteractiveFrame,
	link: { text: string; url: string },
): MessageContent {
	return interactiveContent('cta_url', frame, {
		name: 'cta_url',
		parameters: { display_text: link.text, url: link.url },
	});
}

/** An interactive message of `kind`: the frame, and the action of its kind (flow.ts builds one too). */
export function interactiveContent(
	kind: string,
	// The body is left out when empty: only a single product's message may have none.
	frame: Omit<InteractiveFrame, 'body'> & { body?: string },
	action: IDataObject,
): MessageContent {
	const { header } = frame;
	return typedContent('interactive', {
		type: kind,
		...(header
			? {
					header:
						header.type === 'text'
							? { type: 'text', text: header.text }
							: { type: header.type, [header.type]: header.media },
				}
			: {}),
		...(frame.body ? { body: { text: frame.body } } : {}),
		...(frame.footer ? { footer: { text: frame.footer } } : {}),
		action,
	});
}

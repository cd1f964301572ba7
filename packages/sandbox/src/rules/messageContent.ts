import { ErrorCode, invalid, refused } from '../errors';
import type { Flow, Media } from '../model';
import { onlyKeys, requireObject, requireString, type Json } from '../validate';
import { bad, list, object, optionalText, text } from './fieldChecks';
import { flowAction } from './flowMessages';
import { INTERACTIVE_LIMITS as L } from './interactiveLimits';
import { checkVoiceNote } from './voiceNote';
import { bareMimeType, fitsKind, MEDIA_KIND_RULES, type MediaKind } from './mediaKinds';
import {
	isProductInteractive,
	PRODUCT_INTERACTIVE_TYPES,
	productInteractive,
	type CatalogContext,
} from './productMessages';

/**
 * The content of every Cloud API message type besides template and text: media (image, video,
 * audio, document, sticker), interactive (button, list, cta_url), location, contacts and
 * reaction. Each check names the field path and the limit:
 * - a field the type does not have: code 100 (as every unknown field of the API);
 * - a value that is missing or breaks a limit (length, count, range, uniqueness, URL): code
 *   131009, "Parameter value is not valid", `interactive.action.buttons[1].reply.title: at most
 *   20 characters (got 21)`;
 * - a media ID whose file is not of the message's kind: 131053 (deleted media: 131053 too).
 */

export const CONTENT_TYPES = [
	'image',
	'video',
	'audio',
	'document',
	'sticker',
	'interactive',
	'location',
	'contacts',
	'reaction',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const INTERACTIVE_TYPES = [
	'button',
	'list',
	'cta_url',
	'flow',
	...PRODUCT_INTERACTIVE_TYPES,
] as const;

/** What the checks need to know of the sandbox's state. */
export interface ContentContext {
	/** The media of an ID this key may use (throws 404, or 131053 once deleted). */
	media(id: string): Media;
	/** Whether this message was sent to, or received from, the recipient on this number. */
	exchanged(messageId: string): boolean;
	/** The flows of the sending number's business account (a flow message names one). */
	flows(): readonly Flow[];
	/** The key's catalogs, for the product messages (productMessages.ts). */
	catalogs: CatalogContext;
}

/** A text message's `text`: `{body, preview_url?}`, the body within MAX_TEXT_BODY; a copy. */
export function textContent(value: unknown): Json {
	const text = requireObject(value, 'text');
	onlyKeys(text, ['body', 'preview_url'], 'text');
	requireString(text, 'body', 'text.body', MAX_TEXT_BODY);
	if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
		throw invalid('text.preview_url', 'must be true or false');
	return structuredClone(text);
}

/** Checks the object of a message of `type`; answers it as it is stored (a copy of it). */
export function validateContent(
	type: ContentType,
	value: unknown,
	context: ContentContext,
): Json | Json[] {
	switch (type) {
		case 'image':
		case 'video':
		case 'audio':
		case 'document':
		case 'sticker':
			mediaObject(type, value, type, context, MEDIA_EXTRAS[type]);
			break;
		case 'interactive':
			interactive(value, context);
			break;
		case 'location':
			location(value);
			break;
		case 'contacts':
			contacts(value);
			break;
		case 'reaction':
			reaction(value, context);
			break;
	}
	return structuredClone(value) as Json | Json[];
}

/** Caption, filename and voice: which media messages have them. */
const MEDIA_EXTRAS: Record<MediaKind, readonly string[]> = {
	image: ['caption'],
	video: ['caption'],
	document: ['caption', 'filename'],
	audio: ['voice'],
	sticker: [],
};

const MAX_CAPTION = 1024;
/** A text message's body (the Cloud API's limit); an echo of the Business app is one too. */
export const MAX_TEXT_BODY = 4096;

// ---- small checks ----

function httpUrl(obj: Json, key: string, path: string): string {
	const value = text(obj, key, path);
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
		throw bad(path, `must be an http or https URL (got ${JSON.stringify(value)})`);
	return value;
}

/** `values` are unique; else the second of two equal ones is named. */
function unique(values: { value: string; path: string }[], what: string): void {
	const seen = new Map<string, string>();
	for (const { value, path } of values) {
		const first = seen.get(value);
		if (first !== undefined)
			throw bad(path, `${what} must be unique (${JSON.stringify(value)} is also ${first})`);
		seen.set(value, path);
	}
}

// ---- media ----

/** `{id}` (a media ID of that kind) or `{link}` (http/https), exactly one; and the extras. */
function mediaObject(
	kind: MediaKind,
	value: unknown,
	path: string,
	context: ContentContext,
	extras: readonly string[],
): void {
	const media = object(value, path);
	onlyKeys(media, ['id', 'link', ...extras], path);
	if (media.id !== undefined && media.link !== undefined)
		throw bad(path, 'give either id (a media ID) or link, not both');
	if (media.id === undefined && media.link === undefined)
		throw bad(path, 'needs id (a media ID) or link (an http or https URL)');
	if (media.id !== undefined) {
		const id = text(media, 'id', `${path}.id`);
		const stored = context.media(id);
		if (!fitsKind(stored.mimeType, kind))
			throw refused(
				ErrorCode.mediaUpload,
				`Media upload error: media ${id} is ${bareMimeType(stored.mimeType)}, which is not ${kind === 'image' ? 'an' : 'a'} ${kind} (${kind}: ${MEDIA_KIND_RULES[kind].types.join(', ')})`,
				`${path}.id`,
			);
	} else httpUrl(media, 'link', `${path}.link`);
	if (extras.includes('caption')) optionalText(media, 'caption', `${path}.caption`, MAX_CAPTION);
	if (extras.includes('filename')) optionalText(media, 'filename', `${path}.filename`, 240);
	if (media.voice !== undefined && typeof media.voice !== 'boolean')
		throw bad(`${path}.voice`, 'must be true or false');
	if (media.voice === true && media.id !== undefined)
		checkVoiceNote(context.media(String(media.id)), `${path}.id`);
}

// ---- interactive ----

function interactive(value: unknown, context: ContentContext): void {
	const path = 'interactive';
	const message = object(value, path);
	onlyKeys(message, ['type', 'header', 'body', 'footer', 'action'], path);
	const type = message.type;
	if (typeof type !== 'string' || !(INTERACTIVE_TYPES as readonly string[]).includes(type))
		throw bad(
			`${path}.type`,
			`must be one of ${INTERACTIVE_TYPES.join(', ')}${type === undefined ? '' : ` (got ${JSON.stringify(type)})`}`,
		);
	if (isProductInteractive(type)) return productInteractive(message, type, context.catalogs);
	const body = object(message.body, `${path}.body`);
	onlyKeys(body, ['text'], `${path}.body`);
	text(body, 'text', `${path}.body.text`, type === 'list' ? L.listBody : L.body);
	if (message.footer !== undefined) {
		const footer = object(message.footer, `${path}.footer`);
		onlyKeys(footer, ['text'], `${path}.footer`);
		text(footer, 'text', `${path}.footer.text`, L.footer);
	}
	// A list and a flow message have a text header only (the Cloud API's pages show no other).
	const textHeader = type === 'list' || type === 'flow';
	if (message.header !== undefined) header(message.header, textHeader, context);
	const action = object(message.action, `${path}.action`);
	if (type === 'button') buttons(action);
	else if (type === 'list') sections(action);
	else if (type === 'flow') flowAction(action, context.flows());
	else ctaUrl(action);
}

function header(value: unknown, textOnly: boolean, context: ContentContext): void {
	const path = 'interactive.header';
	const head = object(value, path);
	const kinds = textOnly ? ['text'] : ['text', 'image', 'video', 'document'];
	const type = head.type;
	if (typeof type !== 'string' || !kinds.includes(type))
		throw bad(
			`${path}.type`,
			`must be ${kinds.join(', ')}${textOnly ? ' (a list or flow message has a text header only)' : ''}${type === undefined ? '' : ` (got ${JSON.stringify(type)})`}`,
		);
	onlyKeys(head, ['type', type], path);
	if (type === 'text') text(head, 'text', `${path}.text`, L.header);
	else
		mediaObject(
			type as MediaKind,
			head[type],
			`${path}.${type}`,
			context,
			type === 'document' ? ['filename'] : [],
		);
}

function buttons(action: Json): void {
	const path = 'interactive.action';
	onlyKeys(action, ['buttons'], path);
	const items = list(action.buttons, `${path}.buttons`, 1, 3, 'buttons');
	const ids: { value: string; path: string }[] = [];
	const titles: { value: string; path: string }[] = [];
	items.forEach((item, i) => {
		const at = `${path}.buttons[${i}]`;
		const button = object(item, at);
		onlyKeys(button, ['type', 'reply'], at);
		if (button.type !== 'reply')
			throw bad(`${at}.type`, `must be "reply" (got ${JSON.stringify(button.type)})`);
		const reply = object(button.reply, `${at}.reply`);
		onlyKeys(reply, ['id', 'title'], `${at}.reply`);
		ids.push({ value: text(reply, 'id', `${at}.reply.id`, L.buttonId), path: `${at}.reply.id` });
		titles.push({
			value: text(reply, 'title', `${at}.reply.title`, L.buttonTitle),
			path: `${at}.reply.title`,
		});
	});
	unique(ids, 'button ids');
	unique(titles, 'button titles');
}

function sections(action: Json): void {
	const path = 'interactive.action';
	onlyKeys(action, ['button', 'sections'], path);
	text(action, 'button', `${path}.button`, L.listButton);
	const items = list(action.sections, `${path}.sections`, 1, L.sections, 'sections');
	const ids: { value: string; path: string }[] = [];
	let rows = 0;
	items.forEach((item, i) => {
		const at = `${path}.sections[${i}]`;
		const section = object(item, at);
		onlyKeys(section, ['title', 'rows'], at);
		if (items.length > 1 || section.title !== undefined) {
			if (section.title === undefined)
				throw bad(`${at}.title`, 'is required when the list has more than one section');
			text(section, 'title', `${at}.title`, L.sectionTitle);
		}
		const sectionRows = list(section.rows, `${at}.rows`, 1, L.rows, 'rows');
		sectionRows.forEach((rowItem, j) => {
			const rowPath = `${at}.rows[${j}]`;
			rows += 1;
			if (rows > L.rows)
				throw bad(rowPath, `at most ${L.rows} rows in all sections together (this is row ${rows})`);
			const row = object(rowItem, rowPath);
			onlyKeys(row, ['id', 'title', 'description'], rowPath);
			ids.push({ value: text(row, 'id', `${rowPath}.id`, L.rowId), path: `${rowPath}.id` });
			text(row, 'title', `${rowPath}.title`, L.rowTitle);
			optionalText(row, 'description', `${rowPath}.description`, L.rowDescription);
		});
	});
	unique(ids, 'row ids');
}

function ctaUrl(action: Json): void {
	const path = 'interactive.action';
	onlyKeys(action, ['name', 'parameters'], path);
	if (action.name !== 'cta_url')
		throw bad(`${path}.name`, `must be "cta_url" (got ${JSON.stringify(action.name)})`);
	const parameters = object(action.parameters, `${path}.parameters`);
	onlyKeys(parameters, ['display_text', 'url'], `${path}.parameters`);
	text(parameters, 'display_text', `${path}.parameters.display_text`, L.linkButtonText);
	httpUrl(parameters, 'url', `${path}.parameters.url`);
}

// ---- location, contacts, reaction ----

function coordinate(obj: Json, key: string, limit: number): void {
	const value = obj[key];
	const path = `location.${key}`;
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw bad(path, `is required and must be a number from -${limit} to ${limit}`);
	if (value < -limit || value > limit)
		throw bad(path, `must be from -${limit} to ${limit} (got ${value})`);
}

function location(value: unknown): void {
	const place = object(value, 'location');
	onlyKeys(place, ['latitude', 'longitude', 'name', 'address'], 'location');
	coordinate(place, 'latitude', 90);
	coordinate(place, 'longitude', 180);
	optionalText(place, 'name', 'location.name', 1000);
	optionalText(place, 'address', 'location.address', 1000);
}

/** Optional arrays of objects whose fields are all strings (phones, emails, urls, addresses). */
function entries(contact: Json, key: string, at: string, fields: readonly string[]): void {
	if (contact[key] === undefined) return;
	const path = `${at}.${key}`;
	if (!Array.isArray(contact[key])) throw bad(path, 'must be an array of objects');
	(contact[key] as unknown[]).forEach((item, i) => strings(item, `${path}[${i}]`, fields));
}

function strings(value: unknown, path: string, fields: readonly string[]): void {
	const entry = object(value, path);
	onlyKeys(entry, fields, path);
	for (const field of fields) optionalText(entry, field, `${path}.${field}`);
}

function contacts(value: unknown): void {
	const items = list(value, 'contacts', 1, Infinity, 'contacts');
	items.forEach((item, i) => {
		const at = `contacts[${i}]`;
		const contact = object(item, at);
		onlyKeys(contact, ['name', 'phones', 'emails', 'org', 'urls', 'addresses', 'birthday'], at);
		const name = object(contact.name, `${at}.name`);
		onlyKeys(
			name,
			['formatted_name', 'first_name', 'last_name', 'middle_name', 'suffix', 'prefix'],
			`${at}.name`,
		);
		text(name, 'formatted_name', `${at}.name.formatted_name`);
		for (const key of ['first_name', 'last_name', 'middle_name', 'suffix', 'prefix'])
			optionalText(name, key, `${at}.name.${key}`);
		entries(contact, 'phones', at, ['phone', 'type', 'wa_id']);
		entries(contact, 'emails', at, ['email', 'type']);
		entries(contact, 'urls', at, ['url', 'type']);
		entries(contact, 'addresses', at, [
			'street',
			'city',
			'state',
			'zip',
			'country',
			'country_code',
			'type',
		]);
		if (contact.org !== undefined)
			strings(contact.org, `${at}.org`, ['company', 'department', 'title']);
		if (contact.birthday !== undefined) {
			const birthday = text(contact, 'birthday', `${at}.birthday`);
			const date = new Date(`${birthday}T00:00:00Z`);
			if (
				!/^\d{4}-\d{2}-\d{2}$/.test(birthday) ||
				Number.isNaN(date.getTime()) ||
				date.toISOString().slice(0, 10) !== birthday
			)
				throw bad(`${at}.birthday`, `must be a date YYYY-MM-DD (got ${JSON.stringify(birthday)})`);
		}
	});
}

const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)/u;

/** One emoji: one grapheme (skin tones, ZWJ sequences and flags included) that is pictographic. */
export function isSingleEmoji(value: string): boolean {
	const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
	return graphemes.length === 1 && EMOJI.test(value);
}

function reaction(value: unknown, context: ContentContext): void {
	const react = object(value, 'reaction');
	onlyKeys(react, ['message_id', 'emoji'], 'reaction');
	const messageId = text(react, 'message_id', 'reaction.message_id');
	if (typeof react.emoji !== 'string')
		throw bad('reaction.emoji', 'is required: one emoji, or "" to remove the reaction');
	if (react.emoji !== '' && !isSingleEmoji(react.emoji))
		throw bad(
			'reaction.emoji',
			`must be a single emoji, or "" to remove the reaction (got ${JSON.stringify(react.emoji)})`,
		);
	if (!context.exchanged(messageId))
		throw bad(
			'reaction.message_id',
			`is not a message sent to or received from this recipient on this number (got ${JSON.stringify(messageId)})`,
		);
}

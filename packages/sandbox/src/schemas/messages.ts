import { answers, closed, idParams, str, success, type Schema } from './common';

const template: Schema = closed(
	{
		name: str,
		language: closed({ code: str }, ['code']),
		components: {
			description: 'Parameters for the template placeholders, Cloud API form',
			type: 'array',
			items: { type: 'object' },
		},
		namespace: str,
	},
	['name', 'language'],
);

const object: Schema = { type: 'object' };
const media = (extras: Record<string, Schema>): Schema =>
	closed({
		id: { type: 'string', description: 'A media ID (uploaded with POST /{phone_number_id}/media)' },
		link: { type: 'string', description: 'An http or https URL (one of id and link)' },
		...extras,
	});
const caption: Schema = { type: 'string', description: 'At most 1024 characters' };

const interactive: Schema = closed(
	{
		type: { type: 'string', enum: ['button', 'list', 'cta_url'] },
		header: {
			...object,
			description:
				'{type:"text", text ≤60}; button and cta_url also {type:"image"|"video"|"document", <type>:{id|link}}',
		},
		body: closed({ text: str }, ['text']),
		footer: closed({ text: str }, ['text']),
		action: {
			...object,
			description:
				'button: {buttons:[{type:"reply", reply:{id ≤256, title ≤20}}] (1..3)}; list: {button ≤20, sections:[{title ≤24, rows:[{id ≤200, title ≤24, description ≤72}]}] (1..10 sections, ≤10 rows)}; cta_url: {name:"cta_url", parameters:{display_text ≤20, url}}',
		},
	},
	['type', 'body', 'action'],
);

const message: Schema = closed(
	{
		messaging_product: { type: 'string', const: 'whatsapp' },
		recipient_type: { type: 'string', const: 'individual' },
		to: {
			type: 'string',
			pattern: '^\\d{7,15}$',
			description: 'The customer number: digits only, no "+" (to or recipient; to wins)',
		},
		recipient: {
			type: 'string',
			pattern: '^[A-Z]{2}\\.(ENT\\.)?[A-Za-z0-9]{1,128}$',
			description:
				"The customer's business-scoped user ID (US.134…) or parent user ID (US.ENT.118…), instead of to",
		},
		type: {
			type: 'string',
			enum: [
				'template',
				'text',
				'image',
				'video',
				'audio',
				'document',
				'sticker',
				'interactive',
				'location',
				'contacts',
				'reaction',
			],
		},
		template,
		text: closed(
			{
				body: { type: 'string', minLength: 1, maxLength: 4096 },
				preview_url: { type: 'boolean' },
			},
			['body'],
		),
		image: media({ caption }),
		video: media({ caption }),
		audio: media({}),
		document: media({ caption, filename: str }),
		sticker: media({}),
		interactive,
		location: closed(
			{
				latitude: { type: 'number', minimum: -90, maximum: 90 },
				longitude: { type: 'number', minimum: -180, maximum: 180 },
				name: str,
				address: str,
			},
			['latitude', 'longitude'],
		),
		contacts: {
			type: 'array',
			minItems: 1,
			items: {
				type: 'object',
				required: ['name'],
				properties: { name: { type: 'object', required: ['formatted_name'] } },
				description: 'Cloud API contact: name, phones, emails, org, urls, addresses, birthday',
			},
		},
		reaction: closed(
			{
				message_id: str,
				emoji: { type: 'string', description: 'One emoji; "" removes the reaction' },
			},
			['message_id', 'emoji'],
		),
		context: closed({ message_id: { type: 'string', pattern: '^wamid\\.' } }, ['message_id']),
		biz_opaque_callback_data: {
			type: 'string',
			maxLength: 512,
			description: 'Up to 512 characters; every receipt of the message carries it back',
		},
	},
	['messaging_product', 'type'],
);

const readReceipt: Schema = closed(
	{
		messaging_product: { type: 'string', const: 'whatsapp' },
		status: { type: 'string', const: 'read' },
		message_id: { type: 'string', description: 'A message received on this number' },
		typing_indicator: closed({ type: { type: 'string', const: 'text' } }, ['type']),
	},
	['messaging_product', 'status', 'message_id'],
);

export const sendMessageSchema = {
	summary:
		"Send a message (an APPROVED template; any other type within 24 hours of the customer's last message), or mark a received message read (4.2)",
	params: idParams('The phone number ID that sends'),
	body: { anyOf: [message, readReceipt] },
	response: answers({
		anyOf: [
			closed(
				{
					messaging_product: { type: 'string', const: 'whatsapp' },
					contacts: {
						type: 'array',
						description:
							'{input, wa_id} for a send to a number; {input, user_id} for a send to a user ID',
						items: closed({ input: str, wa_id: str, user_id: str }, ['input']),
					},
					messages: {
						type: 'array',
						items: closed({ id: str, message_status: { type: 'string', const: 'accepted' } }, [
							'id',
							'message_status',
						]),
					},
				},
				['messaging_product', 'contacts', 'messages'],
			),
			success,
		],
	}),
};

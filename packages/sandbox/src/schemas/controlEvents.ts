import { acknowledged, answers, closed, int, str, strings, type Schema } from './common';

/** Schemas of the control API's webhook, customers and media (routes/control/events.ts). */

const headers: Schema = { type: 'object', additionalProperties: { type: 'string' } };

export const webhookSchema = {
	summary: 'The registered webhook (the secret only as "(set)")',
	response: answers(
		closed(
			{
				target: {
					type: ['object', 'null'],
					properties: { url: str, headers, secret: { type: 'string', const: '(set)' } },
					additionalProperties: false,
				},
			},
			['target'],
		),
	),
};

export const registerWebhookSchema = {
	summary: 'Register the webhook; with verifyToken it must echo hub.challenge first',
	body: closed(
		{
			url: { type: 'string', pattern: '^https?://' },
			headers,
			secret: { type: 'string', minLength: 1 },
			verifyToken: { type: 'string', minLength: 1 },
		},
		['url'],
	),
	response: answers(acknowledged),
};

export const removeWebhookSchema = {
	summary: 'Unregister the webhook',
	response: answers(acknowledged),
};

export const deliveriesSchema = {
	summary: 'Every webhook delivery and how it went',
	response: answers(
		closed(
			{
				data: {
					type: 'array',
					items: closed(
						{
							id: str,
							payload: { description: 'The event, as delivered' },
							attempts: int,
							status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
							lastStatus: int,
							lastError: str,
							deliveredAt: int,
							wrong: {
								type: 'string',
								enum: ['signature', 'headers', 'body'],
								description: 'A deliberately wrong delivery: what it got wrong',
							},
							redeliveryOf: { ...str, description: 'The delivery this one delivers again' },
						},
						['id', 'payload', 'attempts', 'status'],
					),
				},
			},
			['data'],
		),
	),
};

export const deliverSchema = {
	summary:
		'Deliver an event (the body, or its payload) to the webhook, or a deliberately wrong delivery',
	body: {
		type: 'object',
		properties: {
			payload: { description: 'The event to deliver' },
			wrong: {
				type: 'string',
				enum: ['signature', 'headers', 'body'],
				description:
					'Get this wrong, to see the receiver refuse it: signed with another secret, the static headers (a token) with other values, or a body that is not the envelope. Not retried.',
			},
		},
	},
	response: answers(closed({ id: str })),
};

export const redeliverSchema = {
	summary: 'Deliver a delivery again, as the platform redelivers: same delivery ID, same body',
	body: { type: 'object', required: ['id'], properties: { id: str } },
	response: answers(closed({ id: str })),
};

export const flushSchema = {
	summary: 'Wait until no delivery is in flight',
	response: answers(acknowledged),
};

const stored: Schema = answers(
	closed({ id: str, size: int, sha256: str }, ['id', 'size', 'sha256']),
);

export const incomingSchema = {
	summary: "A customer's message arriving: opens the 24-hour window, the webhook is told",
	body: {
		type: 'object',
		required: ['phone_number_id', 'from'],
		properties: {
			phone_number_id: str,
			from: { type: 'string', pattern: '^\\d{7,15}$' },
			name: str,
			type: {
				type: 'string',
				enum: [
					'text',
					'image',
					'document',
					'audio',
					'video',
					'sticker',
					'location',
					'contacts',
					'interactive',
					'button',
					'reaction',
				],
			},
			text: str,
			caption: str,
			context: { type: 'object' },
			reply_to: {
				type: 'string',
				description:
					'interactive: the wamid of an interactive message sent to this customer; with button_id or row_id',
			},
			button_id: { type: 'string', description: 'interactive: the id of the reply button tapped' },
			row_id: { type: 'string', description: 'interactive: the id of the list row chosen' },
			media: closed({
				mime_type: str,
				file_name: str,
				size: { type: 'number' },
				seed: { type: 'number' },
				base64: str,
				text: str,
			}),
		},
		description: 'Other types carry their own object, named by the type, as the platform sends it',
	},
	response: answers(closed({ message_id: str, media_id: str, delivery_id: str }, ['message_id'])),
};

export const storeMediaSchema = {
	summary: 'Store a file (the raw body, its Content-Type) as media of a number',
	querystring: strings(
		{ phone_number_id: 'The number it belongs to', file_name: 'The file name' },
		['phone_number_id'],
	),
	response: stored,
};

export const syntheticMediaSchema = {
	summary: 'Store a generated file of any size (content from a seed)',
	body: closed(
		{
			phone_number_id: str,
			size: { type: 'integer', minimum: 0 },
			seed: int,
			mime_type: { type: 'string', minLength: 1 },
			file_name: str,
		},
		['phone_number_id', 'size'],
	),
	response: stored,
};

export const receivedSchema = {
	summary:
		"The customers' messages received (simulated), each with readAt and typingIndicator once a read receipt marked it",
	response: answers(
		closed(
			{
				data: {
					type: 'array',
					items: closed(
						{
							id: str,
							phoneNumberId: str,
							from: str,
							type: str,
							receivedAt: int,
							message: { type: 'object', description: 'The message as the webhook carried it' },
							readAt: int,
							typingIndicator: { type: 'boolean' },
						},
						['id', 'phoneNumberId', 'from', 'type', 'receivedAt', 'message'],
					),
				},
			},
			['data'],
		),
	),
};

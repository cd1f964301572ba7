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

const BSUID = '^[A-Z]{2}\\.(ENT\\.)?[A-Za-z0-9]{1,128}$';

/**
 * The customer of a control event: their number (`numberKey`: `from`, or `to` for an echo),
 * their business-scoped user ID, or both; a parent user ID, a username and a name.
 */
function customer(numberKey: 'from' | 'to'): Record<string, Schema> {
	return {
		[numberKey]: {
			type: 'string',
			pattern: '^\\d{7,15}$',
			description: "The customer's number, digits only (this, user_id, or both)",
		},
		user_id: {
			type: 'string',
			pattern: BSUID,
			description: "The customer's business-scoped user ID (US.13491208655302741918)",
		},
		parent_user_id: {
			type: 'string',
			pattern: BSUID,
			description: 'Their parent user ID (US.ENT.11815799212886844830)',
		},
		username: { type: 'string', minLength: 1, description: 'Their username (profile.username)' },
		name: { type: 'string', minLength: 1, description: 'Their profile name' },
	};
}

const stored: Schema = answers(
	closed({ id: str, size: int, sha256: str }, ['id', 'size', 'sha256']),
);

export const incomingSchema = {
	summary: "A customer's message arriving: opens the 24-hour window, the webhook is told",
	body: {
		type: 'object',
		required: ['phone_number_id'],
		properties: {
			phone_number_id: str,
			...customer('from'),
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
					'flow',
				],
				description:
					'flow: an answer to a WhatsApp Flow, delivered as interactive nfm_reply (response, flow_token, reply_to)',
			},
			text: str,
			caption: str,
			context: { type: 'object' },
			reply_to: {
				type: 'string',
				description:
					'interactive: the wamid of an interactive message sent to this customer, with button_id or row_id; button: the wamid of a template sent to this customer, with button_index; flow: the message with the Flow (the context)',
			},
			response: {
				type: 'object',
				description: "flow: the Flow's answers, by field name (response_json, with flow_token)",
			},
			flow_token: {
				type: 'string',
				description:
					'flow: the token; default the one the replied-to message\'s flow button carried, else "unused"',
			},
			body: { type: 'string', description: 'flow: the nfm_reply body (default "Sent")' },
			button_id: { type: 'string', description: 'interactive: the id of the reply button tapped' },
			row_id: { type: 'string', description: 'interactive: the id of the list row chosen' },
			button_index: {
				type: 'integer',
				description:
					"button: the index, among the template's buttons, of the quick-reply button tapped",
			},
			media: closed({
				mime_type: str,
				file_name: str,
				size: { type: 'number' },
				seed: { type: 'number' },
				base64: str,
				text: str,
			}),
		},
		description:
			'The customer: from (their number), user_id (their business-scoped user ID), or both. Other types carry their own object, named by the type, as the platform sends it',
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
							from: { ...str, description: "The customer's number (absent: by user ID only)" },
							fromUserId: { ...str, description: "The customer's user ID, if they have one" },
							type: str,
							receivedAt: int,
							message: { type: 'object', description: 'The message as the webhook carried it' },
							readAt: int,
							typingIndicator: { type: 'boolean' },
						},
						['id', 'phoneNumberId', 'type', 'receivedAt', 'message'],
					),
				},
			},
			['data'],
		),
	),
};

const delivered: Schema = answers(closed({ delivery_id: str }));

export const preferenceSchema = {
	summary:
		'A customer stops or resumes marketing messages: the webhook is told (field user_preferences)',
	body: closed(
		{
			phone_number_id: str,
			...customer('from'),
			value: { type: 'string', enum: ['stop', 'resume'] },
			detail: {
				type: 'string',
				description: 'Default: "User requested to <value> marketing messages"',
			},
		},
		['phone_number_id', 'value'],
	),
	response: delivered,
};

export const callSchema = {
	summary: 'A customer calls a number: connect (with an SDP offer), then terminate (field calls)',
	body: closed(
		{
			phone_number_id: str,
			...customer('from'),
			event: { type: 'string', enum: ['connect', 'terminate'] },
			call_id: {
				type: 'string',
				description: 'connect: the new call ID (default wacid.<random>); terminate: the call',
			},
			sdp: { type: 'string', description: 'connect: the SDP offer (a made-up one by default)' },
			status: { type: 'string', enum: ['COMPLETED', 'FAILED'], description: 'terminate' },
			duration: {
				type: 'integer',
				minimum: 0,
				description: 'terminate, COMPLETED: seconds (default: the clock since connect)',
			},
		},
		['phone_number_id', 'event'],
	),
	response: answers(closed({ call_id: str, delivery_id: str }, ['call_id'])),
};

export const echoSchema = {
	summary:
		'The business sends a text from the WhatsApp Business app: the webhook is told (field smb_message_echoes)',
	body: closed(
		{
			phone_number_id: str,
			...customer('to'),
			text: { type: 'string', minLength: 1, maxLength: 4096 },
		},
		['phone_number_id', 'text'],
	),
	response: answers(closed({ message_id: str, delivery_id: str }, ['message_id'])),
};

export const userIdChangeSchema = {
	summary:
		"A customer's user ID changes: a system message user_changed_user_id and the user_id_update field",
	body: closed(
		{
			phone_number_id: str,
			from: { type: 'string', description: "The customer's number (this or user_id)" },
			user_id: { type: 'string', description: "The customer's current user ID" },
			new_user_id: { type: 'string', pattern: BSUID },
			new_parent_user_id: { type: 'string', pattern: BSUID },
			new_from: { type: 'string', pattern: '^\\d{7,15}$', description: 'Their new number' },
			events: {
				type: 'array',
				minItems: 1,
				items: { type: 'string', enum: ['system', 'user_id_update'] },
				description: 'The deliveries (default both)',
			},
		},
		['phone_number_id', 'new_user_id'],
	),
	response: answers(
		closed(
			{
				message_id: { ...str, description: 'The system message (when delivered)' },
				delivery_ids: { type: 'array', items: str },
			},
			['delivery_ids'],
		),
	),
};

import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { locatorValue, phoneNumberLocator } from '../../helpers/locators';
import { normalizeRecipient, recipientField } from '../../helpers/recipient';
import { retrySettings } from '../../helpers/requestOptions';
import { sendMessage } from '../../helpers/sendMessage';
import { showFor } from '../types';

const show = showFor('message', 'sendText');
/** The platform's limit on a text message body. */
export const TEXT_BODY_MAX = 4096;

export const description: INodeProperties[] = [
	{
		displayName:
			'A text can only answer a customer: it is accepted within 24 hours of their last message. To start a conversation, use Send Template.',
		name: 'windowNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		...phoneNumberLocator(show),
		displayName: 'Sender',
		description: 'The business number that sends the message (the one the customer wrote to)',
	},
	recipientField(
		show,
		'The customer’s number in international format with its country code; the trigger’s "from" field fits as it is',
	),
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. Thanks, we got your photo and will get back to you today.',
		description: `The message, up to ${TEXT_BODY_MAX} characters`,
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'textOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Reply To Message ID',
				name: 'replyTo',
				type: 'string',
				default: '',
				placeholder: 'e.g. wamid.HBgLMTQxNTU1NTAxMDA',
				description:
					'Show the message as a reply to this message of the customer (the trigger’s messageId)',
			},
			{
				displayName: 'Show Link Preview',
				name: 'previewUrl',
				type: 'boolean',
				default: false,
				description: 'Whether the first link in the text is shown with a preview',
			},
		],
	},
];

/** POST /{phone_number_id}/messages with type text (the Cloud API shape); never repeated blindly. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const sender = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const to = normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex);
	const text = String(this.getNodeParameter('text', itemIndex, ''));
	if (!text.trim()) throw new NodeOperationError(node, 'Text is empty', { itemIndex });
	// Counted as the platform counts: in UTF-16 code units, as JavaScript strings are.
	if (text.length > TEXT_BODY_MAX) {
		throw new NodeOperationError(
			node,
			`Text has ${text.length} characters; a text message holds at most ${TEXT_BODY_MAX}`,
			{ itemIndex },
		);
	}
	const options = this.getNodeParameter('textOptions', itemIndex, {}) as {
		replyTo?: string;
		previewUrl?: boolean;
	};
	const replyTo = String(options.replyTo ?? '').trim();
	if (replyTo && !/^wamid\.[\w=+/-]+$/.test(replyTo)) {
		throw new NodeOperationError(
			node,
			`Options › Reply To Message ID "${replyTo}" is not a message ID: it starts with "wamid."`,
			{ itemIndex },
		);
	}
	const sent = await sendMessage.call(
		this,
		sender,
		to,
		{
			type: 'text',
			text: { body: text, preview_url: options.previewUrl === true },
			...(replyTo ? { context: { message_id: replyTo } } : {}),
		},
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return [
		{
			json: {
				...sent,
				...(replyTo ? { replyTo } : {}),
				phoneNumberId: sender,
			},
		},
	];
}

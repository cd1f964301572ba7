import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { sendMessage, textContent } from '../../../common/api/messages';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { locatorValue, phoneNumberLocator } from '../../../common/fields/locators';
import { normalizeRecipient, recipientField } from '../../../common/fields/recipient';
import { sentMessageJson } from './sentMessage';

/** The platform's limit on a text message body. */
export const TEXT_BODY_MAX = 4096;

const properties: INodeProperties[] = [
	{
		displayName:
			'A text can only answer a customer: it is accepted within 24 hours of their last message. To start a conversation, use Send Template.',
		name: 'windowNotice',
		type: 'notice',
		default: '',
	},
	{
		...phoneNumberLocator(),
		displayName: 'Sender',
		description: 'The business number that sends the message (the one the customer wrote to)',
	},
	recipientField(
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
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
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

export const description = updateDisplayOptions(forOperation('message', 'sendText'), properties);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** A text message (the Cloud API's shape), inside the customer's 24-hour window. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const { itemIndex } = item;
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
	const options = this.getNodeParameter('options', itemIndex, {}) as {
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
		{
			phoneNumberId: sender,
			to,
			content: textContent({ body: text, previewUrl: options.previewUrl === true, replyTo }),
		},
		item.request,
	);
	return [
		{
			json: {
				...sentMessageJson(sent, to),
				...(replyTo ? { replyTo } : {}),
				phoneNumberId: sender,
			},
		},
	];
}

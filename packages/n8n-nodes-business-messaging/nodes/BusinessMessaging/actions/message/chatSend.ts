import { ADVICE } from '../../../common/transport/errorAdvice';
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { sendMessage, type SentMessage } from '../../../common/api/messages';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import {
	chatRecipientField,
	replyToOption,
	senderField,
	windowNotice,
} from '../../../common/fields/conversation';
import { replyToValue } from '../../../common/parameters';
import { templateLocator } from '../../../common/fields/locators';
import { idempotencyKeyOption } from '../../../common/idempotency/idempotencyKey';
import { normalizeRecipient } from '../../../common/recipient';
import type { MessageContent } from '../../../common/messages/contents';
import { noteUploaded, type Upload } from '../../../common/messages/mediaSource';
import { chatMessageBody, type MarketingDelivery } from '../../../common/messages/messageRequest';
import { senderOf, type Sender } from '../../../common/sender';
import { templateMessage, type TemplateMessage } from '../../../common/templates/templateMessage';
import { receiptWaitOptions, waitForReceipt } from '../../../common/waiting/receiptWait';
import { sentMessageJson } from './sentMessage';

/** The platform's code for an answer outside the 24 hours after the customer's last message. */
const WINDOW_CLOSED = 131047;

/** Who sends a message in a chat, to whom, as a reply to what, and what goes if the window is closed. */
export interface ChatAddress {
	sender: string;
	/** The chat of the trigger's item the input comes from (common/sender), looked up when asked. */
	triggerChat?: Sender['triggerChat'];
	to: string;
	/** The message answered, '' for none. */
	replyTo: string;
	/** The template sent instead when the platform answers that the window is closed. */
	fallback?: TemplateMessage;
	/** Sent through the Marketing Messages API (Send Template only). */
	marketing?: MarketingDelivery;
}

/**
 * The Options collection of a message sent in a chat: Reply To, Idempotency Key and Wait for
 * Receipt (unless the operation waits for something else), and the operation's own.
 */
export function chatOptions(
	own: INodeProperties[] = [],
	{ receipts = true } = {},
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			replyToOption,
			...(receipts ? [idempotencyKeyOption, ...receiptWaitOptions] : []),
			...own,
		],
	};
}

/**
 * The form of a message sent in a chat, shown for Message › `operation` only: the window notice,
 * Sender and Recipient first, the operation's `own` fields, then what goes if the window is
 * closed, and the Options with the operation's `options`.
 */
export function chatSendDescription(
	operation: string,
	own: INodeProperties[],
	options: INodeProperties[] = [],
): INodeProperties[] {
	return updateDisplayOptions(forOperation('message', operation), [
		windowNotice,
		senderField,
		chatRecipientField,
		...own,
		...windowFallbackFields,
		chatOptions(options),
	]);
}

/** What to do when the window is closed: fail, or send a chosen template with its variables. */
export const windowFallbackFields: INodeProperties[] = [
	{
		displayName: 'If the 24-Hour Window Is Closed',
		name: 'ifWindowClosed',
		type: 'options',
		default: 'fail',
		options: [
			{ name: 'Fail', value: 'fail', description: 'The item fails with the platform’s refusal' },
			{
				name: 'Send a Template Instead',
				value: 'template',
				description:
					'When the platform refuses the message because the window is closed, send an approved template, so the customer is reached either way',
			},
		],
	},
	{
		...templateLocator({
			approvedOnly: true,
			name: 'fallbackTemplate',
			displayName: 'Fallback Template',
			description: 'Sent only when the platform refuses the message because the window is closed',
		}),
		displayOptions: { show: { ifWindowClosed: ['template'] } },
	},
	{
		displayName: 'Fallback Template Variables',
		name: 'fallbackVariables',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		displayOptions: { show: { ifWindowClosed: ['template'] } },
		typeOptions: {
			loadOptionsDependsOn: ['fallbackTemplate.value', 'phoneNumberId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getFallbackTemplateVariables',
				mode: 'add',
				valuesLabel: 'Fallback Template Variables',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
];

/**
 * Sender, Recipient, Options › Reply To and the fallback template of one item, all checked
 * before anything is uploaded or sent.
 */
export async function chatAddress(
	this: IExecuteFunctions,
	item: ItemContext,
	/**
	 * The fallback's variables form, as the operation labels it, for errors; null for a send
	 * without the window fallback fields (a template needs no window).
	 */
	fallbackForm: string | null = 'Fallback Template Variables',
): Promise<ChatAddress> {
	const node = this.getNode();
	const { itemIndex } = item;
	const options = item.options();
	const { phoneNumberId: sender, triggerChat } = senderOf.call(this, itemIndex);
	const address: ChatAddress = {
		sender,
		triggerChat,
		to: normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex),
		replyTo: replyToValue(node, options, itemIndex),
	};
	if (fallbackForm === null) return address;
	const ifClosed = this.getNodeParameter('ifWindowClosed', itemIndex, 'fail');
	if (ifClosed !== 'fail' && ifClosed !== 'template')
		throw new NodeOperationError(
			node,
			`If the 24-Hour Window Is Closed "${String(ifClosed)}" is not one of fail, template`,
			{ itemIndex },
		);
	if (ifClosed === 'template')
		address.fallback = await templateMessage.call(this, item, sender, {
			template: 'fallbackTemplate',
			variables: 'fallbackVariables',
			recipient: address.to,
			form: fallbackForm,
		});
	return address;
}

/**
 * Sends one message of an item and returns its output: the message ID the trigger's receipts
 * refer to, the recipient, and `details` of the operation. When the window is closed and a
 * fallback template is set, the template goes instead, and `sentAs` says so. A send that fails
 * after its file was uploaded says so, with the media ID.
 */
export async function sendInChat(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	content: MessageContent,
	details: IDataObject = {},
	upload?: Upload,
): Promise<INodeExecutionData[]> {
	return await waitForReceipt.call(this, item, async (callbackData) => [
		await sendOnce.call(this, item, address, content, { details, upload, callbackData }),
	]);
}

/** What one send carries besides its content. */
export interface SendExtras {
	/** Fields of the operation for the output. */
	details?: IDataObject;
	/** The file uploaded for it: a failure says its media ID. */
	upload?: Upload;
	/** Wait for Receipt's reference on the message. */
	callbackData?: string;
	/** The reference on the fallback template if it goes instead; by default `callbackData`. */
	fallbackCallbackData?: string;
}

/**
 * One send of `sendInChat`, or of its fallback template; `callbackData` goes with either, unless
 * the fallback has its own (a bubble before the last carries none, a fallback always does).
 */
export async function sendOnce(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	content: MessageContent,
	extras: SendExtras = {},
): Promise<IDataObject> {
	const { details = {}, upload, callbackData } = extras;
	const fallbackCallbackData = extras.fallbackCallbackData ?? callbackData;
	const { sender, to, replyTo, fallback } = address;
	const common = {
		...(upload ? { uploaded: { ...upload.record } } : {}),
		...(replyTo ? { replyTo } : {}),
		phoneNumberId: sender,
	};
	try {
		const sent = await sendContent.call(this, item, address, content, callbackData);
		return {
			...sentMessageJson(sent, to),
			type: content.type,
			...details,
			...(fallback ? { sentAs: 'message' } : {}),
			...common,
		};
	} catch (error) {
		if (!fallback || !windowClosed(error)) throw noteUploaded(notWroteTo(error, address), upload);
	}
	let sent;
	try {
		sent = await sendContent.call(this, item, address, fallback.content, fallbackCallbackData);
	} catch (error) {
		// Say what happened first: the message was refused, then the template too.
		saidFirst(
			error,
			`The message was refused because the 24-hour window is closed (131047); the fallback template ${fallback.name} (${fallback.language}) was then refused as well.`,
		);
		throw noteUploaded(error, upload);
	}
	return {
		...sentMessageJson(sent, to),
		// The output names the kind sent, as above: here the fallback's, a template.
		type: fallback.content.type,
		sentAs: 'template',
		template: fallback.name,
		language: fallback.language,
		...common,
	};
}

/** One message from the address's sender to its recipient, as a reply when it is one. */
export async function sendContent(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	content: MessageContent,
	callbackData?: string,
): Promise<SentMessage> {
	const { sender, to, replyTo, marketing } = address;
	return await sendMessage.call(
		this,
		sender,
		chatMessageBody({ to, replyTo, callbackData, marketing }, content),
		item.request,
		marketing ? 'marketing_messages' : 'messages',
	);
}

/**
 * A window refusal of an answer sent from another number than the one the customer wrote to says
 * so first: the customer did write, but to that number, and the hours count per number.
 */
export function notWroteTo(error: unknown, address: ChatAddress): unknown {
	if (!windowClosed(error)) return error;
	const { sender, to } = address;
	const chat = address.triggerChat?.();
	// Only for the customer who wrote: a campaign's other recipients never did.
	const customerWroteTo =
		chat && chat.phoneNumberId !== sender && chat.customers.includes(to)
			? chat.phoneNumberId
			: undefined;
	if (!customerWroteTo) return error;
	saidFirst(
		error,
		`The customer wrote to the business number ${customerWroteTo} (the trigger’s phoneNumberId), and this answer went from Sender ${sender}: the 24 hours count per number. Leave Sender empty to answer from the number the customer wrote to.`,
	);
	return error;
}

/**
 * Send and Wait's own advice for a closed window, in place of the general one (which points at
 * Message › Send Template, an operation that cannot wait for the answer).
 */
export function windowClosedWhileAsking(error: unknown, askedWithForm: boolean): unknown {
	if (!windowClosed(error)) return error;
	const described = error as Error & { description?: string | null };
	const general = ADVICE[WINDOW_CLOSED];
	described.description = (described.description ?? '').replace(general, '').trim() || null;
	saidFirst(
		error,
		askedWithForm
			? 'A Form is asked with a message, which the platform takes only within 24 hours of the customer’s last message: ask once the customer has written, or ask an Approval or a Choice with Ask With › An Approved Template (Any Time).'
			: 'To ask someone who has not written in the last 24 hours, set Ask With › An Approved Template (Any Time), or keep Ask With › A Message and set If the 24-Hour Window Is Closed › Ask With a Template: its quick-reply buttons are the answers. (Message › Send Template sends a template but does not wait for the answer.)',
	);
	return error;
}

/** Puts `text` before the error's description (the platform's advice stays after it). */
export function saidFirst(error: unknown, text: string): void {
	const described = error as Error & { description?: string | null };
	described.description = [text, described.description].filter(Boolean).join(' ');
}

/** Whether the platform refused the message because the customer-service window is closed. */
export function windowClosed(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	// The transport already read the code as a number, whatever shape the error body had.
	return (error.errorResponse as IDataObject | undefined)?.code === WINDOW_CLOSED;
}

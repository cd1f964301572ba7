import { randomBytes } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeParameterResourceLocator,
} from 'n8n-workflow';
import { FLOW_LIMITS, FLOW_TOKEN_FIELD } from '../fields/flow';
import { checkedId, jsonParameter, limitedText, requiredText } from '../parameters';
import { interactiveContent, type MessageContent } from './contents';

/**
 * A message with a button that opens a WhatsApp Flow, a form in the chat (the Cloud API's
 * interactive `flow`; API.md, "WhatsApp Flows"): the reading of its fields (fields/flow.ts), each
 * value checked before anything is sent, and the one builder of it. Send Flow uses both, and so
 * can any other operation that asks with a flow.
 */

/** The Cloud API takes this flow message version only. */
const FLOW_MESSAGE_VERSION = '3';

export interface FlowMessage {
	/** The flow by its ID (sent as flow_id), or by its name (flow_name). */
	flow: { id: string } | { name: string };
	/** The text of the button that opens the flow (flow_cta). */
	cta: string;
	/** draft sends the flow's draft, for testing; published its published version. */
	mode: 'published' | 'draft';
	/** The screen the flow opens on; absent, the flow's first screen. */
	screen?: string;
	/** The first screen's input data; a non-empty object, or left out. */
	data?: IDataObject;
	/** Handed back with the customer's answer (flow_token), so the answer can be matched. */
	token: string;
	/** A text header, left out when empty. */
	header?: string;
	body: string;
	/** Left out when empty. */
	footer?: string;
}

/** The message; the flow opens on `screen` (or its first) with `data` when given (flow_action navigate). */
export function flowContent(message: FlowMessage): MessageContent {
	const { flow, data } = message;
	return interactiveContent(
		'flow',
		{
			...(message.header ? { header: { type: 'text', text: message.header } } : {}),
			body: message.body,
			...(message.footer ? { footer: message.footer } : {}),
		},
		{
			name: 'flow',
			parameters: {
				flow_message_version: FLOW_MESSAGE_VERSION,
				...('id' in flow ? { flow_id: flow.id } : { flow_name: flow.name }),
				flow_cta: message.cta,
				mode: message.mode,
				flow_token: message.token,
				flow_action: 'navigate',
				// Both optional (Meta's Sending a Flow page): without a screen the flow opens on its
				// first one; an empty payload is left out.
				...(message.screen || (data && Object.keys(data).length > 0)
					? {
							flow_action_payload: {
								...(message.screen ? { screen: message.screen } : {}),
								...(data && Object.keys(data).length > 0 ? { data } : {}),
							},
						}
					: {}),
			},
		},
	);
}

/** The token the node makes when Flow Token is left empty: 128 random bits, URL-safe. */
export function newFlowToken(): string {
	return randomBytes(16).toString('base64url');
}

/** The flow fields of one item, checked: all of a flow message but its header, body and footer. */
export function readFlowFields(
	context: IExecuteFunctions,
	itemIndex: number,
): Omit<FlowMessage, 'header' | 'body' | 'footer'> {
	const node = context.getNode();
	const cta = limitedText(
		node,
		'Button Text',
		context.getNodeParameter('flowButtonText', itemIndex, ''),
		FLOW_LIMITS.buttonText,
		itemIndex,
		{ required: true },
	);
	if (/\p{Extended_Pictographic}/u.test(cta))
		throw new NodeOperationError(
			node,
			`Button Text "${cta}" has an emoji; the platform takes none`,
			{
				itemIndex,
			},
		);
	const mode = String(context.getNodeParameter('flowMode', itemIndex, 'published'));
	if (mode !== 'published' && mode !== 'draft')
		throw new NodeOperationError(node, `Mode "${mode}" is not one of draft, published`, {
			itemIndex,
		});
	return {
		flow: chosenFlow(context, itemIndex),
		cta,
		mode,
		...firstScreen(context, itemIndex),
		...screenData(context, itemIndex),
		token: flowToken(context, itemIndex),
	};
}

/** First Screen, or nothing when it is left empty: the flow then opens on its own first screen. */
function firstScreen(context: IExecuteFunctions, itemIndex: number): { screen?: string } {
	const raw = context.getNodeParameter('flowScreen', itemIndex, '') as unknown;
	if (raw === '' || raw === undefined || raw === null) return {};
	return {
		screen: requiredText(context.getNode(), 'First Screen', raw, itemIndex, {
			whenEmpty:
				'First Screen is only spaces: leave it empty for the flow’s first screen, or give a screen ID',
		}),
	};
}

/** The Flow field: an ID (from the list or typed), or a name. */
function chosenFlow(context: IExecuteFunctions, itemIndex: number): FlowMessage['flow'] {
	const node = context.getNode();
	const locator = context.getNodeParameter('flow', itemIndex) as INodeParameterResourceLocator;
	if (locator?.mode === 'name')
		return {
			name: requiredText(node, 'Flow', locator.value, itemIndex, {
				whenEmpty: 'Flow is empty: give the flow’s name',
			}),
		};
	return { id: checkedId(node, 'Flow', locator?.value, itemIndex, true) };
}

/** Screen Data: none, name/value fields, or a JSON object; never an empty object. */
function screenData(context: IExecuteFunctions, itemIndex: number): { data?: IDataObject } {
	const node = context.getNode();
	const input = String(context.getNodeParameter('flowScreenDataInput', itemIndex, 'none'));
	if (input === 'none') return {};
	if (input === 'json') {
		const value = jsonParameter(
			context,
			'flowScreenDataJson',
			itemIndex,
			'Screen Data (JSON)',
			'{}',
		);
		if (typeof value !== 'object' || value === null || Array.isArray(value))
			throw new NodeOperationError(node, 'Screen Data (JSON) must be an object', { itemIndex });
		if (Object.keys(value).length === 0)
			throw new NodeOperationError(
				node,
				'Screen Data (JSON) is an empty object: give at least one value, or choose None',
				{ itemIndex },
			);
		return { data: value as IDataObject };
	}
	if (input !== 'fields')
		throw new NodeOperationError(node, `Screen Data "${input}" is not one of none, fields, json`, {
			itemIndex,
		});
	const fields =
		(context.getNodeParameter('flowScreenData', itemIndex, {}) as { field?: IDataObject[] })
			.field ?? [];
	if (fields.length === 0)
		throw new NodeOperationError(node, 'Screen Data Fields is empty: add a field, or choose None', {
			itemIndex,
		});
	const data: IDataObject = {};
	fields.forEach((field, index) => {
		const name = requiredText(
			node,
			`Screen Data Fields › Field ${index + 1} › Name`,
			field.name,
			itemIndex,
		);
		if (name in data)
			throw new NodeOperationError(
				node,
				`Screen Data Fields › Field ${index + 1} › Name "${name}" is used twice`,
				{ itemIndex },
			);
		data[name] = field.value === undefined || field.value === null ? '' : String(field.value);
	});
	return { data };
}

/** Flow Token as given (trimmed), or a new one when it is left empty. */
function flowToken(context: IExecuteFunctions, itemIndex: number): string {
	const raw = context.getNodeParameter(FLOW_TOKEN_FIELD, itemIndex, '') as unknown;
	if (raw === '' || raw === undefined || raw === null) return newFlowToken();
	const token = requiredText(context.getNode(), 'Flow Token', raw, itemIndex, {
		whenEmpty:
			'Flow Token is only spaces: leave it empty for the node to make one, or give a token',
	});
	return limitedText(context.getNode(), 'Flow Token', token, FLOW_LIMITS.token, itemIndex);
}

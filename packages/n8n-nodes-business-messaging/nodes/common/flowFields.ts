import { randomBytes } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeParameterResourceLocator,
	type INodeProperties,
} from 'n8n-workflow';
import { idValidation } from './fields/locators';
import type { FlowMessage } from './messages/flow';
import { limitedText } from './messages/text';
import { checkedId, jsonParameter, requiredText } from './parameters';

/**
 * The fields of a message that opens a WhatsApp Flow (Send Flow; any operation that asks with a
 * flow can show the same ones) and their reading: each value checked before anything is sent,
 * with an error that names the field as the form labels it. messages/flow.ts builds the message.
 */

export const FLOW_LIMITS = {
	/** The Cloud API: "CTA text length is advised to be 30 characters or less (no emoji)". */
	buttonText: 30,
	/**
	 * The Cloud API states no limit for flow_token; the node sets one, so that a mistaken
	 * expression (a whole item, a file) is refused before the send rather than carried around.
	 */
	token: 256,
} as const;

/**
 * The Flow Token field. Not "…Token": n8n's lint would mask it as a secret, and it is none (the
 * customer's phone gets it).
 */
export const FLOW_TOKEN_FIELD = 'flowReference';

/** The token the node makes when Flow Token is left empty: 128 random bits, URL-safe. */
export function newFlowToken(): string {
	return randomBytes(16).toString('base64url');
}

export const flowFields: INodeProperties[] = [
	{
		displayName: 'Flow',
		name: 'flow',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The WhatsApp Flow (a form) the button opens, one of the sender’s business account',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a flow...',
				typeOptions: { searchListMethod: 'searchFlows', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. book_appointment',
				hint: 'The flow’s name in WhatsApp Manager',
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1208871900000001',
				validation: idValidation('A flow ID'),
			},
		],
	},
	{
		displayName: 'Button Text',
		name: 'flowButtonText',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Book a visit',
		description: `The button that opens the flow, up to ${FLOW_LIMITS.buttonText} characters, no emoji`,
	},
	{
		displayName: 'Mode',
		name: 'flowMode',
		type: 'options',
		default: 'published',
		options: [
			{
				name: 'Draft',
				value: 'draft',
				description: 'The flow’s draft, to test it before it is published',
			},
			{ name: 'Published', value: 'published', description: 'The published flow' },
		],
	},
	{
		displayName: 'First Screen',
		name: 'flowScreen',
		type: 'string',
		default: '',
		placeholder: 'e.g. APPOINTMENT',
		description:
			'The ID of the screen the flow opens on, as its Flow JSON names it. Left empty, the flow opens on its first screen.',
	},
	{
		displayName: 'Screen Data',
		name: 'flowScreenDataInput',
		type: 'options',
		default: 'none',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'Using Fields Below', value: 'fields' },
			{
				name: 'Using JSON',
				value: 'json',
				description: 'An object, e.g. from an expression over earlier data',
			},
		],
		description: 'Data the first screen shows, by the names its Flow JSON gives them',
	},
	{
		displayName: 'Screen Data Fields',
		name: 'flowScreenData',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Field',
		displayOptions: { show: { flowScreenDataInput: ['fields'] } },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. name',
						description: 'The name the first screen’s data gives it',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. Ada',
						description: 'Its value, as text',
					},
				],
			},
		],
	},
	{
		displayName: 'Screen Data (JSON)',
		name: 'flowScreenDataJson',
		type: 'json',
		default: '{\n  "name": "Ada"\n}',
		required: true,
		displayOptions: { show: { flowScreenDataInput: ['json'] } },
		description: 'A non-empty object: the first screen’s data, by name',
	},
	{
		displayName: 'Flow Token',
		name: FLOW_TOKEN_FIELD,
		type: 'string',
		default: '',
		placeholder: 'e.g. booking-1001',
		description: `Comes back with the customer’s answer, so a workflow can match the answer to this message (up to ${FLOW_LIMITS.token} characters). Left empty, the node makes a random one and outputs it as flowToken.`,
	},
];

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

import type { INodeProperties } from 'n8n-workflow';
import { idValidation } from './locators';

/**
 * The fields of a message that opens a WhatsApp Flow (Send Flow; any operation that asks with a
 * flow shows the same ones). messages/flow.ts reads them, each value checked before anything is
 * sent with an error that names the field as the form labels it, and builds the message.
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

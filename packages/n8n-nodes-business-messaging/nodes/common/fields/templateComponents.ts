import type { INodeProperties } from 'n8n-workflow';

const builder = { content: ['builder'] };
const textHeader = { ...builder, headerType: ['text'] };
const mediaHeader = { ...builder, headerType: ['image', 'video', 'document'] };
// An authentication template's texts are the platform's own: its One-Time Password button
// says what they hold. (Update shows no Category unless changed: these then stay shown.)
const notAuthentication = { category: ['AUTHENTICATION'] };

/** The header: none, a text (with one variable) or a media file and its sample. */
const HEADER_FIELDS: INodeProperties[] = [
	{
		displayName: 'Header',
		name: 'headerType',
		type: 'options',
		default: 'none',
		displayOptions: { show: builder, hide: notAuthentication },
		options: [
			{ name: 'Document', value: 'document', description: 'A PDF above the text' },
			{ name: 'Image', value: 'image', description: 'A JPEG or PNG image above the text' },
			{ name: 'None', value: 'none' },
			{
				name: 'Text',
				value: 'text',
				description: 'A short bold line, which may hold one variable',
			},
			{ name: 'Video', value: 'video', description: 'An MP4 video above the text' },
		],
	},
	{
		displayName: 'Header Text',
		name: 'headerText',
		type: 'string',
		default: '',
		placeholder: 'e.g. Order {{1}} confirmed',
		description:
			'Up to 60 characters. May hold one variable, written {{1}} (or {{name}} with Parameter Format Named).',
		displayOptions: { show: textHeader },
	},
	{
		displayName: 'Header Variable Example',
		name: 'headerExample',
		type: 'string',
		default: '',
		placeholder: 'e.g. #1001',
		description:
			'An example value for {{1}} in the header, shown to the reviewers. Needed when the header holds {{1}}.',
		displayOptions: { show: textHeader },
	},
	{
		displayName: 'Header Sample From',
		name: 'headerSampleSource',
		type: 'options',
		default: 'binary',
		description: 'Media headers need a sample file for the review',
		displayOptions: { show: mediaHeader },
		options: [
			{
				name: 'Input Binary File',
				value: 'binary',
				description: 'Upload the file of the input item (both upload steps are done for you)',
			},
			{
				name: 'Upload Handle',
				value: 'handle',
				description: 'A handle from Template Sample › Upload',
			},
		],
	},
	{
		displayName: 'Input Binary Field',
		name: 'headerSampleBinaryProperty',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input item’s binary field holding the sample file',
		displayOptions: { show: { ...mediaHeader, headerSampleSource: ['binary'] } },
	},
	{
		displayName: 'Upload Handle',
		name: 'headerSampleHandle',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 4::aW1hZ2UvcG5n:ARZ...',
		description: 'The handle "h" returned by Template Sample › Upload',
		displayOptions: { show: { ...mediaHeader, headerSampleSource: ['handle'] } },
	},
];

/** The body, its variables' examples, and the footer. */
const BODY_FIELDS: INodeProperties[] = [
	{
		displayName: 'Body',
		name: 'body',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 4 },
		placeholder: 'e.g. Hi {{1}}, your order {{2}} ships on {{3}}.',
		description:
			'The message text, up to 1024 characters. Variables are numbered {{1}}, {{2}}, ... in order, or named {{first_name}} with Parameter Format Named.',
		displayOptions: { show: builder, hide: notAuthentication },
	},
	{
		displayName: 'Body Variable Examples',
		name: 'bodyExamples',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		placeholder: 'Add example',
		description:
			'One example value per body variable, in order: the first for {{1}} (or the first name used), the second for {{2}}, and so on',
		displayOptions: { show: builder, hide: notAuthentication },
		options: [
			{
				displayName: 'Example',
				name: 'example',
				values: [
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. Maria',
					},
				],
			},
		],
	},
	{
		displayName: 'Footer',
		name: 'footer',
		type: 'string',
		default: '',
		placeholder: 'e.g. Reply STOP to opt out',
		description: 'Optional small text under the body, up to 60 characters, without variables',
		displayOptions: { show: builder, hide: notAuthentication },
	},
];

/** A button's fields, each shown for the kinds of button it belongs to. */
const BUTTON_VALUES: INodeProperties[] = [
	{
		displayName: 'Add Security Recommendation',
		name: 'addSecurityRecommendation',
		type: 'boolean',
		default: false,
		description: 'Whether the body adds “For your security, do not share this code.”',
		displayOptions: { show: { type: ['OTP'] } },
	},
	{
		displayName: 'App Package Name',
		name: 'packageName',
		type: 'string',
		default: '',
		placeholder: 'e.g. com.example.myapp',
		description: 'The Android package name of the app that receives the code',
		displayOptions: { show: { type: ['OTP'], otpType: ['ONE_TAP', 'ZERO_TAP'] } },
	},
	{
		displayName: 'App Signature Hash',
		name: 'signatureHash',
		type: 'string',
		default: '',
		placeholder: 'e.g. K8a/AINcGX7',
		description: 'The 11-character hash of the app’s signing key',
		displayOptions: { show: { type: ['OTP'], otpType: ['ONE_TAP', 'ZERO_TAP'] } },
	},
	{
		displayName: 'Autofill Button Text',
		name: 'autofillText',
		type: 'string',
		default: '',
		placeholder: 'e.g. Autofill',
		description: 'Up to 25 characters; empty for the platform’s own (shown where autofill works)',
		displayOptions: { show: { type: ['OTP'], otpType: ['ONE_TAP', 'ZERO_TAP'] } },
	},
	{
		displayName: 'Code Expires In (Minutes)',
		name: 'codeExpirationMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 90 },
		default: 0,
		description: '1 to 90 adds the footer “This code expires in N minutes.”; 0 leaves it out',
		displayOptions: { show: { type: ['OTP'] } },
	},
	{
		displayName: 'Example Code',
		name: 'code',
		type: 'string',
		default: '',
		placeholder: 'e.g. WELCOME15',
		description: 'An example of the code, up to 15 characters; the real code is given when sending',
		displayOptions: { show: { type: ['COPY_CODE'] } },
	},
	{
		displayName: 'First Screen',
		name: 'navigateScreen',
		type: 'string',
		default: '',
		placeholder: 'e.g. WELCOME_SCREEN',
		description: 'The ID of the screen the Flow opens on; empty for its first screen',
		displayOptions: { show: { type: ['FLOW'], flowAction: ['navigate'] } },
	},
	{
		displayName: 'Flow Action',
		name: 'flowAction',
		type: 'options',
		default: 'navigate',
		description: 'What the button does first',
		displayOptions: { show: { type: ['FLOW'] } },
		options: [
			{
				name: 'Data Exchange',
				value: 'data_exchange',
				description: 'Asks your Flow endpoint for the first screen',
			},
			{
				name: 'Navigate',
				value: 'navigate',
				description: 'Opens a screen of the Flow',
			},
		],
	},
	{
		displayName: 'Flow By',
		name: 'flowBy',
		type: 'options',
		default: 'id',
		description: 'How the button names its Flow',
		displayOptions: { show: { type: ['FLOW'] } },
		options: [
			{ name: 'ID', value: 'id', description: 'The Flow’s ID' },
			{
				name: 'Name',
				value: 'name',
				description: 'The Flow’s name (the template keeps its ID)',
			},
		],
	},
	{
		displayName: 'Flow ID',
		name: 'flowId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1234567890123456',
		displayOptions: { show: { type: ['FLOW'], flowBy: ['id'] } },
	},
	{
		displayName: 'Flow Name',
		name: 'flowName',
		type: 'string',
		default: '',
		placeholder: 'e.g. table_booking',
		displayOptions: { show: { type: ['FLOW'], flowBy: ['name'] } },
	},
	{
		displayName: 'OTP Type',
		name: 'otpType',
		type: 'options',
		default: 'COPY_CODE',
		displayOptions: { show: { type: ['OTP'] } },
		options: [
			{
				name: 'Copy Code',
				value: 'COPY_CODE',
				description: 'The customer copies the code',
			},
			{
				name: 'One-Tap Autofill',
				value: 'ONE_TAP',
				description: 'A button fills the code into your Android app',
			},
			{
				name: 'Zero-Tap',
				value: 'ZERO_TAP',
				description: 'Your Android app receives the code without a tap',
			},
		],
	},
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. +14155550100',
		displayOptions: { show: { type: ['PHONE_NUMBER'] } },
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		default: '',
		placeholder: 'e.g. Track order',
		description:
			'The button label, up to 25 characters. For a One-Time Password button, the copy-code label (optional: the platform’s own when empty).',
		// A copy-code button's label is the platform's own.
		displayOptions: { hide: { type: ['COPY_CODE'] } },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'QUICK_REPLY',
		options: [
			{
				name: 'Catalog',
				value: 'CATALOG',
				description: 'Opens the catalog connected to the account (Marketing templates)',
			},
			{
				name: 'Copy Code',
				value: 'COPY_CODE',
				description: 'Copies a code, e.g. a coupon',
			},
			{
				name: 'Flow',
				value: 'FLOW',
				description: 'Opens a WhatsApp Flow',
			},
			{
				name: 'Multi-Product',
				value: 'MPM',
				description:
					'Shows up to 30 products of the catalog in sections, chosen when sending (Marketing templates, with a text header)',
			},
			{
				name: 'One-Time Password',
				value: 'OTP',
				description: 'Gives a one-time code (Authentication templates)',
			},
			{
				name: 'Phone Number',
				value: 'PHONE_NUMBER',
				description: 'Calls a number',
			},
			{
				name: 'Quick Reply',
				value: 'QUICK_REPLY',
				description: 'Sends the button text back',
			},
			{
				name: 'URL',
				value: 'URL',
				description: 'Opens a web page',
			},
		],
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://shop.example.com/orders/{{1}}',
		description: 'May end in one variable, {{1}}, filled when sending',
		displayOptions: { show: { type: ['URL'] } },
	},
	{
		displayName: 'URL Variable Example',
		name: 'urlExample',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001',
		description:
			'An example for the {{1}} at the end of the URL (the full sample URL is built from it)',
		// Only a URL ending in a variable needs one.
		displayOptions: { show: { type: ['URL'], url: [{ _cnd: { endsWith: '{{1}}' } }] } },
	},
	{
		displayName: 'Zero-Tap Terms Accepted',
		name: 'zeroTapTermsAccepted',
		type: 'boolean',
		default: false,
		description:
			'Whether you accept the platform’s zero-tap terms (needed for a zero-tap template)',
		displayOptions: { show: { type: ['OTP'], otpType: ['ZERO_TAP'] } },
	},
];

/** The limited-time offer, and the whole components array as JSON. */
const OFFER_AND_JSON_FIELDS: INodeProperties[] = [
	{
		displayName: 'Limited-Time Offer',
		name: 'limitedTimeOffer',
		type: 'collection',
		placeholder: 'Add offer',
		default: {},
		description: 'A highlighted offer line (Marketing templates only)',
		displayOptions: { show: builder, hide: notAuthentication },
		options: [
			{
				displayName: 'Offer Text',
				name: 'text',
				type: 'string',
				default: '',
				placeholder: 'e.g. Expiring offer!',
				description: 'Up to 16 characters',
			},
			{
				displayName: 'Has Expiration',
				name: 'hasExpiration',
				type: 'boolean',
				default: false,
				description: 'Whether the offer shows a countdown to its expiry',
			},
		],
	},
	{
		displayName: 'Components (JSON)',
		name: 'componentsJson',
		type: 'json',
		default:
			'[\n  {\n    "type": "BODY",\n    "text": "Hi {{1}}!",\n    "example": { "body_text": [["Maria"]] }\n  }\n]',
		required: true,
		description:
			'The components array as the API takes it (HEADER, BODY, FOOTER, BUTTONS, LIMITED_TIME_OFFER)',
		displayOptions: { show: { content: ['json'] } },
	},
];

/** Up to 10 buttons of every kind the platform takes. */
const BUTTONS_FIELD: INodeProperties = {
	displayName: 'Buttons',
	name: 'buttons',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	default: {},
	placeholder: 'Add button',
	description:
		'Up to 10 buttons: at most 2 URL buttons and 1 copy-code button. A Multi-Product or One-Time Password button is its template’s only button.',
	displayOptions: { show: builder },
	options: [
		{
			displayName: 'Button',
			name: 'button',
			values: BUTTON_VALUES,
		},
	],
};

/**
 * The template builder: header, body, footer, buttons and limited-time offer as form fields
 * (Create, and Update when its components are rebuilt), or a components array as JSON.
 */
export function componentFields(): INodeProperties[] {
	return [...HEADER_FIELDS, ...BODY_FIELDS, BUTTONS_FIELD, ...OFFER_AND_JSON_FIELDS];
}

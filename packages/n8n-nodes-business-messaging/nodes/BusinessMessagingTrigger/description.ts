import type { INodeProperties } from 'n8n-workflow';
import { MESSAGE_KINDS } from './events/messageKinds';
import { numberProperties, V1_NUMBER_OPTIONS } from './numberDescription';

/** Options both versions have. */
const OPTIONS: INodeProperties[] = [
	{
		displayName: 'Collect Bursts (Quiet Seconds)',
		name: 'collectBursts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 60 },
		default: 5,
		description:
			"Hold a customer's messages until the chat has been quiet this many seconds, then start one execution with all of them (one item: the messages in order, and their texts joined in Text). For AI agents that should answer once.",
	},
	{
		displayName: 'Download Incoming Media',
		name: 'downloadMedia',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the file of each incoming media message into the item (needs the credential)',
	},
	{
		displayName: 'Include Stray Answers',
		name: 'strayAnswers',
		type: 'boolean',
		default: false,
		description:
			'Whether a late, second or forged answer to a Send and Wait question starts this workflow, with waiting.reason saying why it resumed nothing. Off, it starts nothing (n8n’s log says why).',
	},
	{
		displayName: 'Message Types',
		name: 'messageTypes',
		type: 'multiOptions',
		default: [],
		description:
			"Which customers' messages start this workflow, by what they are (none chosen: all). Another trigger on the app can take the others, e.g. orders here, the rest there.",
		options: MESSAGE_KINDS,
	},
	{
		displayName: 'Message Types to Leave Out',
		name: 'leaveOutMessageTypes',
		type: 'multiOptions',
		default: [],
		description:
			"Customers' messages of these kinds start nothing here, e.g. orders, when another trigger on the app takes them",
		options: MESSAGE_KINDS,
	},
	{
		displayName: 'Pause the Workflow When a Person Answers (Minutes)',
		name: 'pauseWhenPersonAnswers',
		type: 'number',
		typeOptions: { minValue: 0.1, numberPrecision: 1 },
		default: 30,
		description:
			"When a person answers a customer from the WhatsApp Business app on this number, the chat is theirs for this long after their last answer: its messages start nothing (or come marked, see Skip Chats a Person Is Handling). Needs the number's Business app echoes (Meta's coexistence).",
	},
	{
		displayName: 'Put Media in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		description: 'The binary field for a downloaded file',
	},
	{
		displayName: 'Standby Messages',
		name: 'standbyMessages',
		type: 'options',
		default: 'mark',
		description:
			"While another app on the number (Meta's Business Agent, a helpdesk) owns a chat, this app receives standby copies of its messages. Answering one takes the chat back from that app.",
		options: [
			{
				name: 'Start Nothing',
				value: 'skip',
				description: "Skip them; n8n's log (debug) counts them",
			},
			{
				name: 'Start the Workflow, Marked',
				value: 'mark',
				description: 'Each copy is an item with standby: true, kept out of bursts and answers',
			},
		],
	},
	{
		displayName: 'Skip Chats a Person Is Handling',
		name: 'skipHandledChats',
		type: 'options',
		default: 'skip',
		description:
			'While a person handles a chat (Chat › Hand Over to a Person, or they answered from the WhatsApp Business app), what its customer’s messages do. Never held in a burst or taken as an answer.',
		options: [
			{
				name: 'No, Start the Workflow, Marked',
				value: 'mark',
				description:
					'Each message is an item with handledByPerson: true, handedOverAt, handedOverBy and until',
			},
			{
				name: 'Yes, Start Nothing',
				value: 'skip',
				description:
					"The customer's message is not lost: the person sees it. n8n's log (debug) counts them.",
			},
		],
	},
	{
		displayName: 'Skip Redeliveries',
		name: 'skipRedeliveries',
		type: 'boolean',
		default: false,
		description:
			'Whether to start nothing for a message or status already received (the platform delivers at least once). The last 5,000 events are remembered, for a day.',
	},
];

/**
 * Report Refusals. Version 1.2 sends the reports on an output of their own, and is on until
 * turned off: a wrong secret used to look like a quiet day (issue 51).
 */
const REPORT_REFUSALS: Record<'v1' | 'v1.2', INodeProperties> = {
	v1: {
		displayName: 'Report Refusals',
		name: 'reportRefusals',
		type: 'boolean',
		default: false,
		description:
			'Whether a refused delivery (400 not the webhook JSON, 401 failed check, 403 wrong verify token) starts this workflow with one item saying why and what to fix (eventType refusal), at most once a minute; the refusals in between are counted in the next one. The provider still gets its refusal.',
	},
	'v1.2': {
		displayName: 'Report Refusals',
		name: 'reportRefusals',
		type: 'boolean',
		default: true,
		description:
			'Whether a refused delivery (400 not the webhook JSON, 401 failed check, 403 wrong verify token) starts this workflow with one item on the Refusals output saying why and what to fix, at most once a minute; the refusals in between are counted in the next one. On unless turned off here. The provider still gets its refusal.',
	},
};

/** Where each version shows its Options: version 1 also holds the number options. */
const OPTIONS_SHOWN: Record<'v1' | 'v1.1' | 'v1.2', INodeProperties['displayOptions']> = {
	v1: { show: { '@version': [1] } },
	'v1.1': { show: { '@version': [1.1] } },
	'v1.2': { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
};

/** Options, in the order n8n's lint wants (by name), with version 1's number options. */
function optionsOf(version: 'v1' | 'v1.1' | 'v1.2'): INodeProperties {
	const options = [
		...OPTIONS,
		REPORT_REFUSALS[version === 'v1.2' ? 'v1.2' : 'v1'],
		...(version === 'v1' ? V1_NUMBER_OPTIONS : []),
	];
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: OPTIONS_SHOWN[version],
		options: options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** The versions before 1.2, and 1.2 on: 1.2 moved Authentication's fields and defaults. */
type Layout = 'v1' | 'v1.2';
const VERSIONS_SHOWN: Record<Layout, INodeProperties['displayOptions']> = {
	v1: { show: { '@version': [{ _cnd: { lt: 1.2 } }] } },
	'v1.2': { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
};

/**
 * Authentication. Version 1.2 asks for a signature by default: the trigger then shows its
 * signing credential at once, and n8n fills it by itself when it is the credential most recently
 * saved of those the panel shows (it fills one only while the node has none).
 */
function authenticationOf(version: Layout): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Authentication',
		name: 'deliveryAuth',
		type: 'options',
		default: 'none',
		displayOptions: VERSIONS_SHOWN[version],
		description: 'How to check that a delivery comes from the provider',
		options: [
			{
				name: 'Header Token',
				value: 'headerToken',
				description:
					'A secret value in a header of each delivery (a Business Messaging Webhook Header Token credential)',
			},
			{ name: 'None', value: 'none' },
			{
				name: 'Signature (HMAC-SHA256)',
				value: 'signature',
				description:
					'A signature of the body made with a shared secret (a Business Messaging Webhook Signature credential)',
			},
		],
	};
	return version === 'v1.2' ? { ...field, default: 'signature' } : field;
}

/**
 * Where the state is kept, with its notices. n8n puts a node's credentials above the last field
 * their display depends on: version 1.2 puts this field right under Authentication, so the
 * signing credential shows there, not below the options (issue 38's finding).
 */
function stateFieldsOf(version: Layout): INodeProperties[] {
	return [
		{
			displayName: 'Keep State In',
			name: 'keepStateIn',
			type: 'options',
			displayOptions: VERSIONS_SHOWN[version],
			default: 'process',
			description:
				'Where Collect Bursts, Skip Redeliveries, Send and Wait questions and chats handed to a person keep what outlives a delivery',
			options: [
				{
					name: 'Database (Data Tables)',
					value: 'database',
					description:
						'Kept across restarts and shared by every n8n process, through the n8n API (n8n 2.7 or later)',
				},
				{
					name: 'Process Memory',
					value: 'process',
					description: 'Memory: lost on a restart, not shared by several webhook processes',
				},
			],
		},
		{
			displayName:
				'Kept in this n8n process: a restart loses bursts still open (their messages were already answered) and forgets the events taken, the open free-text questions and the chats handed to a person; with several webhook processes each keeps its own, so a burst may become two executions and a redelivery to another process runs again. Choose Database (Data Tables) to keep them across restarts and processes.',
			name: 'processStateNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { ...VERSIONS_SHOWN[version]?.show, keepStateIn: ['process'] } },
		},
		{
			displayName:
				'Several workflows on one app: publishing registers this trigger with what it takes. The trigger whose Production URL is in the provider dashboard receives the app’s events and passes each on to every other published trigger with this Authentication credential that takes it; putting another trigger’s URL there moves that role to it. Items passed on name, in sharedBy, the workflow the provider called.',
			name: 'sharingNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: {
					...VERSIONS_SHOWN[version]?.show,
					keepStateIn: ['database'],
					deliveryAuth: ['signature', 'headerToken'],
				},
			},
		},
	];
}

/**
 * The trigger's fields: the URL notice, the events to take, the numbers, the delivery check,
 * options. Version 1.1 moved the numbers out of Options (numberDescription.ts).
 */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Copy the Production URL above into the provider dashboard, where the app’s messaging webhook is configured. Or let publishing register it for some numbers: Options › Only These Numbers and Send These Numbers’ Events Here (see the Docs link: several workflows on one app). Use the Test URL while you build the workflow.',
		name: 'registerNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName:
			'Copy the Production URL above into the provider dashboard, where the app’s messaging webhook is configured, or let publishing register it for some numbers: Numbers › Chosen Numbers, Sent Here (several workflows on one app). Use the Test URL while you build the workflow.',
		name: 'registerNotice',
		type: 'notice',
		default: '',
		// With Sent Here, publishing registers the URL: its own notice says so.
		displayOptions: {
			show: { '@version': [{ _cnd: { gte: 1.1 } }], numberRouting: ['all', 'filter'] },
		},
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		// Events added later stay out of the default, so saved workflows receive what they did.
		default: ['incomingMessage', 'messageStatus', 'templateStatus'],
		description: 'Which events start the workflow',
		options: [
			{
				name: 'Account Alert',
				value: 'accountAlert',
				description: 'An alert about the account or a number, e.g. a messaging limit',
			},
			{
				name: 'Account Update',
				value: 'accountUpdate',
				description: 'The account was verified, restricted, banned, or a partner was added',
			},
			{
				name: 'Business App Contact Sync',
				value: 'contactSync',
				description: 'A contact was added to or removed from the WhatsApp Business app',
			},
			{
				name: 'Business App History',
				value: 'history',
				description: 'A past chat the WhatsApp Business app shared, one item per chat',
			},
			{
				name: 'Business App Message Echo',
				value: 'messageEcho',
				description: 'A person sent a message from the WhatsApp Business app',
			},
			{
				name: 'Call',
				value: 'call',
				description: 'A WhatsApp call connected, rang, was answered or ended',
			},
			{
				name: 'Chat Control Passed to Us',
				value: 'controlPassed',
				description:
					"Another app on the number (Meta's Business Agent, a helpdesk) passed a chat to this app: it is ours to answer again",
			},
			{
				name: 'Chat Control Taken From Us',
				value: 'controlTaken',
				description:
					'Another app on the number took a chat over: its messages come as standby copies until it is passed back',
			},
			{
				name: 'Error',
				value: 'error',
				description: 'An error the platform reports outside a message, e.g. a rate limit',
			},
			{
				name: 'Incoming Message',
				value: 'incomingMessage',
				description:
					'A customer wrote (text, media, a reaction, a button reply, a Flow, an order, an edit, a deletion, ...)',
			},
			{
				name: 'Marketing Preference',
				value: 'marketingPreference',
				description: 'A customer stopped or resumed marketing messages',
			},
			{
				name: 'Message Status',
				value: 'messageStatus',
				description: 'A sent message was sent, delivered, read, played, or failed',
			},
			{
				name: 'Other Webhook Event',
				value: 'other',
				description:
					'Anything else the app receives, as received; also the kinds above not chosen that came this way before',
			},
			{
				name: 'Template Category',
				value: 'templateCategory',
				description: 'A template was recategorized, or will be',
			},
			{
				name: 'Template Components',
				value: 'templateComponents',
				description: "A template's text or buttons changed",
			},
			{
				name: 'Template Quality',
				value: 'templateQuality',
				description: "A template's quality score changed",
			},
			{
				name: 'Template Status',
				value: 'templateStatus',
				description:
					'A template review decided, or a template was paused, disabled or changed status',
			},
			{
				name: 'User ID Update',
				value: 'userIdUpdate',
				description: "A customer's user ID changed (it changes with their number)",
			},
		],
	},
	{
		displayName: 'Message Statuses',
		name: 'statuses',
		type: 'multiOptions',
		default: ['delivered', 'failed', 'read', 'sent'],
		description: 'Which message statuses start the workflow',
		displayOptions: { show: { events: ['messageStatus'] } },
		options: [
			{ name: 'Delivered', value: 'delivered' },
			{ name: 'Failed', value: 'failed' },
			{
				name: 'Other',
				value: 'other',
				description: 'A status not listed here, passed on as received',
			},
			{
				name: 'Played',
				value: 'played',
				description: 'A voice message was played for the first time',
			},
			{ name: 'Read', value: 'read' },
			{ name: 'Sent', value: 'sent' },
		],
	},
	...numberProperties,
	authenticationOf('v1'),
	authenticationOf('v1.2'),
	{
		displayName:
			'Anyone who knows the URL can start this workflow and answer Send and Wait questions in a customer’s name, and the URL check (verify token) is not answered. Choose a signature or a header token if the provider offers one.',
		name: 'noAuthNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { deliveryAuth: ['none'] } },
	},
	// Version 1.2: the credentials, then where the state is kept, then options.
	...stateFieldsOf('v1.2'),
	optionsOf('v1'),
	optionsOf('v1.1'),
	optionsOf('v1.2'),
	...stateFieldsOf('v1'),
];

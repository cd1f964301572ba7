import type { INodeProperties } from 'n8n-workflow';

/**
 * Which numbers' events start the workflow, and whether publishing sends them here.
 *
 * Version 1 had these as two options: Only These Numbers, a filter, and Send These Numbers'
 * Events Here. A new user picked the numbers alone, published, and received nothing, since a
 * filter does not make the platform send anything here. Version 1.1 asks it as one choice,
 * beside the numbers, with a notice for each way (a notice can follow only a top-level field:
 * n8n 1.x cannot resolve "options.x").
 */
export const numberProperties: INodeProperties[] = [
	{
		displayName: 'Numbers',
		name: 'numberRouting',
		type: 'options',
		default: 'all',
		description: "Which numbers' events start the workflow",
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
		options: [
			{
				name: 'All That Reach This URL',
				value: 'all',
				description:
					'Every event the platform sends to this URL: the URL registered for the app in the provider dashboard',
			},
			{
				name: 'Chosen Numbers, Filtered Only',
				value: 'filter',
				description:
					"Only the chosen numbers' events start the workflow, of those that already reach this URL; publishing registers nothing",
			},
			{
				name: 'Chosen Numbers, Sent Here',
				value: 'sendHere',
				description:
					"Publishing points the chosen numbers' events at this workflow, so several workflows can share one app; unpublishing undoes it",
			},
		],
	},
	{
		displayName: 'Phone Number Names or IDs',
		name: 'phoneNumberIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'phoneNumbers' },
		required: true,
		default: [],
		description:
			'The numbers whose messages, receipts, calls, echoes and preferences start the workflow (the credential lists them). Events of the account, such as templates, always pass. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: {
			show: { '@version': [{ _cnd: { gte: 1.1 } }], numberRouting: ['filter', 'sendHere'] },
		},
	},
	{
		displayName:
			"Publishing makes these numbers send their messages, receipts and calls to this workflow's Production URL, and Listen for Test Event to its Test URL while it listens. Needs the API credential, and a Verify Token in the Authentication's credential: the platform checks the URL with it. Template and account events still go to the app's URL.",
		name: 'sendHereNotice',
		type: 'notice',
		default: '',
		displayOptions: {
			show: { '@version': [{ _cnd: { gte: 1.1 } }], numberRouting: ['sendHere'] },
		},
	},
	{
		displayName:
			"Publishing registers nothing: these numbers' events start the workflow only if they already reach this URL (the app's URL in the provider dashboard). To make them come here, choose Numbers › Chosen Numbers, Sent Here.",
		name: 'filterNotice',
		type: 'notice',
		default: '',
		displayOptions: {
			show: { '@version': [{ _cnd: { gte: 1.1 } }], numberRouting: ['filter'] },
		},
	},
];

/** Version 1's Options › Only These Numbers and Send These Numbers' Events Here. */
export const V1_NUMBER_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Only These Numbers',
		name: 'onlyNumbers',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'phoneNumbers' },
		default: [],
		description:
			'Start the workflow only for the events of these numbers that reach its URL: messages, receipts, calls, echoes, preferences (the credential lists them). To make the numbers send their events to this workflow, also add Send These Numbers’ Events Here. Events of the account, such as templates, always pass. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: "Send These Numbers' Events Here",
		name: 'sendNumbersHere',
		type: 'boolean',
		// Added from Add option, it is meant on: no second click.
		default: true,
		description:
			"Whether publishing this workflow registers its URL as the webhook override of the numbers in Only These Numbers, so their messages, receipts and calls come here and not to the app's URL (template events still go there). Unpublishing removes it. Needs the credential, and a Verify Token in the Authentication's credential.",
	},
];

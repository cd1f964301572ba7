import type { INodeProperties } from 'n8n-workflow';

/**
 * "Request Options": how the node retries. Shown for every operation; its defaults are
 * DEFAULT_RETRY's, and common/parameters.ts reads it (retrySettings, concurrency).
 */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	description:
		'How failed requests are retried. Rate-limited requests are always retried after the wait the API asks for; sends and refunds are never repeated when they may have gone through.',
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 20 },
			default: 1,
			description:
				'How many input items are processed at the same time (1 to 20). Output order stays the input order.',
		},
		{
			displayName: 'First Retry Delay (Ms)',
			name: 'baseDelayMs',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 1000,
			description: 'Wait before the first retry; it doubles at each further retry',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description: 'How many times a failed request is tried again (0 to 10)',
		},
		{
			displayName: 'Max Wait (Ms)',
			name: 'maxWaitMs',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60000,
			description:
				'If the API asks to wait longer than this before retrying, fail instead of waiting',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 1000 },
			default: 60000,
			description: 'Time allowed for one request',
		},
	],
};

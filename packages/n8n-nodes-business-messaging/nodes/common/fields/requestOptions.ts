import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DEFAULT_RETRY, type RetrySettings } from '../transport';

/** "Request Options": how the node retries. Shown for every operation; defaults as DEFAULT_RETRY. */
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

export function retrySettings(this: IExecuteFunctions, itemIndex: number): RetrySettings {
	const options = this.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject;
	const pick = (name: keyof RetrySettings, min: number, max: number) => {
		const value = Number(options[name] ?? DEFAULT_RETRY[name]);
		return Number.isFinite(value)
			? Math.min(Math.max(Math.round(value), min), max)
			: DEFAULT_RETRY[name];
	};
	return {
		maxRetries: pick('maxRetries', 0, 10),
		baseDelayMs: pick('baseDelayMs', 0, 600_000),
		maxWaitMs: pick('maxWaitMs', 0, 3_600_000),
		timeoutMs: pick('timeoutMs', 1000, 3_600_000),
	};
}

/** Items processed at the same time (the first item's setting applies to the run). */
export function concurrency(this: IExecuteFunctions): number {
	const options = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const value = Math.round(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.min(Math.max(value, 1), 20) : 1;
}

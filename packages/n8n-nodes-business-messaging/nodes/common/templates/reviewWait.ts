import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { getTemplate } from '../api/templates';
import type { RequestContext } from '../transport';

/**
 * Template › Create › Wait for the Review. The review's event names only the template, not the
 * execution that created it, and the creating node has no way to tell the trigger which
 * execution waits: so this wait asks the API instead, more and more rarely (2 s, doubling up to
 * 1 minute), until the review decides or the limit is reached. The execution runs meanwhile.
 */
export const reviewWaitFields: INodeProperties[] = [
	{
		displayName: 'Wait for the Review',
		name: 'waitForReview',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the review decides (APPROVED or REJECTED, with the reason) before the workflow goes on',
	},
	{
		displayName: 'Review Wait Limit (Minutes)',
		name: 'reviewWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 60,
		displayOptions: { show: { waitForReview: [true] } },
		description:
			'When the review has not decided by then, the workflow goes on with reviewed: false (the status is still PENDING)',
	},
];

const FIRST_DELAY_MS = 2_000;
const LONGEST_DELAY_MS = 60_000;

/** The review's outcome: `status`, `reviewed`, and `rejectedReason` when the API gives one. */
export async function waitForReview(
	this: IExecuteFunctions,
	templateId: string,
	itemIndex: number,
	request: RequestContext,
): Promise<IDataObject> {
	const minutes = Number(this.getNodeParameter('reviewWaitMinutes', itemIndex, 60));
	if (!Number.isFinite(minutes) || minutes <= 0)
		throw new NodeOperationError(
			this.getNode(),
			`Review Wait Limit (Minutes) must be a number above 0 (got ${JSON.stringify(minutes)})`,
			{ itemIndex },
		);
	const deadline = Date.now() + minutes * 60_000;
	const cancelled = this.getExecutionCancelSignal?.();
	let delay = FIRST_DELAY_MS;
	for (;;) {
		const template = await getTemplate.call(this, templateId, request);
		const status = typeof template.status === 'string' ? template.status : undefined;
		if (status && status !== 'PENDING')
			return {
				status,
				reviewed: true,
				...(template.rejected_reason && template.rejected_reason !== 'NONE'
					? { rejectedReason: template.rejected_reason }
					: {}),
				reviewedAt: new Date().toISOString(),
			};
		const left = deadline - Date.now();
		if (left <= 0 || cancelled?.aborted) return { status: status ?? 'PENDING', reviewed: false };
		await sleep(Math.min(delay, left));
		delay = Math.min(delay * 2, LONGEST_DELAY_MS);
	}
}

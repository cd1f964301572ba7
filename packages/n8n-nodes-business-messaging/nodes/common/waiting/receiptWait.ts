import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { WAITED_RECEIPTS } from './receipts';
import { waitFor } from './waitFor';

/**
 * Options › Wait for Receipt of the chat sends: after sending, the execution waits until the
 * message's receipt says it was delivered (or read), or that it failed, or until the limit.
 * The receipt reaches the Business Messaging Trigger, which resumes the execution: the message
 * carries its reference in its callback data, which every receipt hands back.
 */
export const receiptWaitOptions: INodeProperties[] = [
	{
		displayName: 'Wait for Receipt',
		name: 'waitForReceipt',
		type: 'options',
		default: 'read',
		options: [
			{
				name: 'Delivered',
				value: 'delivered',
				description: 'Wait until the message reached the customer’s phone (or failed)',
			},
			{
				name: 'Read',
				value: 'read',
				description: 'Wait until the customer opened it (or it failed)',
			},
		],
		description:
			'After sending, wait for the message’s receipt before the workflow goes on; needs an active Business Messaging Trigger. One item per execution.',
	},
	{
		displayName: 'Receipt Wait Limit (Minutes)',
		name: 'receiptWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 60,
		description:
			'When no receipt came by then, the workflow goes on with receiptStatus: none. Customers with read receipts turned off never send "read".',
	},
];

/**
 * Runs `send` (with the callback data to put on the message when a receipt is awaited), then
 * waits for the receipt if Options › Wait for Receipt is set.
 */
export async function waitForReceipt(
	this: IExecuteFunctions,
	item: ItemContext,
	send: (callbackData: string | undefined) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const options = item.options();
	if (options.waitForReceipt === undefined)
		return (await send(undefined)).map((json) => ({ json }));
	const node = this.getNode();
	const wanted = String(options.waitForReceipt);
	if (!(WAITED_RECEIPTS as readonly string[]).includes(wanted))
		throw new NodeOperationError(
			node,
			`Options › Wait for Receipt "${wanted}" is not one of ${WAITED_RECEIPTS.join(', ')}`,
			{ itemIndex },
		);
	const items = this.getInputData().length;
	if (items !== 1)
		throw new NodeOperationError(
			node,
			`Options › Wait for Receipt waits for one message per execution; this run has ${items} items`,
			{
				itemIndex,
				description:
					'n8n resumes a waiting execution once. Put a Loop Over Items node (batch size 1) before this node, or remove the option.',
			},
		);
	const minutes = Number(options.receiptWaitMinutes ?? 60);
	if (!Number.isFinite(minutes) || minutes <= 0)
		throw new NodeOperationError(
			node,
			`Options › Receipt Wait Limit (Minutes) must be a number above 0 (got ${JSON.stringify(options.receiptWaitMinutes)})`,
			{ itemIndex },
		);
	return await waitFor.call(
		this,
		new Date(Date.now() + minutes * 60_000),
		async (references) => {
			const [sent] = await send(references.id('receipt', wanted));
			return { ...sent, waitedFor: wanted };
		},
		{ receiptStatus: 'none' },
	);
}

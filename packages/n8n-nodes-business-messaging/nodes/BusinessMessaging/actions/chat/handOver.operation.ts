import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { threadControl } from '../../../common/api/routing';
import { threadControlBody } from '../../../common/messages/threadControl';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { customerField } from '../../../common/fields/recipient';
import { customerValue, limitedText, locatorValue } from '../../../common/parameters';
import { handoverStore, isoTime, keptIn, through } from './chatState';
import { keepStateInField, MAX_HOURS, throughField } from './handoverFields';
import type { ItemExecute } from '../types';

/** The node's own bound on a note: it travels with every item of the chat while handed over. */
const NOTE_MAX = 1000;
const DEFAULT_HOURS = 24;

const properties: INodeProperties[] = [
	phoneNumberLocator(),
	customerField('The customer whose chat a person takes over'),
	throughField('pass'),
	{ ...keepStateInField(), displayOptions: { show: { through: ['state'] } } },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: `Why the chat is handed over, up to ${NOTE_MAX} characters: the trigger's items of the chat carry it (note); thread control passes it to the other app`,
			},
			{
				displayName: 'Time Limit (Hours)',
				name: 'timeLimitHours',
				type: 'number',
				typeOptions: { minValue: 0.01, maxValue: MAX_HOURS, numberPrecision: 2 },
				default: DEFAULT_HOURS,
				displayOptions: { show: { '/through': ['state'] } },
				description: `After this long (at most ${MAX_HOURS} hours, 30 days) the chat is the workflow's again by itself, if nobody handed it back`,
			},
		],
	},
];

export const description = updateDisplayOptions(forOperation('chat', 'handOver'), properties);

/**
 * Hands one chat per item to a person. By default the chat's state says so, in the trigger's
 * store: the trigger of the number starts nothing for its messages (or marks them) until Hand
 * Back or the time limit. Recorded twice, the state is the same, so this is no side effect n8n's
 * Retry On Fail would double. Through thread control the chat passes to the other app on the
 * number instead: this app then gets only standby copies of it, which the trigger marks, until
 * the chat is ours again; a pass repeated is refused by the platform.
 */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const customer = customerValue.call(this, itemIndex);
	const options = item.options();
	const note = limitedText(this.getNode(), 'Note', options.note ?? '', NOTE_MAX, itemIndex).trim();
	const noted = note ? { note } : {};
	if (through.call(this, itemIndex) === 'routing') {
		await threadControl.call(
			this,
			phoneNumberId,
			threadControlBody({ customer, action: 'pass', note: note || undefined }),
			item.request,
		);
		const json = {
			phoneNumberId,
			customer,
			handledByPerson: true,
			handedOverAt: isoTime(Date.now()),
			handedOverBy: 'routing',
			...noted,
		};
		return [{ json }];
	}
	const hours = Number(options.timeLimitHours ?? DEFAULT_HOURS);
	if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_HOURS)
		throw new NodeOperationError(
			this.getNode(),
			`Time Limit (Hours) "${String(options.timeLimitHours)}" is not a number of hours above 0 and at most ${MAX_HOURS} (30 days)`,
			{ itemIndex },
		);
	const where = keptIn.call(this, itemIndex);
	const store = await handoverStore.call(this, where);
	const at = Date.now();
	const until = at + hours * 60 * 60 * 1000;
	await store.record(phoneNumberId, [customer], {
		state: 'handedOver',
		by: 'workflow',
		at,
		until,
		...noted,
	});
	const json = {
		phoneNumberId,
		customer,
		handledByPerson: true,
		handedOverAt: isoTime(at),
		handedOverBy: 'workflow',
		...noted,
		until: isoTime(until),
		keptIn: where,
	};
	return [{ json }];
};

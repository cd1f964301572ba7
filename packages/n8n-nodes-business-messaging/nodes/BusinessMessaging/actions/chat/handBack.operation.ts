import type { INodeProperties } from 'n8n-workflow';
import { threadControl } from '../../../common/api/routing';
import { threadControlBody } from '../../../common/messages/threadControl';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { customerField } from '../../../common/fields/recipient';
import { customerValue, locatorValue } from '../../../common/parameters';
import { handoverStore, isoTime, keptIn, through } from './chatState';
import { keepStateInField, throughField } from './handoverFields';
import { handedBack } from '../../../common/store/chatHandovers';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	phoneNumberLocator(),
	customerField('The customer whose chat the workflow answers again'),
	throughField('take'),
	keepStateInField(),
];

export const description = updateDisplayOptions(forOperation('chat', 'handBack'), properties);

/**
 * Hands one chat per item back to the workflow: the trigger starts it again for the chat's next
 * message, whoever handed the chat over in the trigger's state (the workflow, a person answering).
 * With thread control the chat is first taken back from the other app on the number. Both leave
 * the same state when done twice, so both may be repeated.
 */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const customer = customerValue.call(this, itemIndex);
	const where = keptIn.call(this, itemIndex);
	const way = through.call(this, itemIndex);
	const store = await handoverStore.call(this, where);
	if (way === 'routing')
		await threadControl.call(
			this,
			phoneNumberId,
			threadControlBody({ customer, action: 'take' }),
			item.request,
		);
	const at = Date.now();
	await store.record(phoneNumberId, [customer], handedBack(at));
	return [
		{
			json: {
				phoneNumberId,
				customer,
				handledByPerson: false,
				handedBackAt: isoTime(at),
				keptIn: where,
			},
		},
	];
};

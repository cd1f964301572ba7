import type { INodeProperties } from 'n8n-workflow';
import { listBlockedUsers } from '../../../common/api/blockUsers';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { returnAllFields } from '../../../common/fields/returnAll';
import { locatorValue, resultLimit } from '../../../common/parameters';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [phoneNumberLocator(), ...returnAllFields];

export const description = updateDisplayOptions(
	forOperation('account', 'listBlockedUsers'),
	properties,
);

/** One item per customer the number blocked, in the order they were blocked. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const users = await listBlockedUsers.call(
		this,
		phoneNumberId,
		resultLimit.call(this, itemIndex),
		item.request,
	);
	return users.map((json) => ({ json }));
};

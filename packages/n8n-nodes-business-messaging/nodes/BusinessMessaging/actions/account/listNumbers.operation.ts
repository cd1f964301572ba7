import type { INodeProperties } from 'n8n-workflow';
import { listNumbers } from '../../../common/api/account';
import type { ItemExecute } from '../types';

export const description: INodeProperties[] = [];

/** One item per number the API key can use (4.1), as the API returns it. */
export const execute: ItemExecute = async function (item) {
	return (await listNumbers.call(this, item.request)).map((number) => ({ json: number }));
};

import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import { getPricingAnalytics, type PricingDimension } from '../../../common/api/analytics';
import { isoFromSeconds } from '../../../common/time';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { periodFields, periodValue } from '../../../common/fields/period';
import { returnAllFields } from '../../../common/fields/returnAll';
import { locatorValue, resultLimit } from '../../../common/parameters';
import type { ItemExecute } from '../types';

const DIMENSIONS: Array<{ name: string; value: PricingDimension }> = [
	{ name: 'Business Number', value: 'PHONE' },
	{ name: 'Country', value: 'COUNTRY' },
	{ name: 'Pricing Category', value: 'PRICING_CATEGORY' },
	{ name: 'Pricing Type', value: 'PRICING_TYPE' },
];

const properties: INodeProperties[] = [
	businessAccountLocator(),
	...periodFields,
	{
		displayName: 'Granularity',
		name: 'granularity',
		type: 'options',
		default: 'DAILY',
		options: [
			{ name: 'Day', value: 'DAILY' },
			{ name: 'Month', value: 'MONTHLY' },
		],
		description: 'One item per day or per month of the period',
	},
	{
		displayName: 'Split By',
		name: 'dimensions',
		type: 'multiOptions',
		default: ['PRICING_CATEGORY'],
		options: DIMENSIONS,
		description: 'One item per value of each: e.g. per pricing category (marketing, utility, …)',
	},
	...returnAllFields,
];

export const description = updateDisplayOptions(
	forOperation('analytics', 'getPricingAnalytics'),
	properties,
);

/** One item per period and split: messages charged (volume) and their cost, in the account's currency. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const node = this.getNode();
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const period = periodValue.call(this, itemIndex);
	const granularity = this.getNodeParameter('granularity', itemIndex, 'DAILY');
	if (granularity !== 'DAILY' && granularity !== 'MONTHLY')
		throw new NodeOperationError(
			node,
			`Granularity "${String(granularity)}" is not one of DAILY, MONTHLY`,
			{ itemIndex },
		);
	// An expression may give one text ("COUNTRY" or "COUNTRY, PHONE") rather than a list.
	const given = this.getNodeParameter('dimensions', itemIndex, []) as unknown;
	const dimensions = (
		typeof given === 'string' ? given.split(',') : Array.isArray(given) ? given : [given]
	)
		.map((dimension) => String(dimension).trim())
		.filter((dimension) => dimension !== '');
	const known = DIMENSIONS.map((d) => d.value as string);
	for (const dimension of dimensions)
		if (!known.includes(String(dimension)))
			throw new NodeOperationError(
				node,
				`Split By "${String(dimension)}" is not one of ${known.join(', ')}`,
				{ itemIndex },
			);
	const { currency, points } = await getPricingAnalytics.call(
		this,
		accountId,
		{ ...period, granularity, dimensions: dimensions as PricingDimension[] },
		item.request,
	);
	return points
		.slice(0, resultLimit.call(this, itemIndex))
		.map((point) => ({ json: pricingRow(point, currency) }));
};

/** A data point with its times as dates and the API's names in camelCase, for a sheet. */
function pricingRow(point: IDataObject, currency: unknown): IDataObject {
	return {
		start: isoFromSeconds(point.start),
		end: isoFromSeconds(point.end),
		...(point.pricing_category !== undefined ? { pricingCategory: point.pricing_category } : {}),
		...(point.pricing_type !== undefined ? { pricingType: point.pricing_type } : {}),
		...(point.country !== undefined ? { country: point.country } : {}),
		...(point.phone_number !== undefined ? { phoneNumber: point.phone_number } : {}),
		volume: point.volume ?? 0,
		cost: point.cost ?? 0,
		...(typeof currency === 'string' ? { currency } : {}),
	};
}

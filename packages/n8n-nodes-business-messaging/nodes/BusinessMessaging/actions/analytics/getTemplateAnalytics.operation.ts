import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { getBusinessAccount } from '../../../common/api/account';
import { getTemplateAnalytics, type TemplateDataPoint } from '../../../common/api/analytics';
import { listTemplates } from '../../../common/api/templates';
import { isoFromSeconds } from '../../../common/time';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { periodFields, periodValue } from '../../../common/fields/period';
import { returnAllFields } from '../../../common/fields/returnAll';
import { checkedId, locatorValue, resultLimit } from '../../../common/parameters';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	businessAccountLocator(),
	{
		displayName: 'Template IDs',
		name: 'templateIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1234567890, 9876543210',
		description:
			'The templates to report on, separated by commas. Empty: every template of the business account.',
	},
	...periodFields,
	...returnAllFields,
];

export const description = updateDisplayOptions(
	forOperation('analytics', 'getTemplateAnalytics'),
	properties,
);

/**
 * One item per template and day: sent, delivered, read, clicked and cost, flat, with the
 * template's name and the account's currency, ready for a sheet.
 */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const period = periodValue.call(this, itemIndex);
	const typed = String(this.getNodeParameter('templateIds', itemIndex, '') ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean)
		.map((id) => checkedId(this.getNode(), 'Template IDs', id, itemIndex));
	// Every template gives a data point a day, so a Limit of N needs N templates at most: no more
	// are listed or asked for.
	const limit = resultLimit.call(this, itemIndex);
	const templates = await item.once(
		`templates:${accountId}:${limit ?? 'all'}`,
		async () =>
			await listTemplates.call(this, accountId, {}, typed.length ? {} : { limit }, item.request),
	);
	const ids = (typed.length ? typed : templates.map((t) => String(t.id))).slice(0, limit);
	const { currency } = await item.once(
		`currency:${accountId}`,
		async () => await getBusinessAccount.call(this, accountId, ['currency'], item.request),
	);
	const points = await getTemplateAnalytics.call(this, accountId, ids, period, item.request, limit);
	const named = new Map(templates.map((t) => [String(t.id), t]));
	return points.map((point) => ({
		json: reportRow(point, named.get(String(point.template_id)), currency),
	}));
};

/** A data point as one flat row: counts, clicks summed, cost by its type. */
function reportRow(
	point: TemplateDataPoint,
	template: IDataObject | undefined,
	currency: unknown,
): IDataObject {
	const clicks = Array.isArray(point.clicked) ? (point.clicked as IDataObject[]) : [];
	const costs = Array.isArray(point.cost) ? (point.cost as IDataObject[]) : [];
	const cost = (type: string) => {
		const value = costs.find((c) => c.type === type)?.value;
		return typeof value === 'number' ? value : undefined;
	};
	return {
		templateId: point.template_id,
		...(template?.name ? { templateName: template.name } : {}),
		...(template?.language ? { language: template.language } : {}),
		start: isoFromSeconds(point.start),
		end: isoFromSeconds(point.end),
		sent: point.sent ?? 0,
		delivered: point.delivered ?? 0,
		read: point.read ?? 0,
		clicked: clicks.reduce((sum, c) => sum + (typeof c.count === 'number' ? c.count : 0), 0),
		clicks,
		amountSpent: cost('amount_spent') ?? 0,
		...(cost('cost_per_delivered') !== undefined
			? { costPerDelivered: cost('cost_per_delivered') }
			: {}),
		...(typeof currency === 'string' ? { currency } : {}),
	};
}

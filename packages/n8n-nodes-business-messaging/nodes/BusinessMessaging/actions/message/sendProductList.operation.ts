import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { catalogField, productSectionFields } from '../../../common/fields/product';
import { textAndFooter } from '../../../common/messages/interactive';
import { footerField } from '../../../common/fields/interactive';
import { productListContent, productSections } from '../../../common/messages/products';
import { limitedText, locatorValue } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';

const fields: INodeProperties[] = [
	catalogField(),
	{
		displayName: 'Header Text',
		name: 'headerText',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Our new roasts',
		description: `The title above the products, up to ${LIMITS.headerText} characters`,
	},
	{
		displayName: 'Text',
		name: 'bodyText',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. Picked for you this week',
		description: `The message above the products, up to ${LIMITS.interactiveBody} characters`,
	},
	footerField,
	...productSectionFields,
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendProductList',
	fields,
	message: productListMessage,
});

/** Up to 30 products of the catalog in up to 10 sections (interactive `product_list`). */
async function productListMessage(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<ChatMessage> {
	const node = this.getNode();
	const { itemIndex } = item;
	const catalogId = locatorValue.call(this, 'catalogId', itemIndex);
	const header = limitedText(
		node,
		'Header Text',
		this.getNodeParameter('headerText', itemIndex, ''),
		LIMITS.headerText,
		itemIndex,
		{ required: true },
	);
	const text = textAndFooter(this, itemIndex, LIMITS.interactiveBody);
	const sections = productSections(this, itemIndex);
	return {
		content: productListContent({ header, ...text }, catalogId, sections),
		details: { catalogId, productRetailerIds: sections.flatMap((s) => s.retailerIds) },
	};
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { catalogField, productSectionFields } from '../../../common/fields/product';
import { textAndFooter } from '../../../common/messages/interactive';
import { footerField } from '../../../common/fields/interactive';
import { productListContent, productSections } from '../../../common/messages/products';
import { limitedText, locatorValue } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendProductList', [
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
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** Up to 30 products of the catalog in up to 10 sections (interactive `product_list`). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
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
	return await sendInChat.call(
		this,
		item,
		address,
		productListContent({ header, ...text }, catalogId, sections),
		{ catalogId, productRetailerIds: sections.flatMap((s) => s.retailerIds) },
	);
}

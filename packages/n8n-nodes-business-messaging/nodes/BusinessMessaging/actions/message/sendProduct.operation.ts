import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { catalogField, productLocator } from '../../../common/fields/product';
import { textAndFooter } from '../../../common/messages/interactive';
import { footerField } from '../../../common/fields/interactive';
import { productContent } from '../../../common/messages/products';
import { locatorValue, requiredText } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendProduct', [
	catalogField(),
	productLocator(),
	{
		displayName: 'Text',
		name: 'bodyText',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'e.g. The beans you asked about are back in stock',
		description: `A message under the product, up to ${LIMITS.interactiveBody} characters (optional)`,
	},
	footerField,
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** One product of the catalog, which the customer can add to a cart (interactive `product`). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const catalogId = locatorValue.call(this, 'catalogId', itemIndex);
	const retailerId = requiredText(
		node,
		'Product',
		this.getNodeParameter('productRetailerId', itemIndex, '', { extractValue: true }),
		itemIndex,
		{
			what: 'a retailer ID',
			whenEmpty: 'Product is empty: pick a product or give its retailer ID',
		},
	);
	const { body, footer } = textAndFooter(this, itemIndex, LIMITS.interactiveBody, {
		textRequired: false,
	});
	return await sendInChat.call(
		this,
		item,
		address,
		productContent(
			{ ...(body.trim() ? { body } : {}), ...(footer ? { footer } : {}) },
			{ catalogId, retailerId },
		),
		{ catalogId, productRetailerId: retailerId },
	);
}

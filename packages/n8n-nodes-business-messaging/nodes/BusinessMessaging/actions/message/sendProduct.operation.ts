import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { catalogField, productLocator } from '../../../common/fields/product';
import { textAndFooter } from '../../../common/messages/interactive';
import { footerField } from '../../../common/fields/interactive';
import { productContent } from '../../../common/messages/products';
import { locatorValue, requiredText } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';

const fields: INodeProperties[] = [
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
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendProduct',
	fields,
	message: productMessage,
});

/** One product of the catalog, which the customer can add to a cart (interactive `product`). */
async function productMessage(this: IExecuteFunctions, item: ItemContext): Promise<ChatMessage> {
	const node = this.getNode();
	const { itemIndex } = item;
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
	return {
		content: productContent(
			{ ...(body.trim() ? { body } : {}), ...(footer ? { footer } : {}) },
			{ catalogId, retailerId },
		),
		details: { catalogId, productRetailerId: retailerId },
	};
}

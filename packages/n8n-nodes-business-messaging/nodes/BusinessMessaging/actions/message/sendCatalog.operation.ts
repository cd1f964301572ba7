import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { productLocator } from '../../../common/fields/product';
import { textAndFooter } from '../../../common/messages/interactive';
import { footerField } from '../../../common/fields/interactive';
import { catalogContent } from '../../../common/messages/products';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';

const fields: INodeProperties[] = [
	{
		displayName: 'Text',
		name: 'bodyText',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. Browse our coffees and order in the chat',
		description: `The message above the View catalog button, up to ${LIMITS.interactiveBody} characters`,
	},
	footerField,
	productLocator(
		{
			name: 'thumbnailProduct',
			displayName: 'Thumbnail Product',
			description:
				'The product whose image heads the message, from the catalog connected to the sender’s business account (optional: empty shows the first product’s)',
		},
		{ required: false, searchListMethod: 'searchConnectedCatalogProducts' },
	),
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendCatalog',
	fields,
	message: catalogMessage,
});

/**
 * The catalog connected to the business account behind a View catalog button (interactive
 * `catalog_message`).
 */
async function catalogMessage(this: IExecuteFunctions, item: ItemContext): Promise<ChatMessage> {
	const { itemIndex } = item;
	const text = textAndFooter(this, itemIndex, LIMITS.interactiveBody);
	// A product picked or typed; a workflow saved before the picker has the retailer ID as text.
	const thumbnail = String(
		this.getNodeParameter('thumbnailProduct', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	return {
		content: catalogContent(text, thumbnail || undefined),
		details: thumbnail ? { thumbnailProductRetailerId: thumbnail } : {},
	};
}

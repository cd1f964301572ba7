import { invalid } from '../../errors';
import type { Catalog, Customer } from '../../model';
import { currencyDigits } from '../../rules/money';
import type { SandboxState } from '../../sandbox';
import { isObject, onlyKeys, requireInteger, requireString, type Json } from '../../validate';
import { replyContext, sentMessage } from './replies';

/**
 * A customer shopping from the catalog (Cloud API "Receive responses from customers" of the
 * commerce guides): the cart they send is an `order` message, and a question asked from a
 * product carries `context.referred_product`.
 */

/** The Cloud API's cart: a customer may add up to 99 units of one product. */
export const MAX_QUANTITY = 99;

/** A product or product_list message this number sent the customer, as `reply_to` names it. */
function productMessageReplied(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	replyTo: string,
): { context: { from: string; id: string }; catalogId: string } {
	const sent = sentMessage(
		sandbox,
		numberId,
		customer,
		replyTo,
		'a product or product_list message',
		(m) =>
			m.type === 'interactive' &&
			isObject(m.content) &&
			(m.content.type === 'product' || m.content.type === 'product_list'),
	);
	const action = (sent.content as Json).action as Json;
	return {
		context: replyContext(sandbox, numberId, sent.id),
		catalogId: String(action.catalog_id),
	};
}

/** The number's key's catalog `id` (or, without one, the connected catalog). */
function catalogFor(sandbox: SandboxState, numberId: string, id: unknown, field: string): Catalog {
	const apiKey = sandbox.store.numbers.get(numberId)!.apiKey;
	if (id === undefined) {
		const connected = sandbox.store.connectedCatalog(apiKey);
		if (!connected)
			throw invalid(field, "is required: the number's business account has no connected catalog");
		return connected;
	}
	const catalog = typeof id === 'string' ? sandbox.store.catalogs.get(id) : undefined;
	if (!catalog || catalog.apiKey !== apiKey)
		throw invalid(field, `must be a catalog of this number's API key (got ${JSON.stringify(id)})`);
	return catalog;
}

/**
 * `{type: "order", catalog_id?, items: [{product_retailer_id, quantity}], text?, reply_to?}`: the
 * platform's `order` object, each item's `item_price` (in major units, as the Cloud API sends it)
 * and `currency` taken from the catalog. The catalog is `catalog_id`, else the one of the product
 * message `reply_to` names, else the connected one.
 */
export function customerOrder(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	body: Json,
): { order: Json; context?: { from: string; id: string } } {
	const replied = repliedTo(sandbox, numberId, customer, body);
	const catalog = catalogFor(
		sandbox,
		numberId,
		body.catalog_id ?? replied?.catalogId,
		'catalog_id',
	);
	if (!Array.isArray(body.items) || body.items.length === 0)
		throw invalid('items', 'is required: at least one {product_retailer_id, quantity}');
	const productItems = body.items.map((entry, i) => {
		const at = `items[${i}]`;
		if (!isObject(entry)) throw invalid(at, 'must be {product_retailer_id, quantity}');
		onlyKeys(entry, ['product_retailer_id', 'quantity'], at);
		const retailerId = requireString(entry, 'product_retailer_id', `${at}.product_retailer_id`);
		const product = catalog.byRetailerId.get(retailerId);
		if (!product)
			throw invalid(
				`${at}.product_retailer_id`,
				`product ${retailerId} is not in catalog ${catalog.id}`,
			);
		const quantity = requireInteger(entry, 'quantity', `${at}.quantity`, 1, MAX_QUANTITY);
		return {
			product_retailer_id: retailerId,
			quantity,
			item_price: product.price / 10 ** currencyDigits(product.currency),
			currency: product.currency,
		};
	});
	const order: Json = { catalog_id: catalog.id, product_items: productItems };
	if (body.text !== undefined) order.text = requireString(body, 'text', 'text');
	return { order, ...(replied ? { context: replied.context } : {}) };
}

/**
 * `referred_product: {catalog_id, product_retailer_id}`: the customer asks about a product
 * ("Message business" on it); the message's `context` names it, with the product message
 * `reply_to` names when given.
 */
export function referredProductContext(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	body: Json,
): Json {
	const referred = body.referred_product;
	if (!isObject(referred))
		throw invalid('referred_product', 'must be {catalog_id, product_retailer_id}');
	onlyKeys(referred, ['catalog_id', 'product_retailer_id'], 'referred_product');
	const catalog = catalogFor(
		sandbox,
		numberId,
		requireString(referred, 'catalog_id', 'referred_product.catalog_id'),
		'referred_product.catalog_id',
	);
	const retailerId = requireString(
		referred,
		'product_retailer_id',
		'referred_product.product_retailer_id',
	);
	if (!catalog.byRetailerId.has(retailerId))
		throw invalid(
			'referred_product.product_retailer_id',
			`product ${retailerId} is not in catalog ${catalog.id}`,
		);
	const reply = repliedTo(sandbox, numberId, customer, body)?.context;
	return {
		...(reply ?? {}),
		referred_product: { catalog_id: catalog.id, product_retailer_id: retailerId },
	};
}

/** The product message `reply_to` names, when the body names one. */
function repliedTo(sandbox: SandboxState, numberId: string, customer: Customer, body: Json) {
	return body.reply_to === undefined
		? undefined
		: productMessageReplied(
				sandbox,
				numberId,
				customer,
				requireString(body, 'reply_to', 'reply_to'),
			);
}

import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';
import { orderTotals } from '../events/orderTotals';

/**
 * An order's prices and quantities as the delivery wrote them. JSON.parse turns every number
 * into a double, which keeps about 15 significant digits: 0.1000000000000000000001 becomes 0.1
 * and 100000000000000000001 becomes 100000000000000000000 before the trigger sees them. The
 * raw body (the bytes n8n keeps for the signature) still has them whole, so an order's totals
 * are summed from there.
 */

/** The JSON text with every number outside a string put in quotes, so that it parses whole. */
function numbersAsText(json: string): string {
	let out = '';
	let inString = false;
	for (let i = 0; i < json.length; i++) {
		const char = json[i];
		if (inString) {
			out += char;
			if (char === '\\') out += json[++i] ?? '';
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') {
			inString = true;
			out += char;
			continue;
		}
		if (char === '-' || (char >= '0' && char <= '9')) {
			let end = i + 1;
			while (end < json.length && /[0-9eE.+-]/.test(json[end])) end++;
			out += `"${json.slice(i, end)}"`;
			i = end - 1;
			continue;
		}
		out += char;
	}
	return out;
}

function objects(value: unknown): IDataObject[] {
	return Array.isArray(value)
		? value.filter((v): v is IDataObject => typeof v === 'object' && v !== null)
		: [];
}

/** Each order message's items, by message ID, with their numbers as written. */
function exactOrderItems(raw: Buffer): Map<string, IDataObject[]> {
	const found = new Map<string, IDataObject[]>();
	let whole: unknown;
	try {
		whole = JSON.parse(numbersAsText(raw.toString('utf8')));
	} catch {
		// Not JSON as a whole: the totals stay as summed from the parsed body.
		return found;
	}
	const body = (typeof whole === 'object' && whole !== null ? whole : {}) as IDataObject;
	for (const entry of objects(body.entry))
		for (const change of objects(entry.changes)) {
			const value = (change.value ?? {}) as IDataObject;
			for (const message of objects(value.messages)) {
				const order = message.order as IDataObject | undefined;
				if (typeof message.id === 'string' && order)
					found.set(message.id, objects(order.product_items));
			}
		}
	return found;
}

/** The events, each order's totals summed from the delivery's own text. */
export function withExactOrderTotals(
	events: TriggerEvent[],
	raw: Buffer | undefined,
): TriggerEvent[] {
	if (!raw || !events.some((e) => e.order !== undefined)) return events;
	const exact = exactOrderItems(raw);
	return events.map((event) => {
		const items = typeof event.messageId === 'string' ? exact.get(event.messageId) : undefined;
		if (!items || typeof event.order !== 'object' || event.order === null) return event;
		const totals = orderTotals(items);
		const order = { ...(event.order as IDataObject) };
		if (totals.length > 0) order.totals = totals;
		else delete order.totals;
		return { ...event, order };
	});
}

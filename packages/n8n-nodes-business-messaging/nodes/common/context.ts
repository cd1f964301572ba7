import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { retrySettings } from './parameters';
import type { RequestContext } from './transport';

/**
 * What an operation is handed for one input item, made once by the router: the item's index,
 * the options every API call of the item takes (the index for its errors, the retry settings),
 * and the once-per-run cache.
 */
export interface ItemContext {
	itemIndex: number;
	request: RequestContext;
	/** Loads something once per node run, not once per item (see oncePerRun). */
	once<T>(key: string, load: () => Promise<T>): Promise<T>;
	/**
	 * The operation's Options collection for this item, read once: every read resolves each of
	 * its expressions again (Reply To, Idempotency Key), and a send asks for it three or four
	 * times (address, idempotency key, receipt wait, template header). Callers do not change it.
	 */
	options(): IDataObject;
}

export function itemContext(this: IExecuteFunctions, itemIndex: number): ItemContext {
	let options: IDataObject | undefined;
	return {
		itemIndex,
		request: { itemIndex, retry: retrySettings.call(this, itemIndex) },
		once: async (key, load) => await oncePerRun(this, key, load),
		options: () => (options ??= this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
}

const runs = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Loads something once per node run (one execution context), not once per item: the items of
 * a run share the answer. A failure is forgotten, so that the next item asks again.
 */
function oncePerRun<T>(run: object, key: string, load: () => Promise<T>): Promise<T> {
	let cache = runs.get(run);
	if (!cache) runs.set(run, (cache = new Map()));
	const known = cache.get(key) as Promise<T> | undefined;
	if (known) return known;
	const loading = load();
	cache.set(key, loading);
	loading.catch(() => cache.delete(key));
	return loading;
}

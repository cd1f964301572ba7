const runs = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Loads something once per node run (one execution context), not once per item: the items of
 * a run share the answer. A failure is forgotten, so that the next item asks again.
 */
export function oncePerRun<T>(run: object, key: string, load: () => Promise<T>): Promise<T> {
	let cache = runs.get(run);
	if (!cache) runs.set(run, (cache = new Map()));
	const known = cache.get(key) as Promise<T> | undefined;
	if (known) return known;
	const loading = load();
	cache.set(key, loading);
	loading.catch(() => cache.delete(key));
	return loading;
}

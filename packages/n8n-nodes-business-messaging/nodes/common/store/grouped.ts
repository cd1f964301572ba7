/**
 * Group commit for the store's calls: while a call of one kind is under way in this process, the
 * calls of that kind that come meanwhile wait and go together in the next one (no timers: the
 * batch is whatever queued during the call before). Each caller gets its own part of the result,
 * or the error of the call its input went in. Under load this turns one call per delivery into
 * one call per batch of deliveries; alone, a call goes at once.
 */
interface Waiting<In, Out> {
	input: In;
	done: (output: Out) => void;
	failed: (error: unknown) => void;
}

interface Group<In, Out> {
	waiting: Array<Waiting<In, Out>>;
	flushing: boolean;
}

const groups = new Map<string, Group<unknown, unknown>>();

/**
 * Runs `input` in the group `key`: `run` takes the inputs of a batch and returns one output per
 * input, in order. A batch holds inputs while `fits` says the next one still fits.
 */
export async function grouped<In, Out>(
	key: string,
	input: In,
	run: (inputs: In[]) => Promise<Out[]>,
	fits: (batch: In[], next: In) => boolean,
): Promise<Out> {
	let group = groups.get(key) as Group<In, Out> | undefined;
	if (!group) {
		group = { waiting: [], flushing: false };
		groups.set(key, group as Group<unknown, unknown>);
	}
	const result = new Promise<Out>((done, failed) => group.waiting.push({ input, done, failed }));
	if (!group.flushing) void flush(group, run, fits);
	return await result;
}

async function flush<In, Out>(
	group: Group<In, Out>,
	run: (inputs: In[]) => Promise<Out[]>,
	fits: (batch: In[], next: In) => boolean,
): Promise<void> {
	group.flushing = true;
	try {
		while (group.waiting.length > 0) {
			const batch: Array<Waiting<In, Out>> = [group.waiting.shift()!];
			while (
				group.waiting.length > 0 &&
				fits(
					batch.map((w) => w.input),
					group.waiting[0].input,
				)
			)
				batch.push(group.waiting.shift()!);
			try {
				const outputs = await run(batch.map((w) => w.input));
				batch.forEach((waiting, index) => waiting.done(outputs[index]));
			} catch (error) {
				for (const waiting of batch) waiting.failed(error);
			}
		}
	} finally {
		group.flushing = false;
	}
}

// The end-to-end runners' checks: each one named, timed and counted; a summary line at the end.
// n8n's REST readers, here for the runners' convenience; they live with the REST API's use.
export {
	executionsOf,
	ownerSession,
	savedExecution,
	savedOutput,
	waitFor,
} from '../tools/n8n/rest.mjs';

const results = [];
/**
 * BM_E2E_ONLY=<words>[|<words>…]: only the checks whose name holds one of them run, to work on
 * one check (a check that needs an earlier one's state fails without it, and says so).
 */
const only = process.env.BM_E2E_ONLY;

export async function check(name, fn) {
	if (only && !only.split('|').some((words) => name.includes(words))) return;
	const started = Date.now();
	try {
		await fn();
		results.push(true);
		console.log(`ok   ${name} (${Date.now() - started} ms)`);
	} catch (error) {
		results.push(false);
		// fetch's own message is only "fetch failed": the reason is in its cause.
		const cause = error.cause
			? ` (${error.cause.code ?? ''} ${error.cause.message ?? error.cause})`
			: '';
		console.log(`FAIL ${name}: ${error.message}${cause}`);
	}
}

/** The number after `name` on the command line, or `fallback`. */
export function numberArgument(name, fallback) {
	const at = process.argv.indexOf(name);
	return at === -1 ? fallback : Number(process.argv[at + 1]);
}

/** The word after `name` on the command line (`--engine legacy`), or undefined. */
export function stringArgument(name) {
	const at = process.argv.indexOf(name);
	return at === -1 ? undefined : process.argv[at + 1];
}

export function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** Prints "N passed, N failed" and exits 1 on a failure (or when nothing ran). */
export function finish() {
	const passed = results.filter(Boolean).length;
	console.log(`${passed} passed, ${results.length - passed} failed`);
	process.exit(results.length - passed === 0 && results.length > 0 ? 0 : 1);
}

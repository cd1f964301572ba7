import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { triggerStoreOf } from './store/triggerStore';
import { REFUSAL_EVENT } from '../common/sender';
import { hasRefusalsOutput } from './outputs';

/** At most one report a minute per trigger; the refusals in between are counted in the next. */
const REPORT_EVERY_MS = 60_000;
/** What this process reported last, per trigger: when, and what was refused since. */
const reported = new Map<string, { at: number; since: number; firstSince?: number }>();

/** What to do about each refusal Report Refusals sends, by the status the provider got. */
const FIXES: Record<number, string> = {
	400: 'Only the platform’s webhook deliveries are taken ({"object", "entry": [{"changes": […]}]}): check what calls this URL.',
	401: 'Make the Authentication credential of the trigger hold the secret (or header name and token) set in the provider dashboard.',
	403: 'Set the trigger credential’s Verify Token to the token entered in the provider dashboard.',
};

/**
 * Options › Report Refusals: the item that tells the workflow a delivery was refused, or
 * undefined (off, which it is by default before version 1.2, a 5xx, which the platform delivers again and which must start nothing, or a
 * report less than a minute ago). `now` is for tests.
 */
export async function refusalReport(
	context: IWebhookFunctions,
	status: number,
	reason: string,
	now = Date.now(),
): Promise<IDataObject | undefined> {
	if (status >= 500 || !FIXES[status]) return undefined;
	// On from version 1.2 unless turned off; before, only when turned on.
	let on = hasRefusalsOutput(context.getNode().typeVersion);
	try {
		const chosen = (context.getNodeParameter('options', {}) as IDataObject).reportRefusals;
		if (typeof chosen === 'boolean') on = chosen;
	} catch (error) {
		// Options that cannot be read report nothing: the refusal is in n8n's log already.
		context.logger.debug(`Report Refusals could not be read: ${(error as Error).message}`);
	}
	if (!on) return undefined;
	const key = `${String(context.getWorkflow().id)}|${context.getNode().id}`;
	const last = reported.get(key);
	if (last && now - last.at < REPORT_EVERY_MS) {
		last.since += 1;
		last.firstSince ??= now;
		return undefined;
	}
	reported.set(key, { at: now, since: 0 });
	// This process asks at most once a minute; the store says whether another process reported.
	if (!(await reportIsOurs(context, key))) {
		reported.set(key, {
			at: now,
			since: (last?.since ?? 0) + 1,
			firstSince: last?.firstSince ?? now,
		});
		return undefined;
	}
	return {
		eventType: REFUSAL_EVENT,
		status,
		reason,
		fix: FIXES[status],
		at: new Date(now).toISOString(),
		// Refused since the last report and not reported one by one.
		refusedBefore: last?.since ?? 0,
		...(last?.firstSince !== undefined
			? { refusedBeforeSince: new Date(last.firstSince).toISOString() }
			: {}),
	};
}

/**
 * Whether this process sends the minute's report: always with the process store; with the
 * database, only the process whose claim of the minute won. A store that cannot be asked sends
 * none (the refusal is in n8n's log).
 */
async function reportIsOurs(context: IWebhookFunctions, trigger: string): Promise<boolean> {
	try {
		return await (await triggerStoreOf(context, trigger)).mayReportRefusal(REPORT_EVERY_MS);
	} catch (error) {
		context.logger.debug(`Report Refusals could not ask the store: ${(error as Error).message}`);
		return false;
	}
}

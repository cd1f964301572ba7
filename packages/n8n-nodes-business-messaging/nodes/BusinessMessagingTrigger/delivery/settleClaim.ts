import { sleep, type IWebhookFunctions } from 'n8n-workflow';
import type { HeldClaim } from '../store/triggerStore';
import { TAKING_RENEW_MS } from '../store/eventClaims';

/** How often a delivery whose caller hung up looks whether n8n has answered it yet. */
const ANSWER_POLL_MS = 1000;
/** How long a delivery whose caller hung up waits for n8n's answer before its claim may lapse. */
const HUNG_UP_WAIT_MS = 10 * 60 * 1000;
/**
 * Pauses between a settle's tries: about 10 minutes in all, a second or two apart, so that once
 * the store answers again the record is made before a redelivery or a hand-over tried again
 * claims the event (the claim lapses if the store is out of reach longer than TAKING_MS).
 */
const SETTLE_WAITS_MS = [1000, ...Array<number>(300).fill(2000)];

/**
 * Settles a claim once n8n has answered the delivery: a 2xx means its execution exists (n8n 2.x
 * answers a webhook taken on receipt only after creating it), anything else frees the claim so
 * that the platform's next delivery runs. Until then the claim is renewed, so that it outlives a
 * slow delivery but not a stopped process.
 *
 * A caller that hangs up first (the platform's timeout, or a hand-over's try that gave up) does
 * not stop n8n: it still creates the execution and ends its answer into the closed connection,
 * so no 'finish' comes, but the response is marked ended with n8n's status. The claim is renewed
 * and settled from that. Left to lapse instead, the next try would run the event again although
 * it ran (measured: a burst run twice in the queue-mode run of 10,000 chats). If n8n never ends
 * the answer, the claim lapses after HUNG_UP_WAIT_MS: a duplicate if it ran, never a loss.
 * (Before, a caller that hung up while the claim was being made left it renewed for as long as
 * the process lived, and every redelivery answered 503: e2e/store.mjs caught it.)
 */
export function settleWithAnswer(context: IWebhookFunctions, claim: HeldClaim): void {
	const response = context.getResponseObject();
	// An object, not a variable: the callbacks change it while the loop below reads it.
	const claimed: { state: 'answering' | 'settling' | 'recorded' } = { state: 'answering' };
	let hungUpAt: number | undefined;
	const settle = () => {
		if (claimed.state !== 'answering') return;
		claimed.state = 'settling';
		const ran = response.statusCode >= 200 && response.statusCode < 300;
		void settleUntilRecorded(context, claim, ran).finally(() => (claimed.state = 'recorded'));
	};
	response.once('finish', settle);
	void (async () => {
		let renewedAt = Date.now();
		for (;;) {
			await sleep(ANSWER_POLL_MS);
			if (claimed.state === 'recorded') return;
			if (claimed.state === 'answering') {
				if (response.writableEnded) settle();
				// Looked at, not listened to: the caller may have hung up before this claim was made.
				if (response.destroyed) hungUpAt ??= Date.now();
				if (hungUpAt !== undefined && Date.now() - hungUpAt > HUNG_UP_WAIT_MS) return;
			}
			// Renewed until the record is made, not only until n8n answered: a slow store (10,000
			// chats in queue mode) took longer than the claim lasts to record a burst as run, and a
			// hand-over tried again meanwhile found the claim lapsed and ran the burst again.
			if (Date.now() - renewedAt < TAKING_RENEW_MS) continue;
			renewedAt = Date.now();
			// A renewal that fails is tried again; the claim lapses if none gets through.
			await claim.renew().catch(() => {});
		}
	})();
}

/**
 * Records the claim as run (or frees it), trying again while the store does not answer (n8n
 * restarting): a claim left taking would lapse, and a redelivery then run the event again.
 */
async function settleUntilRecorded(
	context: IWebhookFunctions,
	claim: HeldClaim,
	ran: boolean,
): Promise<void> {
	for (let attempt = 0; ; attempt++) {
		try {
			return await claim.settle(ran);
		} catch (error) {
			if (attempt === 0 || attempt === SETTLE_WAITS_MS.length)
				context.logger.warn(
					`Business Messaging Trigger: the store could not record a delivery as ${ran ? 'run' : 'not run'} (${(error as Error).message}); ${attempt === 0 ? 'trying again' : 'its record lapses: a redelivery of it would run again'}`,
				);
			if (attempt === SETTLE_WAITS_MS.length) return;
			await sleep(SETTLE_WAITS_MS[attempt]);
		}
	}
}

import { ApiError, ErrorCode } from './errors';

// A send refused for its pace is not processed: the same send passes later.

export interface SendRate {
	/** Messages a number may send per second (the Cloud API's throughput, 80 by default there); 0: no limit. */
	perSecond: number;
	/** Sends allowed at once above the pace (a token bucket of this size); 0: one second of sends. */
	burst: number;
}

export interface PairRate {
	/** Messages to one customer from one number in any `perSeconds`; 0: no limit. */
	messages: number;
	perSeconds: number;
}

/**
 * The pace the platform keeps a number to: its throughput (a token bucket per number) and the
 * pair rate (a sliding window per number and customer). A send over either is refused before it
 * is processed, with the Cloud API's code, so that the sender can slow down and send it again.
 * Real time, not the sandbox clock: moving the clock forward must not hand out sends.
 */
export class SendLimits {
	private readonly buckets = new Map<string, { tokens: number; at: number }>();
	private readonly pairs = new Map<string, number[]>();

	constructor(private readonly settings: () => { sendRate: SendRate; pairRate: PairRate }) {}

	/** Counts a send from `phoneNumberId` to `to`, or throws the refusal the platform gives. */
	admit(phoneNumberId: string, to: string, nowMs = Date.now()): void {
		const { sendRate, pairRate } = this.settings();
		const bucket =
			sendRate.perSecond > 0 ? this.refilled(phoneNumberId, sendRate, nowMs) : undefined;
		if (bucket && bucket.tokens < 1)
			throw new ApiError(
				400,
				ErrorCode.throughput,
				`(#${ErrorCode.throughput}) Rate limit hit: Cloud API message throughput has been reached (${sendRate.perSecond} messages a second for this number)`,
				'OAuthException',
			);
		const pairKey = `${phoneNumberId}:${to}`;
		let sent: number[] | undefined;
		if (pairRate.messages > 0) {
			const since = nowMs - pairRate.perSeconds * 1000;
			sent = (this.pairs.get(pairKey) ?? []).filter((at) => at > since);
			if (sent.length >= pairRate.messages)
				throw new ApiError(
					400,
					ErrorCode.pairRate,
					`(#${ErrorCode.pairRate}) (Business Account, Consumer Account) pair rate limit hit: more than ${pairRate.messages} messages to this customer in ${pairRate.perSeconds} seconds`,
					'OAuthException',
				);
		}
		if (bucket) bucket.tokens -= 1;
		if (sent) this.pairs.set(pairKey, [...sent, nowMs]);
	}

	reset(): void {
		this.buckets.clear();
		this.pairs.clear();
	}

	private refilled(phoneNumberId: string, rate: SendRate, nowMs: number) {
		const capacity = rate.burst > 0 ? rate.burst : rate.perSecond;
		const bucket = this.buckets.get(phoneNumberId) ?? { tokens: capacity, at: nowMs };
		bucket.tokens = Math.min(
			capacity,
			bucket.tokens + ((nowMs - bucket.at) / 1000) * rate.perSecond,
		);
		bucket.at = nowMs;
		this.buckets.set(phoneNumberId, bucket);
		return bucket;
	}
}

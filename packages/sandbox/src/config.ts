import type { PairRate, SendRate } from './sendLimits';

/** Items a list answers when `limit` is absent, and at most (a larger `limit` is lowered). */
export interface PageSize {
	default: number;
	max: number;
}

/** Behaviour the control API can change at run time (POST /_sandbox/config). */
export interface SandboxConfig {
	/** Time from template create or edit to the review decision. */
	reviewDelayMs: number;
	/** "auto" applies the documented rule; the others force a decision. */
	reviewOutcome: 'auto' | 'APPROVED' | 'REJECTED';
	/** Reason given with a forced REJECTED decision. */
	rejectedReason: string;
	/** Time until a catalog batch is applied (the listing lags until then). */
	batchDelayMs: number;
	/**
	 * Delay of each receipt after a send, counted from the send; `played` only for a voice note,
	 * the first time the customer plays it (never before `read`).
	 */
	receiptDelaysMs: { sent: number; delivered: number; read: number; played: number };
	/** Time until a refund moves from pending to completed. */
	refundDelayMs: number;
	/** Media URLs stay valid this long (spec 8: 5 minutes). */
	mediaUrlTtlMs: number;
	templatePageSize: PageSize;
	productPageSize: PageSize;
	/** Entries per catalog batch request. */
	maxBatchRequests: number;
	/** Size limits of uploads and stored media. */
	maxSampleBytes: number;
	maxMediaBytes: number;
	/** Webhook retry schedule: delays before attempts 2, 3, ... (at-least-once delivery). */
	webhookRetryDelaysMs: number[];
	webhookTimeoutMs: number;
	/**
	 * Deliveries in flight to the webhook at once (0: no limit). The platform does not publish its
	 * figure; a sender without a limit turns a burst into thousands of parallel requests that all
	 * time out together and are retried together, which no real platform does.
	 */
	webhookConcurrency: number;
	/** A number's throughput: over it a send is refused with code 130429 (sendLimits.ts). */
	sendRate: SendRate;
	/** Messages to one customer in a time: over it a send is refused with code 131056. */
	pairRate: PairRate;
	/**
	 * How deliveries write the number of a customer known only by user ID (a username, no number
	 * shared): `omit` leaves `from`, `wa_id`, `recipient_id`, `to` out (Meta's 2026 form); `empty`
	 * sends them as empty strings (Meta's December 2025 form).
	 */
	withheldNumber: WithheldNumber;
	/**
	 * Whether POST /messages sends MARKETING templates. Off, as a business that turned on Meta's
	 * "disable marketing messages on Cloud API": they are refused with 131063, and must go through
	 * the Marketing Messages API (/marketing_messages).
	 */
	marketingOnCloudApi: boolean;
	/** What a delivered billable message costs by category, in the account's currency (analytics). */
	messageRates: { marketing: number; utility: number; authentication: number; service: number };
}

export const WITHHELD_NUMBER_FORMS = ['omit', 'empty'] as const;
export type WithheldNumber = (typeof WITHHELD_NUMBER_FORMS)[number];

export function defaultConfig(): SandboxConfig {
	return {
		reviewDelayMs: 10_000,
		reviewOutcome: 'auto',
		rejectedReason: 'INCORRECT_CATEGORY',
		batchDelayMs: 5_000,
		receiptDelaysMs: { sent: 1_000, delivered: 2_000, read: 4_000, played: 6_000 },
		refundDelayMs: 60_000,
		mediaUrlTtlMs: 5 * 60_000,
		templatePageSize: { default: 25, max: 100 },
		productPageSize: { default: 25, max: 1000 },
		maxBatchRequests: 5000,
		maxSampleBytes: 100 * 1024 * 1024,
		maxMediaBytes: 2 * 1024 * 1024 * 1024,
		webhookRetryDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000],
		webhookTimeoutMs: 10_000,
		webhookConcurrency: 25,
		sendRate: { perSecond: 0, burst: 0 },
		pairRate: { messages: 0, perSeconds: 6 },
		withheldNumber: 'omit',
		marketingOnCloudApi: true,
		messageRates: { marketing: 0.025, utility: 0.004, authentication: 0.0035, service: 0 },
	};
}

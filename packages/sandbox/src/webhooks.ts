import { createHmac, randomUUID } from 'node:crypto';

export interface WebhookTarget {
	url: string;
	/** Static headers sent with every delivery (e.g. a shared token). */
	headers: Record<string, string>;
	/** When set, each delivery carries `X-Hub-Signature-256: sha256=<hex HMAC of the raw body>`. */
	secret?: string;
}

export interface Delivery {
	id: string;
	payload: unknown;
	attempts: number;
	status: 'pending' | 'delivered' | 'failed';
	lastStatus?: number;
	lastError?: string;
	deliveredAt?: number;
	/** A deliberately wrong delivery, to see how the receiver refuses it (never retried). */
	wrong?: WrongDelivery;
	/** The delivery this one delivers again, as the platform redelivers. */
	redeliveryOf?: string;
	/** Where it went: the app's URL, or an override of its number or business account. */
	url: string;
	/** When it was made (ms). */
	createdAt: number;
}

/**
 * What a wrong delivery gets wrong: `signature` signs with another secret, `headers` sends the
 * static headers (a token) with other values, `body` sends JSON that is not the envelope.
 */
export type WrongDelivery = 'signature' | 'headers' | 'body';
export const WRONG_DELIVERIES: WrongDelivery[] = ['signature', 'headers', 'body'];

export const SIGNATURE_HEADER = 'x-hub-signature-256';
export const DELIVERY_ID_HEADER = 'x-sandbox-delivery-id';

export function signBody(secret: string, body: string): string {
	return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Delivers events to the registered webhook, at least once: a delivery that fails (no answer,
 * or not 2xx) is retried on a schedule with the same body and delivery ID, so a receiver may
 * see it more than once. At most `concurrency` deliveries are in flight at once; the others
 * wait their turn in order (a retry too, once its delay has passed).
 */
export class WebhookDispatcher {
	target: WebhookTarget | undefined;
	/**
	 * The URL that overrides the app's for a delivery (Meta's per-number and per-account webhook
	 * overrides), or undefined: the app's URL.
	 */
	overrideFor: (payload: unknown) => string | undefined = () => undefined;
	readonly deliveries: Delivery[] = [];
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly inFlight = new Set<Promise<void>>();
	private readonly waiting: Array<{ delivery: Delivery; target: WebhookTarget }> = [];

	constructor(
		private readonly settings: () => {
			retryDelaysMs: number[];
			timeoutMs: number;
			concurrency: number;
		},
	) {}

	emit(
		payload: unknown,
		options: { wrong?: WrongDelivery; redeliveryOf?: Delivery } = {},
	): Delivery | undefined {
		if (!this.target) return undefined;
		const body = options.redeliveryOf?.payload ?? payload;
		const url = this.overrideFor(body) ?? this.target.url;
		const delivery: Delivery = {
			// A redelivery is the same delivery again: same ID, same body.
			id: options.redeliveryOf?.id ?? randomUUID(),
			payload: body,
			attempts: 0,
			status: 'pending',
			wrong: options.wrong,
			redeliveryOf: options.redeliveryOf?.id,
			url,
			createdAt: Date.now(),
		};
		this.deliveries.push(delivery);
		if (this.deliveries.length > 10_000) this.deliveries.shift();
		this.attempt(delivery, { ...this.target, url });
		return delivery;
	}

	/** Resolves once nothing is being sent or waiting for its turn (retries still waiting out their delay do not count). */
	async idle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
	}

	clear(): void {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.waiting.length = 0;
		this.deliveries.length = 0;
	}

	private attempt(delivery: Delivery, target: WebhookTarget): void {
		const { concurrency } = this.settings();
		if (concurrency > 0 && this.inFlight.size >= concurrency) {
			this.waiting.push({ delivery, target });
			return;
		}
		const run = this.send(delivery, target).finally(() => {
			this.inFlight.delete(run);
			const next = this.waiting.shift();
			if (next) this.attempt(next.delivery, next.target);
		});
		this.inFlight.add(run);
	}

	private async send(delivery: Delivery, target: WebhookTarget): Promise<void> {
		delivery.attempts += 1;
		const body = JSON.stringify(
			delivery.wrong === 'body' ? { not: 'the webhook envelope' } : delivery.payload,
		);
		const staticHeaders = Object.fromEntries(
			Object.entries(target.headers).map(([name, value]) => [
				name,
				delivery.wrong === 'headers' ? `not-${value}` : value,
			]),
		);
		const headers: Record<string, string> = {
			...staticHeaders,
			'content-type': 'application/json',
			'user-agent': 'business-messaging-sandbox',
			[DELIVERY_ID_HEADER]: delivery.id,
		};
		if (target.secret)
			headers[SIGNATURE_HEADER] = signBody(
				delivery.wrong === 'signature' ? `not-${target.secret}` : target.secret,
				body,
			);
		try {
			const response = await fetch(target.url, {
				method: 'POST',
				headers,
				body,
				signal: AbortSignal.timeout(this.settings().timeoutMs),
			});
			delivery.lastStatus = response.status;
			await response.arrayBuffer().catch(() => undefined);
			if (response.ok) {
				delivery.status = 'delivered';
				delivery.deliveredAt = Date.now();
				return;
			}
			delivery.lastError = `HTTP ${response.status}`;
		} catch (error) {
			delivery.lastError = (error as Error).message;
		}
		const delays = this.settings().retryDelaysMs;
		const delay = delays[delivery.attempts - 1];
		// A wrong delivery is refused again on every retry: once shows it.
		if (delay === undefined || delivery.wrong) {
			delivery.status = 'failed';
			return;
		}
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			this.attempt(delivery, target);
		}, delay);
		timer.unref();
		this.timers.add(timer);
	}
}

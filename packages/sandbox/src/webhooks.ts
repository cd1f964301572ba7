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
}

export const SIGNATURE_HEADER = 'x-hub-signature-256';
export const DELIVERY_ID_HEADER = 'x-sandbox-delivery-id';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Delivers events to the registered webhook, at least once: a delivery that fails (no answer,
 * or not 2xx) is retried on a schedule with the same body and delivery ID, so a receiver may
 * see it more than once.
 */
export class WebhookDispatcher {
  target: WebhookTarget | undefined;
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly settings: () => { retryDelaysMs: number[]; timeoutMs: number }) {}

  emit(payload: unknown): Delivery | undefined {
    if (!this.target) return undefined;
    const delivery: Delivery = { id: randomUUID(), payload, attempts: 0, status: 'pending' };
    this.deliveries.push(delivery);
    if (this.deliveries.length > 10_000) this.deliveries.shift();
    this.attempt(delivery, this.target);
    return delivery;
  }

  /** Resolves once nothing is being sent right now (retries still waiting do not count). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.deliveries.length = 0;
  }

  private attempt(delivery: Delivery, target: WebhookTarget): void {
    const run = this.send(delivery, target).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async send(delivery: Delivery, target: WebhookTarget): Promise<void> {
    delivery.attempts += 1;
    const body = JSON.stringify(delivery.payload);
    const headers: Record<string, string> = {
      ...target.headers,
      'content-type': 'application/json',
      'user-agent': 'business-messaging-sandbox',
      [DELIVERY_ID_HEADER]: delivery.id,
    };
    if (target.secret) headers[SIGNATURE_HEADER] = signBody(target.secret, body);
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
    if (delay === undefined) {
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

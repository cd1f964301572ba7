import { incomingField } from './routing';
import { SendLimits } from './sendLimits';
import { Clock, Scheduler } from './clock';
import { defaultConfig, type SandboxConfig } from './config';
import type { Dialect, IdStyle } from './dialect';
import { startDialect, type DialectSettings, type DialectSpec } from './dialectPresets';
import { addressOf, contactOf } from './customers';
import { incomingMessageEvent, numberEvent, templateStatusEvent } from './events';
import { FaultInjector } from './faults';
import { MediaFiles } from './mediaFiles';
import type { Customer, Template, TemplateStatus } from './model';
import { RequestLog } from './requestLog';
import { demoSeed } from './demoSeed';
import { loadSeed, type Seed } from './seed';
import { Store } from './store';
import { webhookOverrideFor } from './webhookOverrides';
import { WebhookDispatcher } from './webhooks';

/** A seed, or one written in the ID style in force (the demo's IDs follow the dialect). */
export type SeedSource = Seed | ((idStyle: IdStyle) => Seed);

const MARKETING_WORDS = /\b(sales?|discounts?|offers?|promos?|promotions?|coupons?)\b|%\s*off\b/i;

/**
 * Everything one running sandbox holds: the data (replaced on reset), its clock and background
 * work, webhook deliveries, fault rules and the request log. Routes read it; the control API
 * changes it.
 */
export class SandboxState {
	store: Store;
	readonly clock = new Clock();
	readonly scheduler = new Scheduler(this.clock);
	readonly faults = new FaultInjector();
	readonly log = new RequestLog();
	readonly files = new MediaFiles();
	/** Throughput and pair rate of sends (config sendRate, pairRate). */
	readonly limits = new SendLimits(() => this.config);
	readonly webhooks: WebhookDispatcher;
	config: SandboxConfig;
	/** How answers are written (dialect.ts); its page sizes are config settings. */
	dialect: Dialect;
	/** The dialect the sandbox started with, which a reset restores. */
	private readonly start: DialectSettings;
	private seed: (idStyle: IdStyle) => Seed;
	/** The most recently scheduled review of each template; only that one may decide it. */
	private readonly latestReview = new WeakMap<Template, object>();

	constructor(
		options: { seed?: SeedSource; config?: Partial<SandboxConfig>; dialect?: DialectSpec } = {},
	) {
		this.start = startDialect(options.dialect);
		this.dialect = { ...this.start.dialect };
		this.config = { ...this.startConfig(), ...options.config };
		this.webhooks = new WebhookDispatcher(() => ({
			retryDelaysMs: this.config.webhookRetryDelaysMs,
			timeoutMs: this.config.webhookTimeoutMs,
			concurrency: this.config.webhookConcurrency,
		}));
		this.webhooks.overrideFor = (payload) => webhookOverrideFor(this.store, payload);
		const seed = options.seed ?? ((idStyle: IdStyle) => demoSeed(undefined, idStyle));
		this.seed = typeof seed === 'function' ? seed : () => seed;
		this.store = this.seededStore(this.dialect.idStyle);
	}

	now(): number {
		return this.clock.now();
	}

	/**
	 * Back to the seed (the given one, or the last loaded), with the clock and background work
	 * reset; the settings too (unless `keepConfig`): the defaults with the starting dialect.
	 */
	reset(seed?: Seed, keepConfig = false): void {
		const dialect = keepConfig ? this.dialect : { ...this.start.dialect };
		const source = seed ? () => seed : this.seed;
		const store = this.seededStore(dialect.idStyle, source);
		this.seed = source;
		this.store = store;
		this.scheduler.clear();
		this.clock.reset();
		this.faults.clear();
		this.webhooks.clear();
		this.log.clear();
		this.limits.reset();
		if (!keepConfig) {
			this.config = this.startConfig();
			this.dialect = dialect;
		}
	}

	/**
	 * Changes the dialect (the control API). A new ID style reloads the seed with its IDs in that
	 * style (data only: clock, faults, log and webhook stay), so that no answer mixes two styles.
	 */
	setDialect(dialect: Dialect): void {
		if (dialect.idStyle !== this.dialect.idStyle) this.store = this.seededStore(dialect.idStyle);
		this.dialect = dialect;
	}

	private seededStore(idStyle: IdStyle, seed = this.seed): Store {
		const store = new Store(idStyle);
		loadSeed(store, seed(idStyle));
		return store;
	}

	/** The defaults, with the page sizes of the starting dialect. */
	private startConfig(): SandboxConfig {
		return {
			...defaultConfig(),
			templatePageSize: { ...this.start.templatePageSize },
			productPageSize: { ...this.start.productPageSize },
		};
	}

	advanceClock(ms: number): void {
		this.clock.advance(ms);
		this.scheduler.runDue();
	}

	scheduleReview(template: Template): void {
		const store = this.store;
		const review = {};
		this.latestReview.set(template, review);
		this.scheduler.schedule(this.config.reviewDelayMs, () => {
			// A reset, delete or edit since then makes this decision moot (an edit schedules its own
			// review, so an older one still waiting must not decide the edited template early).
			if (
				this.store !== store ||
				store.templates.get(template.id) !== template ||
				template.status !== 'PENDING'
			)
				return;
			if (this.latestReview.get(template) !== review) return;
			this.decideReview(template);
		});
	}

	/**
	 * The review rule ("auto"): a name starting with `reject_` is REJECTED with the configured
	 * reason; a UTILITY template whose text reads like marketing (sale, discount, offer, promo,
	 * coupon, "% off") is REJECTED as INCORRECT_CATEGORY; everything else is APPROVED.
	 */
	decideReview(template: Template, forced?: 'APPROVED' | 'REJECTED', reason?: string): void {
		const outcome =
			forced ?? (this.config.reviewOutcome === 'auto' ? undefined : this.config.reviewOutcome);
		if (outcome === 'APPROVED') return this.setTemplateStatus(template, 'APPROVED');
		if (outcome === 'REJECTED')
			return this.setTemplateStatus(template, 'REJECTED', reason ?? this.config.rejectedReason);
		if (template.name.startsWith('reject_'))
			return this.setTemplateStatus(template, 'REJECTED', this.config.rejectedReason);
		const text = JSON.stringify(template.components);
		if (template.category === 'UTILITY' && MARKETING_WORDS.test(text))
			return this.setTemplateStatus(template, 'REJECTED', 'INCORRECT_CATEGORY');
		this.setTemplateStatus(template, 'APPROVED');
	}

	/** Changes a template's status and tells the webhook, as a review decision does. */
	setTemplateStatus(template: Template, status: TemplateStatus, rejectedReason?: string): void {
		template.status = status;
		if (status === 'REJECTED')
			template.rejected_reason = rejectedReason ?? this.config.rejectedReason;
		else delete template.rejected_reason;
		const account = this.store.accounts.get(template.accountId);
		if (account) this.webhooks.emit(templateStatusEvent(account, template, this.now()));
	}

	/**
	 * Records the message, opens the customer's 24-hour window and delivers the incoming message
	 * event: `from` / `from_user_id` / `from_parent_user_id` and the contact as the customer is
	 * known (a customer without a number: as the setting `withheldNumber` says).
	 */
	receiveIncoming(phoneNumberId: string, customer: Customer, message: Record<string, unknown>) {
		const { number, account } = this.numberAndAccount(phoneNumberId);
		// A blocked customer cannot contact the business: the platform delivers nothing.
		if (this.store.isBlocked(phoneNumberId, customer)) return undefined;
		const withheld = this.config.withheldNumber;
		const sent = { ...addressOf(customer, withheld), ...message };
		this.store.customerWindows.set(`${phoneNumberId}:${customer.id}`, this.now());
		this.store.received.set(String(sent.id), {
			id: String(sent.id),
			phoneNumberId,
			...(customer.wa_id !== undefined ? { from: customer.wa_id } : {}),
			...(customer.user_id !== undefined ? { fromUserId: customer.user_id } : {}),
			customerId: customer.id,
			type: String(sent.type),
			receivedAt: this.now(),
			message: sent,
		});
		// Under conversation routing the chat's owner gets it; this app a standby copy, or nothing.
		const field = incomingField(this.store, phoneNumberId, customer);
		if (field === undefined) return undefined;
		return this.webhooks.emit(
			incomingMessageEvent(
				account,
				number,
				[contactOf(customer, withheld)],
				sent,
				this.now(),
				field,
			),
		);
	}

	/** Delivers another change of a number (user_preferences, calls, smb_message_echoes, …). */
	deliverNumberEvent(phoneNumberId: string, field: string, value: Record<string, unknown>) {
		const { number, account } = this.numberAndAccount(phoneNumberId);
		return this.webhooks.emit(numberEvent(account, number, field, value, this.now()));
	}

	/** Delivers a message event without a contact (a system message). */
	deliverMessage(phoneNumberId: string, message: Record<string, unknown>) {
		const { number, account } = this.numberAndAccount(phoneNumberId);
		return this.webhooks.emit(
			incomingMessageEvent(account, number, undefined, message, this.now()),
		);
	}

	private numberAndAccount(phoneNumberId: string) {
		const number = this.store.numbers.get(phoneNumberId);
		const account = number && this.store.accounts.get(number.accountId);
		if (!number || !account) throw new Error(`unknown phone number ${phoneNumberId}`);
		return { number, account };
	}

	close(): void {
		this.scheduler.close();
		this.webhooks.clear();
		this.files.close();
	}
}

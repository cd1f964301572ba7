import { opaqueId, type IdKind, type IdStyle } from './dialect';
import type { ConversationalAutomation } from './rules/conversationalAutomation';
import { ApiError, ErrorCode, notFound } from './errors';
import type {
	BusinessAccount,
	BusinessProfile,
	Call,
	ChatOwner,
	Catalog,
	Customer,
	CatalogBatch,
	Flow,
	IssuedMediaUrl,
	Media,
	Message,
	NumberRouting,
	Payment,
	PhoneNumber,
	Product,
	ReceivedMessage,
	Refund,
	Template,
	UploadHandle,
	UploadSession,
} from './model';

/** The customer service window: a customer's message opens 24 hours of free-form answers. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * All state of the sandbox, scoped by API key: every lookup takes the caller's key, and an ID
 * that belongs to another key answers exactly as an unknown one (404).
 */
export class Store {
	readonly apiKeys = new Map<string, { label: string }>();
	readonly accounts = new Map<string, BusinessAccount>();
	readonly numbers = new Map<string, PhoneNumber>();
	readonly templates = new Map<string, Template>();
	readonly flows = new Map<string, Flow>();
	readonly catalogs = new Map<string, Catalog>();
	readonly media = new Map<string, Media>();
	readonly uploadSessions = new Map<string, UploadSession>();
	readonly uploadHandles = new Map<string, UploadHandle>();
	readonly payments = new Map<string, Payment>();
	readonly refunds = new Map<string, Refund>();
	readonly messages = new Map<string, Message>();
	/** Customers' messages received on the numbers, by ID (reactions and read receipts name them). */
	readonly received = new Map<string, ReceivedMessage>();
	readonly batches = new Map<string, CatalogBatch>();
	readonly mediaUrls = new Map<string, IssuedMediaUrl>();
	/** Deleted template names: `${accountId}\u0000${name}` -> language (or '*') -> blocked until. */
	readonly blockedNames = new Map<string, Map<string, number>>();
	/** Last incoming message time per `${phoneNumberId}:${customer.id}` (the 24-hour reply window). */
	readonly customerWindows = new Map<string, number>();
	/** Each number's blocklist (Block Users API): customer ID -> its place in the list. */
	readonly blockedUsers = new Map<string, Map<string, number>>();
	/** Each number's settings of each kind (its profile…), by `<kind>:<phone number ID>`. */
	private readonly numberSettings = new Map<string, unknown>();
	/** The customers that wrote, called or changed a preference, by their sandbox ID. */
	readonly customers = new Map<string, Customer>();
	/** Calls the customers placed, by call ID. */
	readonly calls = new Map<string, Call>();
	/**
	 * Webhook URLs that override the app's (Meta's webhook overrides): by phone number ID or by
	 * business account ID.
	 */
	readonly webhookOverrides = new Map<string, string>();
	/** Conversation routing per number (routing.ts): absent, this app is the only responder. */
	readonly routing = new Map<string, NumberRouting>();
	/** Who owns each chat under routing, by `<phone number ID>:<customer>`; absent: idle. */
	readonly chatOwners = new Map<string, ChatOwner>();
	private readonly customersByNumber = new Map<string, Customer>();
	private readonly customersByUserId = new Map<string, Customer>();
	private readonly customersByParentUserId = new Map<string, Customer>();
	private customerCounter = 0;

	private idCounter = 0;
	private seqCounter = 0;

	/** `idStyle`: the style of the IDs this store creates (the dialect's). */
	constructor(readonly idStyle: IdStyle = 'digits') {}

	/** A new ID, unique across every kind of object: Graph-style digits, or opaque (dialect.ts). */
	newId(kind: IdKind): string {
		this.idCounter += 1;
		return this.idStyle === 'opaque'
			? opaqueId(kind, `new:${this.idCounter}`)
			: String(100000000000000 + 7919 * this.idCounter);
	}

	nextSeq(): number {
		this.seqCounter += 1;
		return this.seqCounter;
	}

	/** Makes sure seeded IDs and generated ones never collide. */
	reserveId(id: string): void {
		if (
			this.accounts.has(id) ||
			this.numbers.has(id) ||
			this.templates.has(id) ||
			this.flows.has(id) ||
			this.catalogs.has(id) ||
			this.media.has(id)
		) {
			throw new Error(`seed: the ID ${id} is used twice`);
		}
	}

	account(apiKey: string, id: string): BusinessAccount {
		const account = this.accounts.get(id);
		if (!account || account.apiKey !== apiKey) throw notFound('Business account', id);
		return account;
	}

	number(apiKey: string, id: string): PhoneNumber {
		const number = this.numbers.get(id);
		if (!number || number.apiKey !== apiKey) throw notFound('Phone number', id);
		return number;
	}

	/**
	 * A number's setting of one kind, made by `initial` when first read or changed. A rule module
	 * keeps its state here under its own `kind`, so a new setting of a number needs no field of
	 * the store (the store is replaced whole on reset).
	 */
	numberSetting<T>(kind: string, phoneNumberId: string, initial: () => T): T {
		const key = `${kind}:${phoneNumberId}`;
		if (!this.numberSettings.has(key)) this.numberSettings.set(key, initial());
		return this.numberSettings.get(key) as T;
	}

	/** A number's setting of one kind as it stands, undefined while never read or changed. */
	numberSettingNow<T>(kind: string, phoneNumberId: string): T | undefined {
		return this.numberSettings.get(`${kind}:${phoneNumberId}`) as T | undefined;
	}

	/** The number's business profile: a new number's has only About, as the platform sets it. */
	businessProfile(phoneNumberId: string): BusinessProfile {
		return this.numberSetting('businessProfile', phoneNumberId, () => ({
			about: 'Hey there! I am using WhatsApp.',
			address: '',
			description: '',
			email: '',
			websites: [],
			vertical: 'UNDEFINED',
		}));
	}

	/** The number's conversational components: none set, the welcome message off. */
	conversationalAutomation(phoneNumberId: string): ConversationalAutomation {
		return this.numberSetting('conversationalAutomation', phoneNumberId, () => ({
			enable_welcome_message: false,
			prompts: [],
			commands: [],
		}));
	}

	template(apiKey: string, id: string): Template {
		const template = this.templates.get(id);
		if (!template || this.accounts.get(template.accountId)?.apiKey !== apiKey)
			throw notFound('Template', id);
		return template;
	}

	catalog(apiKey: string, id: string): Catalog {
		const catalog = this.catalogs.get(id);
		if (!catalog || catalog.apiKey !== apiKey) throw notFound('Catalog', id);
		return catalog;
	}

	/**
	 * The catalog connected to the key's WhatsApp Business Account (Cloud API: one per account),
	 * which catalog messages and a template's catalog button show: the key's first catalog in
	 * seed order; none when the key has no catalog.
	 */
	connectedCatalog(apiKey: string): Catalog | undefined {
		for (const catalog of this.catalogs.values()) if (catalog.apiKey === apiKey) return catalog;
		return undefined;
	}

	/** A media file this key may use; a deleted one fails with its own code (spec 7.6). */
	usableMedia(apiKey: string, id: string): Media {
		const media = this.media.get(id);
		if (!media || media.apiKey !== apiKey) throw notFound('Media', id);
		if (media.deletedAt !== undefined) {
			throw new ApiError(
				404,
				ErrorCode.mediaDeleted,
				`Media ${JSON.stringify(id)} was deleted and can no longer be used`,
				'NotFoundError',
			);
		}
		return media;
	}

	/** The customer with this number. */
	customerByNumber(number: string): Customer | undefined {
		return this.customersByNumber.get(number);
	}

	/** Whether the customer wrote to the number in the last 24 hours (the customer service window). */
	windowOpen(phoneNumberId: string, customer: Customer, now: number): boolean {
		const lastIncoming = this.customerWindows.get(`${phoneNumberId}:${customer.id}`);
		return lastIncoming !== undefined && now - lastIncoming <= WINDOW_MS;
	}

	/** Whether the number blocked the customer: they cannot write to it, it cannot write to them. */
	isBlocked(phoneNumberId: string, customer: Customer): boolean {
		return this.blockedUsers.get(phoneNumberId)?.has(customer.id) === true;
	}

	/** The customer with this user ID; `parents` also matches a parent user ID. */
	customerByUserId(userId: string, parents = true): Customer | undefined {
		return (
			this.customersByUserId.get(userId) ??
			(parents ? this.customersByParentUserId.get(userId) : undefined)
		);
	}

	/** Stores a new customer (`id` empty) or the changes of a known one. */
	saveCustomer(customer: Customer): Customer {
		if (!customer.id) {
			this.customerCounter += 1;
			customer.id = `customer-${this.customerCounter}`;
		}
		const stored = this.customers.get(customer.id);
		if (stored) {
			for (const [index, key] of this.customerIndexes())
				if (stored[key] !== undefined && index.get(stored[key]) === stored)
					index.delete(stored[key]);
			Object.assign(stored, customer);
		}
		const saved = stored ?? customer;
		this.customers.set(saved.id, saved);
		for (const [index, key] of this.customerIndexes())
			if (saved[key] !== undefined) index.set(saved[key], saved);
		return saved;
	}

	private customerIndexes() {
		return [
			[this.customersByNumber, 'wa_id'],
			[this.customersByUserId, 'user_id'],
			[this.customersByParentUserId, 'parent_user_id'],
		] as const;
	}

	numbersOf(apiKey: string): PhoneNumber[] {
		return [...this.numbers.values()].filter((n) => n.apiKey === apiKey);
	}

	templatesOf(accountId: string): Template[] {
		return [...this.templates.values()].filter((t) => t.accountId === accountId);
	}

	/** The flows of a business account, in seed order. */
	flowsOf(accountId: string): Flow[] {
		return [...this.flows.values()].filter((f) => f.accountId === accountId);
	}

	addProduct(catalog: Catalog, product: Product): void {
		catalog.products.push(product);
		catalog.byRetailerId.set(product.retailer_id, product);
	}

	removeProduct(catalog: Catalog, product: Product): void {
		// products are sorted by seq: find it by binary search, a catalog may hold 100,000
		let lo = 0;
		let hi = catalog.products.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (catalog.products[mid].seq < product.seq) lo = mid + 1;
			else hi = mid;
		}
		if (catalog.products[lo] === product) catalog.products.splice(lo, 1);
		catalog.byRetailerId.delete(product.retailer_id);
	}

	blockName(accountId: string, name: string, language: string, until: number): void {
		const key = `${accountId}\u0000${name}`;
		const entry = this.blockedNames.get(key) ?? new Map<string, number>();
		entry.set(language, until);
		this.blockedNames.set(key, entry);
	}

	/** Clock time until which `name` (in `language`) cannot be created again, if blocked. */
	blockedUntil(accountId: string, name: string, language: string, now: number): number | undefined {
		const entry = this.blockedNames.get(`${accountId}\u0000${name}`);
		if (!entry) return undefined;
		const until = Math.max(entry.get('*') ?? 0, entry.get(language) ?? 0);
		return until > now ? until : undefined;
	}
}

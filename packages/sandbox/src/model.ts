/** The records the sandbox keeps. Field names follow the wire format where the API shows them. */

export const TEMPLATE_STATUSES = [
	'PENDING',
	'APPROVED',
	'REJECTED',
	'PAUSED',
	'DISABLED',
	'IN_APPEAL',
	'PENDING_DELETION',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_CATEGORIES = ['AUTHENTICATION', 'MARKETING', 'UTILITY'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** How a template's header and body placeholders are written: `{{1}}` or `{{first_name}}`. */
export const PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof PARAMETER_FORMATS)[number];

/** Sample types the upload accepts (spec 4.5 names these). */
export const SAMPLE_FILE_TYPES = [
	'image/jpeg',
	'image/png',
	'video/mp4',
	'video/3gpp',
	'application/pdf',
] as const;

export interface BusinessAccount {
	id: string;
	apiKey: string;
	name: string;
	currency: string;
	timezone_id: string;
	message_template_namespace: string;
}

export interface PhoneNumber {
	phone_number_id: string;
	wanumber: string;
	accountId: string;
	apiKey: string;
}

export interface Template {
	id: string;
	/** Creation order; lists are newest first. */
	seq: number;
	accountId: string;
	name: string;
	language: string;
	status: TemplateStatus;
	category: TemplateCategory;
	components: unknown[];
	/** As the create gave it; absent means POSITIONAL. */
	parameter_format?: ParameterFormat;
	/** As the create gave it (rules/templateTtl.ts); absent means the platform's default. */
	message_send_ttl_seconds?: number;
	rejected_reason?: string;
	/** Clock times of edits made while APPROVED (the edit limits count these). */
	approvedEdits: number[];
}

/** A WhatsApp Flow's lifecycle states (Cloud API, Flows API and "Lifecycle of a Flow"). */
export const FLOW_STATUSES = ['DRAFT', 'PUBLISHED', 'DEPRECATED', 'BLOCKED', 'THROTTLED'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** A WhatsApp Flow (a form in the chat) of a business account; the sandbox only lists and sends them. */
export interface Flow {
	id: string;
	/** Seed order; the list answers in it. */
	seq: number;
	accountId: string;
	/** Unique within the account (the Flows API refuses a second one with code 100). */
	name: string;
	status: FlowStatus;
	categories: string[];
	validation_errors: unknown[];
	/** Its screens' IDs: a flow message's first screen must be one of them. */
	screens: string[];
}

export interface Product {
	id: string;
	seq: number;
	retailer_id: string;
	name: string;
	description?: string;
	/** Minor currency units, as sent in batch CREATE. */
	price: number;
	currency: string;
	availability: string;
	condition?: string;
	brand?: string;
	category?: string;
	image_url?: string;
	url?: string;
	retailer_product_group_id?: string;
}

export interface Catalog {
	id: string;
	apiKey: string;
	name: string;
	/** Sorted by seq: the listing order. */
	products: Product[];
	byRetailerId: Map<string, Product>;
}

export type MediaSource =
	| { kind: 'bytes'; data: Buffer }
	| { kind: 'file'; path: string }
	| { kind: 'synthetic'; seed: number };

export interface Media {
	id: string;
	apiKey: string;
	/** The number that uploaded or received the file. */
	phoneNumberId: string;
	mimeType: string;
	size: number;
	sha256: string;
	fileName?: string;
	source: MediaSource;
	deletedAt?: number;
}

export interface UploadSession {
	sessionId: string;
	sig: string;
	apiKey: string;
	fileLength: number;
	fileType: string;
	handle?: string;
}

/** A number's business profile (rules/businessProfile.ts); '' and [] are fields not set. */
export interface BusinessProfile {
	about: string;
	address: string;
	description: string;
	email: string;
	websites: string[];
	vertical: string;
	profile_picture_url?: string;
}

export interface UploadHandle {
	h: string;
	apiKey: string;
	fileType: string;
	size: number;
}

export interface Payment {
	reference_id: string;
	payment_config_id: string;
	phoneNumberId: string;
	currency: string;
	/** Minor currency units. */
	amount: number;
	refunded: number;
}

export interface Refund {
	id: string;
	reference_id: string;
	phoneNumberId: string;
	currency: string;
	amount: number;
	speed: string;
	status: 'pending' | 'completed';
	createdAt: number;
}

export type MessageStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'played' | 'failed';

/**
 * A customer the numbers know: by their number (`wa_id`), their business-scoped user ID
 * (`user_id`, a BSUID like `US.13491208655302741918`), or both. The control API's customer
 * events create and update them; sends and receipts look them up.
 */
export interface Customer {
	/** The sandbox's own key (windows, chats); never on the wire. */
	id: string;
	wa_id?: string;
	user_id?: string;
	/** A parent BSUID (`US.ENT.…`), shared by the businesses of one portfolio set. */
	parent_user_id?: string;
	username?: string;
	name: string;
}

/** What a send's pricing says (Meta's per-message pricing, PMP), fixed when it is sent. */
export interface Pricing {
	billable: boolean;
	category: 'marketing' | 'utility' | 'authentication' | 'service';
	type: 'regular' | 'free_customer_service';
	pricing_model: 'PMP';
}

export interface Message {
	id: string;
	phoneNumberId: string;
	/** The number the send was addressed to (`to`); absent for a send addressed by user ID. */
	to?: string;
	/** The user ID (BSUID or parent BSUID) the send was addressed to, when it had no `to`. */
	recipient?: string;
	/** The customer it went to, when the sandbox knows them (internal, not listed). */
	customerId?: string;
	type: string;
	template?: { name: string; language: string; id: string };
	/** The message this one answers (`context.message_id`). */
	replyTo?: string;
	/**
	 * What was sent: the object of the message's type exactly as the request carried it (the
	 * `text`, `image`, `interactive`, … object; `contacts` is the array; a template's `template`).
	 * A media message sent by ID has the media ID here (`content.id`), to download and compare.
	 */
	content?: Record<string, unknown> | Record<string, unknown>[];
	/** `context` as sent (a reply): `{message_id}`. */
	context?: { message_id: string };
	/** `marketing_messages` for a send through the Marketing Messages API, with its activity sharing. */
	sentThrough?: 'marketing_messages';
	activitySharing?: boolean;
	/** `biz_opaque_callback_data` as sent: every receipt of the message carries it back. */
	callbackData?: string;
	/** The pricing every receipt of the message carries. */
	pricing: Pricing;
	status: MessageStatus;
	createdAt: number;
}

/** A customer's message received on one of the numbers (the control API simulates them). */
export interface ReceivedMessage {
	id: string;
	phoneNumberId: string;
	/** The customer's number; absent when they wrote by user ID only. */
	from?: string;
	/** The customer's user ID (BSUID), when they have one. */
	fromUserId?: string;
	/** The customer (internal, not listed). */
	customerId: string;
	type: string;
	receivedAt: number;
	/** The message object, as the webhook carried it. */
	message: Record<string, unknown>;
	/** When the business marked it (or a later message of the customer) read. */
	readAt?: number;
	/** Whether the read receipt that marked it asked for the typing indicator. */
	typingIndicator?: boolean;
}

export interface CatalogBatch {
	handle: string;
	catalogId: string;
	apiKey: string;
	status: 'in_progress' | 'finished';
	requests: number;
	errors: { line: number; retailer_id: string; message: string }[];
}

export interface IssuedMediaUrl {
	mid: string;
	ext: string;
	hash: string;
	issuedAt: number;
}

/** A call a customer placed to one of the numbers (the control API simulates them). */
export interface Call {
	id: string;
	phoneNumberId: string;
	customerId: string;
	/** Clock time of the connect event. */
	startedAt: number;
	/** Clock time of the terminate event, once it came. */
	endedAt?: number;
}

/** This app's part on a number under conversation routing (routing.ts). */
export interface NumberRouting {
	/** The entry points this app is primary for: "messages" (the customers' chats), "calls". */
	roles: string[];
	/** Whether this app receives standby copies of the chats another app owns. */
	isStandby: boolean;
	/** Whether this app may take a chat from its owner (the escalation partner). */
	escalationPartner: boolean;
	/** The role the other app is known by in handovers (Meta names roles, never apps). */
	otherRole: string;
}

/** This app, or the other app (by its role). */
export type ChatOwner = 'us' | 'other';

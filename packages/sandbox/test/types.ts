import type { ErrorBody } from '../src/errors';
import type { FaultRule } from '../src/faults';
import type { Message, Payment, Refund, Template } from '../src/model';
import type { LoggedRequest } from '../src/requestLog';
import type { SandboxConfig } from '../src/config';
import type { Delivery } from '../src/webhooks';

/** The answers the tests read, typed as the README documents them. */

export type ErrorObject = ErrorBody['error'];

export interface Paging {
	cursors: { before?: string; after?: string };
	/** With the dialect's nextLinks. */
	next?: string;
	previous?: string;
}

export interface Page<T> {
	data: T[];
	paging: Paging;
	summary?: { total_count: number };
}

/** A list of the control API. */
export interface Listed<T> {
	data: T[];
}

export interface TemplateView {
	id: string;
	name: string;
	language: string;
	status: string;
	category: string;
	components: Record<string, unknown>[];
	parameter_format?: string;
	rejected_reason?: string;
}

export interface ProductView {
	id: string;
	retailer_id: string;
	name: string;
	description?: string;
	price: string;
	currency?: string;
	availability: string;
	condition?: string;
	brand?: string;
	category?: string;
	image_url?: string;
	url?: string;
	retailer_product_group_id?: string;
}

export interface BatchStatus {
	handle: string;
	status: 'in_progress' | 'finished';
	errors_total_count: number;
	errors: { line: number; retailer_id: string; message: string }[];
}

export interface MediaUrlInfo {
	messaging_product: string;
	url: string;
	mime_type: string;
	sha256: string;
	file_size: number;
	id: string;
}

/** A media object of an incoming message (image, document, ...). */
export interface MediaRef {
	id: string;
	mime_type: string;
	sha256: string;
	filename?: string;
	caption?: string;
}

export interface IncomingMessage {
	/** Absent (or "" with withheldNumber "empty") for a customer known only by user ID. */
	from?: string;
	from_user_id?: string;
	from_parent_user_id?: string;
	id: string;
	timestamp: string;
	type: string;
	context?: { from?: string; id?: string };
	text?: { body: string };
	image?: MediaRef;
	document?: MediaRef;
	audio?: MediaRef;
	video?: MediaRef;
	sticker?: MediaRef;
	location?: Record<string, unknown>;
	[other: string]: unknown;
}

export interface StatusEntry {
	id: string;
	status: string;
	timestamp: string;
	/** The number the message was sent to; absent for a send to a user ID. */
	recipient_id?: string;
	recipient_user_id?: string;
	recipient_parent_user_id?: string;
	errors?: {
		code: number;
		title: string;
		message: string;
		error_data: { details?: string };
		href?: string;
	}[];
	conversation?: { id: string; origin: { type: string } };
	pricing?: { billable: boolean; pricing_model: string; category: string; type: string };
	/** The message's callback data, as sent with it. */
	biz_opaque_callback_data?: string;
}

/** A `contacts[]` entry of a delivery: the customer's profile, number and user IDs. */
export interface Contact {
	profile: { name: string; username?: string };
	wa_id?: string;
	user_id?: string;
	parent_user_id?: string;
}

/** A webhook event as delivered (src/events.ts): one change of one entry. */
export interface WebhookEvent {
	object: string;
	entry: {
		id: string;
		time: number;
		changes: {
			field: string;
			value: {
				event?: string;
				/** A number; a string when the ID is not digits (idStyle opaque). */
				message_template_id?: number | string;
				message_template_name?: string;
				message_template_language?: string;
				reason?: string;
				messaging_product?: string;
				metadata?: { display_phone_number: string; phone_number_id: string };
				statuses?: StatusEntry[];
				contacts?: Contact[];
				messages?: IncomingMessage[];
				user_preferences?: Record<string, unknown>[];
				calls?: Record<string, unknown>[];
				message_echoes?: Record<string, unknown>[];
				user_id_update?: Record<string, unknown>[];
			};
		}[];
	}[];
}

export type {
	Delivery,
	FaultRule,
	LoggedRequest,
	Message,
	Payment,
	Refund,
	SandboxConfig,
	Template,
};

export interface SendAnswer {
	messaging_product: string;
	/** `{input, wa_id}` for a send to a number, `{input, user_id}` for a send to a user ID. */
	contacts: { input: string; wa_id?: string; user_id?: string }[];
	messages: { id: string; message_status: string }[];
}

export interface UserDetails {
	code: number;
	status: string;
	data: { chat_business_account_id: string; wanumber: string; phone_number_id: string }[];
}

export interface BusinessAccountView {
	id: string;
	name?: string;
	currency?: string;
	timezone_id?: string;
	message_template_namespace?: string;
}

export interface CreatedTemplate {
	id: string;
	status: string;
	category: string;
}

/** Step 1 of a sample upload: `upload:<session>?sig=<sig>`. */
export interface UploadSession {
	id: string;
}

/** Step 2: the handle. */
export interface UploadHandle {
	h: string;
}

/** A file the control API stored. */
export interface StoredMedia {
	id: string;
	size: number;
	sha256: string;
}

export interface ClockView {
	now: number;
	iso: string;
	offsetMs: number;
}

export interface RefundAnswer {
	id: string;
	status: string;
	speed_processed: string;
}

/** A refusal, in the one error shape. */
export interface Refusal {
	error: ErrorObject;
}

/** What POST /_sandbox/incoming answers. */
export interface IncomingAnswer {
	message_id: string;
	media_id?: string;
	delivery_id?: string;
}

/** GET /_sandbox/webhook: the target, its secret shown only as "(set)". */
export interface WebhookView {
	target: { url: string; headers: Record<string, string>; secret?: string } | null;
}

/** The error_in_200 fault: HTTP 200 whose body reports a failure. */
export interface FailureIn200 extends Refusal {
	code: number;
	status: string;
	messages?: unknown;
}

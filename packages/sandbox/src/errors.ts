import { randomBytes } from 'node:crypto';

/**
 * The one error shape of the sandbox, modelled on the Graph API the platform mirrors:
 *   { "error": { "message", "type", "code", "error_subcode"?, "error_data"?: { "field"? },
 *                "fbtrace_id" } }
 * Every error the API answers, including injected faults, uses it.
 */
export interface ErrorBody {
	error: {
		message: string;
		type: string;
		code: number;
		error_subcode?: number;
		/** `field` names the field at fault; some refusals carry Meta's `messaging_product` and `details`. */
		error_data?: { field?: string; messaging_product?: string; details?: string };
		fbtrace_id: string;
	};
}

/** Documented error codes (see the sandbox README). */
export const ErrorCode = {
	invalidParameter: 100,
	authentication: 190,
	notFound: 803,
	rateLimited: 4,
	serverError: 1,
	serviceUnavailable: 2,
	templateNotEditable: 2388040,
	templateEditLimit: 2388041,
	templateNameBlocked: 2388023,
	templateExists: 2388024,
	templateNotApproved: 132001,
	templateParameters: 132000,
	outsideCustomerWindow: 131047,
	mediaUrlExpired: 131052,
	mediaDeleted: 131053,
	/** The Cloud API's "Media upload error": a type or size it does not take, or media of another kind. */
	mediaUpload: 131053,
	/** The Cloud API's "Parameter value is not valid": a value breaks a limit of a message type. */
	parameterValue: 131009,
	uploadRefused: 131054,
	refundRefused: 2494010,
	/** The Cloud API's throughput refusal: the number sent faster than it may (sendLimits.ts). */
	throughput: 130429,
	/** The Cloud API's pair rate refusal: too many messages to one customer (sendLimits.ts). */
	pairRate: 131056,
	/** The Cloud API's "BSUID recipients are not supported for this message" (authentication templates). */
	userIdRecipientRefused: 131062,
	/** The Block Users API's: a message to a customer the number blocked. */
	blockedUser: 130403,
	/** A thread control action this app may not take on the chat (conversation routing). */
	threadControlRefused: 2494191,
	/** Only the Call primary may act on calls (conversation routing). */
	notCallPrimary: 138038,
	/** The Block Users API's "Failed to block/unblock users": some users of the request failed. */
	blockFailed: 139100,
	/** A MARKETING template sent to /messages when the business turned marketing off on Cloud API. */
	marketingOffOnCloudApi: 131063,
	/** The Block Users API's "Blocklist limit reached" (64,000 users per number). */
	blocklistFull: 139101,
} as const;

/** Meta's `error_data` beside (or instead of) the field: `{messaging_product, details}`. */
export type ErrorData = NonNullable<ErrorBody['error']['error_data']>;

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: number,
		message: string,
		readonly type: string,
		readonly field?: string,
		readonly subcode?: number,
		readonly data?: Omit<ErrorData, 'field'>,
	) {
		super(message);
	}

	toBody(): ErrorBody {
		return errorBody(this.message, this.type, this.code, this.field, this.subcode, this.data);
	}
}

export function traceId(): string {
	return randomBytes(12).toString('base64url');
}

export function errorBody(
	message: string,
	type: string,
	code: number,
	field?: string,
	subcode?: number,
	data?: Omit<ErrorData, 'field'>,
): ErrorBody {
	return {
		error: {
			message,
			type,
			code,
			...(subcode !== undefined ? { error_subcode: subcode } : {}),
			...(field !== undefined || data !== undefined
				? { error_data: { ...(field !== undefined ? { field } : {}), ...data } }
				: {}),
			fbtrace_id: traceId(),
		},
	};
}

/** 400: a field breaks a rule. The message names the field and the rule. */
export function invalid(field: string, rule: string): ApiError {
	return new ApiError(
		400,
		ErrorCode.invalidParameter,
		`${field}: ${rule}`,
		'InvalidParameterError',
		field,
	);
}

/** 400: the request is well formed but a rule of the platform refuses it. */
export function refused(code: number, message: string, field?: string): ApiError {
	return new ApiError(400, code, message, 'RefusedError', field);
}

/** 404: unknown to this API key (another key's IDs answer the same way). */
export function notFound(what: string, id: string): ApiError {
	return new ApiError(
		404,
		ErrorCode.notFound,
		`${what} ${JSON.stringify(id)} does not exist or is not visible to this API key`,
		'NotFoundError',
	);
}

export function unauthorized(subcode: number, message: string): ApiError {
	return new ApiError(
		401,
		ErrorCode.authentication,
		message,
		'AuthenticationError',
		undefined,
		subcode,
	);
}

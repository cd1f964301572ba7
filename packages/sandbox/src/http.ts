import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ApiError, ErrorCode, invalid } from './errors';
import type { SandboxState } from './sandbox';
import { isObject, type Json } from './validate';

/** What every route plugin of the sandbox is given: the one running sandbox it serves. */
export interface SandboxPluginOptions {
	sandbox: SandboxState;
}
export type SandboxPlugin = FastifyPluginAsync<SandboxPluginOptions>;

/**
 * A row of the README's endpoint table, kept beside the routes that serve it: each module of
 * routes/ exports its rows as `endpoints`, and `npm run docs:operations` writes the table.
 */
export interface Endpoint {
	/** The spec's section (`4.3`); absent for an endpoint beyond the contract. */
	spec?: string;
	/** The method and path, with the query parameters and body it reads. */
	route: string;
	/** What it answers, and the platform's rules it holds (Meta's page for one beyond the contract). */
	notes?: string;
}

export function query(request: FastifyRequest, name: string): string | undefined {
	const value = (request.query as Record<string, unknown>)[name];
	if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
	return typeof value === 'string' ? value : undefined;
}

export function requiredQuery(request: FastifyRequest, name: string): string {
	const value = query(request, name);
	if (value === undefined || value === '') throw invalid(name, 'is a required query parameter');
	return value;
}

export function param(request: FastifyRequest, name: string): string {
	return (request.params as Record<string, string>)[name];
}

/** The JSON body; anything else (form data, raw bytes, no body) is a 400 naming the rule. */
export function jsonBody(request: FastifyRequest): Json {
	const body = request.body;
	if (body instanceof Readable) {
		body.resume();
		throw invalid('body', 'must be JSON sent with Content-Type: application/json');
	}
	if (!isObject(body)) throw invalid('body', 'must be a JSON object');
	return body;
}

/** The public base URL (ending in /v3) as the caller reached it, for URLs the API hands out. */
export function baseUrlOf(request: FastifyRequest): string {
	return `${request.protocol}://${request.headers.host}/v3`;
}

export function ok(reply: FastifyReply, body: unknown): FastifyReply {
	return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** 404 for a path no route serves (the error handler answers it in the API's error shape). */
export async function unknownPath(request: FastifyRequest): Promise<never> {
	throw new ApiError(
		404,
		ErrorCode.notFound,
		`Unknown path: ${request.method} ${request.url.split('?')[0]}`,
		'NotFoundError',
	);
}

/**
 * Any error a request ends in, as the API's error: a refusal as it was thrown; Fastify's own 4xx
 * (a body too large, say) with its message; anything else is a 500 (a sandbox bug).
 */
export function asApiError(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
	if (error instanceof ApiError) return error;
	const status =
		error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
	if (status === 500) {
		request.log.error(error);
		return new ApiError(
			500,
			ErrorCode.serverError,
			'The sandbox failed to handle this request (a sandbox bug)',
			'ServerError',
		);
	}
	return new ApiError(status, ErrorCode.invalidParameter, error.message, 'InvalidRequestError');
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { invalid } from './errors';
import type { FaultRule } from './faults';
import type { LoggedRequest } from './requestLog';
import { isObject, type Json } from './validate';

declare module 'fastify' {
	interface FastifyRequest {
		/** The caller's API key, set once the `apikey` header was checked. */
		apiKey: string;
		logEntry?: LoggedRequest;
		fault?: FaultRule;
	}
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

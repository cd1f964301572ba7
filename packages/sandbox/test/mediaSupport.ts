import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { expectError, type ApiResponse, type TestSandbox } from './helpers';
import type { ErrorObject, UploadHandle, UploadSession } from './types';

/** Helpers of the sample upload (uploads*.test.ts) and media (media*.test.ts) tests. */

export const PNG_MEDIA_ID = '1037543291543636';
export const PNG_NUMBER_ID = '106540352242922';
export const SECOND_NUMBER_ID = '106540352242923';
export const OTHER_NUMBER_ID = '106540352249999';
export const MEDIA_DELETED = 131053;
export const UPLOAD_REFUSED = 131054;
export const SESSION_ID_FORM = /^upload:([A-Za-z0-9_-]+)\?sig=([A-Za-z0-9_-]+)$/;

/** Asserts a 400 that names `field` (in error_data.field and at the start of the message). */
export function expectInvalid(
	response: ApiResponse,
	field: string,
	messagePart?: RegExp | string,
): ErrorObject {
	const error = expectError(response, 400, 100, messagePart);
	assert.equal(error.error_data?.field, field, `field: ${response.text}`);
	assert.ok(error.message.startsWith(`${field}:`), `message names ${field}: ${error.message}`);
	return error;
}

export async function fetchParsed<T = unknown>(
	url: string,
	init: RequestInit = {},
): Promise<ApiResponse<T>> {
	const response = await fetch(url, init);
	const buffer = Buffer.from(await response.arrayBuffer());
	const text = buffer.toString('utf8');
	let body: unknown = buffer;
	if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
	return { status: response.status, headers: response.headers, body: body as T, text };
}

/** Step 1 of 4.5: answers the session id exactly as returned. */
export async function createSession(
	s: TestSandbox,
	fileLength: number,
	fileType = 'image/png',
	key?: string,
): Promise<string> {
	const response = await s.api<UploadSession>('POST', '/app/uploads', {
		query: { file_length: fileLength, file_type: fileType },
		key,
	});
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['id']);
	assert.match(response.body.id, SESSION_ID_FORM);
	return response.body.id;
}

/** Step 2 of 4.5 the way the spec says: the session id appended to the base URL exactly as returned. */
export async function uploadTo(
	s: TestSandbox,
	sessionId: string,
	body: RequestInit['body'],
	headers: Record<string, string> = { 'content-type': 'application/octet-stream' },
	key: string | null = s.key,
): Promise<ApiResponse<UploadHandle>> {
	return fetchParsed(`${s.baseUrl}/${sessionId}`, {
		method: 'POST',
		headers: { ...headers, ...(key === null ? {} : { apikey: key }) },
		body,
	});
}

/** Step 2 through the helper: the id split into its path and its sig query parameter. */
export async function uploadSplit(
	s: TestSandbox,
	sessionId: string,
	raw: Buffer,
	contentType = 'application/octet-stream',
	sig?: string,
): Promise<ApiResponse<UploadHandle>> {
	const [, session, realSig] = SESSION_ID_FORM.exec(sessionId)!;
	return s.api('POST', `/upload:${session}`, { query: { sig: sig ?? realSig }, raw, contentType });
}

/**
 * Requests over ONE kept-alive connection (node:http, one socket), each with a short timeout,
 * so a refusal that leaves the connection unusable shows up at once as a timeout.
 */
export class OneConnection {
	private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

	send<T = unknown>(
		url: string,
		method: string,
		headers: Record<string, string>,
		body?: Buffer,
	): Promise<{
		status: number;
		text: string;
		body: T;
		raw: Buffer;
		headers: Record<string, unknown>;
	}> {
		return new Promise((resolve, reject) => {
			const target = new URL(url);
			const timer = setTimeout(() => {
				req.destroy();
				reject(
					new Error(
						`${method} ${target.pathname}: no answer within 3 s on the kept-alive connection`,
					),
				);
			}, 3_000);
			const req = httpRequest(
				{
					agent: this.agent,
					host: target.hostname,
					port: target.port,
					path: target.pathname + target.search,
					method,
					headers,
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (c: Buffer) => chunks.push(c));
					res.on('end', () => {
						clearTimeout(timer);
						const raw = Buffer.concat(chunks);
						const text = raw.toString('utf8');
						resolve({
							status: res.statusCode ?? 0,
							text,
							raw,
							headers: res.headers,
							body: ((res.headers['content-type'] ?? '').includes('json')
								? JSON.parse(text)
								: text) as T,
						});
					});
				},
			);
			req.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			req.end(body);
		});
	}

	close(): void {
		this.agent.destroy();
	}
}

export function expectHandle(response: ApiResponse<UploadHandle>): string {
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['h']);
	assert.equal(typeof response.body.h, 'string');
	assert.ok(response.body.h.length > 0);
	return response.body.h;
}

export function imageTemplate(name: string, handle: string) {
	return {
		name,
		language: 'en_US',
		category: 'UTILITY',
		components: [
			{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
			{ type: 'BODY', text: 'Hi' },
		],
	};
}

export function sha256(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

/** Downloads by ID. */
export function downloadById(
	s: TestSandbox,
	mediaId: string,
	phoneNumberId: string | undefined,
	key?: string,
): Promise<ApiResponse> {
	return fetchParsed(
		`${s.baseUrl}/downloadMedia/${mediaId}${phoneNumberId === undefined ? '' : `?phone_number_id=${phoneNumberId}`}`,
		{
			method: 'POST',
			headers: { apikey: key ?? s.key },
		},
	);
}

export function getUrl(url: string, key: string | null): Promise<ApiResponse> {
	return fetchParsed(url, { headers: key === null ? {} : { apikey: key } });
}

export function expectBytes(response: ApiResponse, bytes: Buffer, contentType: string): void {
	assert.equal(response.status, 200, response.text.slice(0, 300));
	assert.equal(response.headers.get('content-type'), contentType);
	assert.equal(response.headers.get('content-length'), String(bytes.length));
	assert.ok(Buffer.isBuffer(response.body), 'raw body');
	assert.equal(response.body.length, bytes.length);
	assert.ok(bytes.equals(response.body), 'exact bytes');
}

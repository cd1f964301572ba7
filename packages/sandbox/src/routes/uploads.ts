import type { FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode, invalid, notFound, refused } from '../errors';
import { query, requiredQuery, type Endpoint, type SandboxPlugin } from '../http';
import { SAMPLE_FILE_TYPES } from '../model';
import type { SandboxState } from '../sandbox';
import { queryInteger } from '../validate';

/** Step 1 (4.5): POST /app/uploads?file_length&file_type answers `upload:<id>?sig=<sig>`. */
export const uploadRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/app/uploads', async (request) => {
		const fileLength = queryInteger(requiredQuery(request, 'file_length'), 'file_length', 1, 0);
		if (fileLength > sandbox.config.maxSampleBytes)
			throw invalid('file_length', `must be at most ${sandbox.config.maxSampleBytes} bytes`);
		const fileType = requiredQuery(request, 'file_type');
		if (!(SAMPLE_FILE_TYPES as readonly string[]).includes(fileType))
			throw invalid('file_type', `must be one of ${SAMPLE_FILE_TYPES.join(', ')}`);
		const sessionId = randomBytes(18).toString('base64url');
		const sig = randomBytes(24).toString('base64url');
		sandbox.store.uploadSessions.set(sessionId, {
			sessionId,
			sig,
			apiKey: request.apiKey,
			fileLength,
			fileType,
		});
		return { id: `upload:${sessionId}?sig=${sig}` };
	});
};

/** Step 2 (4.5): POST /upload:<id>?sig=<sig> with the raw bytes; answers the handle `h`. */
export async function uploadSample(
	sandbox: SandboxState,
	request: FastifyRequest,
	sessionId: string,
): Promise<{ h: string }> {
	const body = request.body;
	const drain = () => body instanceof Readable && body.resume();
	const session = sandbox.store.uploadSessions.get(sessionId);
	if (!session || session.apiKey !== request.apiKey) {
		drain();
		throw notFound('Upload session', sessionId);
	}
	const sig = query(request, 'sig') ?? '';
	if (!sameSecret(sig, session.sig)) {
		drain();
		throw invalid(
			'sig',
			'does not match the upload session; use the session id exactly as returned',
		);
	}
	const contentType = String(request.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (contentType !== 'application/octet-stream' || !(body instanceof Readable)) {
		drain();
		throw invalid(
			'Content-Type',
			`the file must be sent as raw bytes with Content-Type: application/octet-stream, not ${contentType || 'nothing'} (form data is refused)`,
		);
	}
	if (session.handle) {
		drain();
		throw refused(ErrorCode.uploadRefused, 'This upload session was already used; start a new one');
	}
	// Count the whole body rather than stop at file_length: destroying the request half-read
	// (as a pipeline does on error) leaves the rest of the body unread and the kept-alive
	// connection stuck, so the client's next request on it would never be answered.
	let size = 0;
	for await (const chunk of body as AsyncIterable<Buffer>) size += chunk.length;
	if (size > session.fileLength) {
		throw invalid(
			'body',
			`is longer than the file_length of ${session.fileLength} bytes given in step 1`,
		);
	}
	if (size !== session.fileLength) {
		throw invalid('body', `has ${size} bytes but file_length in step 1 was ${session.fileLength}`);
	}
	if (session.handle)
		throw refused(ErrorCode.uploadRefused, 'This upload session was already used; start a new one');
	const h = `4::${Buffer.from(session.fileType).toString('base64')}:${randomBytes(24).toString('base64url')}`;
	session.handle = h;
	sandbox.store.uploadHandles.set(h, {
		h,
		apiKey: session.apiKey,
		fileType: session.fileType,
		size,
	});
	return { h };
}

function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.5',
		route: '`POST /app/uploads?file_length&file_type`, then `POST /upload:<id>?sig=<sig>`',
		notes: 'raw `application/octet-stream`',
	},
];

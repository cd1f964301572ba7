import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ApiError, invalid, notFound } from '../errors';
import { jsonBody, param, query, requiredQuery } from '../http';
import { demoPdf, demoPng } from '../demoFiles';
import { extensionFor, sha256, syntheticSha256, TooLargeError } from '../mediaFiles';
import { TEMPLATE_STATUSES, type Media } from '../model';
import type { SandboxState } from '../sandbox';
import { generatedProducts, type Seed } from '../seed';
import {
	isObject,
	oneOf,
	queryInteger,
	requireInteger,
	requireString,
	type Json,
} from '../validate';
import { productSheetCsv } from '../productSheet';

const MEDIA_MESSAGE_TYPES = ['image', 'document', 'audio', 'video', 'sticker'] as const;
const MESSAGE_TYPES = [
	'text',
	...MEDIA_MESSAGE_TYPES,
	'location',
	'contacts',
	'interactive',
	'button',
	'reaction',
] as const;

/**
 * The control API under /_sandbox/ (documented in the sandbox README): no API key, for tests and
 * demos only. It resets and seeds data, moves the clock, configures review and background
 * delays, registers the webhook, simulates customers, stores media, injects faults and shows
 * what the API received.
 */
export function registerControlRoutes(app: FastifyInstance, sandbox: SandboxState): void {
	app.get('/', async (request) =>
		describe(sandbox, `${request.protocol}://${request.headers.host}/v3`),
	);

	app.post('/reset', async (request) => {
		const body = isObject(request.body) ? request.body : {};
		sandbox.reset(body.seed as Seed | undefined, body.keepConfig === true);
		return { ok: true };
	});

	app.post('/seed', async (request) => {
		const seed = jsonBody(request) as unknown as Seed;
		if (!Array.isArray(seed.tenants))
			throw invalid('tenants', 'a seed is {"tenants":[...]} (see the sandbox README)');
		try {
			sandbox.reset(seed, true);
		} catch (error) {
			if (error instanceof ApiError) throw error;
			throw invalid('seed', (error as Error).message);
		}
		return { ok: true };
	});

	app.get('/clock', async () => clockView(sandbox));
	app.post('/clock/advance', async (request) => {
		const body = jsonBody(request);
		const units: Record<string, number> = {
			ms: 1,
			seconds: 1_000,
			minutes: 60_000,
			hours: 3_600_000,
			days: 86_400_000,
		};
		let total = 0;
		for (const [key, value] of Object.entries(body)) {
			if (!(key in units))
				throw invalid(key, `is not a unit (use ${Object.keys(units).join(', ')})`);
			if (typeof value !== 'number' || !(value >= 0))
				throw invalid(key, 'must be a non-negative number');
			total += value * units[key];
		}
		sandbox.advanceClock(total);
		return clockView(sandbox);
	});

	app.get('/config', async () => sandbox.config);
	app.post('/config', async (request) => {
		const body = jsonBody(request);
		const isDelay = (v: unknown) => typeof v === 'number' && v >= 0;
		// Everything is checked before anything changes: a refused request changes no setting.
		const updates: [string, unknown][] = [];
		for (const [key, value] of Object.entries(body)) {
			if (!Object.hasOwn(sandbox.config, key))
				throw invalid(
					key,
					`is not a setting (settings: ${Object.keys(sandbox.config).join(', ')})`,
				);
			const current = (sandbox.config as unknown as Json)[key];
			if (key === 'reviewOutcome') oneOf(value, ['auto', 'APPROVED', 'REJECTED'], key);
			else if (key === 'webhookConcurrency' && !(Number.isInteger(value) && (value as number) >= 0))
				throw invalid(key, 'must be a whole number, 0 for no limit');
			else if (typeof current === 'number' && !isDelay(value))
				throw invalid(key, 'must be a non-negative number');
			else if (typeof current === 'string' && typeof value !== 'string')
				throw invalid(key, 'must be a string');
			else if (Array.isArray(current) && (!Array.isArray(value) || !value.every(isDelay)))
				throw invalid(key, 'must be an array of non-negative numbers');
			else if (isObject(current)) {
				if (!isObject(value)) throw invalid(key, 'must be an object');
				for (const [name, inner] of Object.entries(value)) {
					if (!Object.hasOwn(current, name))
						throw invalid(
							`${key}.${name}`,
							`is not a setting (settings: ${Object.keys(current).join(', ')})`,
						);
					if (!isDelay(inner)) throw invalid(`${key}.${name}`, 'must be a non-negative number');
				}
			}
			updates.push([key, isObject(current) ? { ...current, ...(value as Json) } : value]);
		}
		for (const [key, value] of updates) (sandbox.config as unknown as Json)[key] = value;
		return sandbox.config;
	});

	app.post('/templates/:id/status', async (request) => {
		const template = sandbox.store.templates.get(param(request, 'id'));
		if (!template) throw notFound('Template', param(request, 'id'));
		const body = jsonBody(request);
		const status = oneOf(body.status, TEMPLATE_STATUSES, 'status');
		sandbox.setTemplateStatus(
			template,
			status,
			typeof body.rejected_reason === 'string' ? body.rejected_reason : undefined,
		);
		return { id: template.id, status: template.status };
	});

	app.post('/templates/:id/review', async (request) => {
		const template = sandbox.store.templates.get(param(request, 'id'));
		if (!template) throw notFound('Template', param(request, 'id'));
		if (template.status !== 'PENDING')
			throw invalid(
				'status',
				`the template is ${template.status}; only PENDING templates are reviewed`,
			);
		const body = isObject(request.body) ? request.body : {};
		const outcome =
			body.outcome === undefined
				? undefined
				: oneOf(body.outcome, ['APPROVED', 'REJECTED'] as const, 'outcome');
		sandbox.decideReview(
			template,
			outcome,
			typeof body.reason === 'string' ? body.reason : undefined,
		);
		return { id: template.id, status: template.status, rejected_reason: template.rejected_reason };
	});

	app.get('/webhook', async () => ({
		target: sandbox.webhooks.target
			? { ...sandbox.webhooks.target, secret: sandbox.webhooks.target.secret ? '(set)' : undefined }
			: null,
	}));
	app.put('/webhook', async (request) => {
		const body = jsonBody(request);
		const url = requireString(body, 'url', 'url');
		if (!/^https?:\/\//.test(url)) throw invalid('url', 'must be an http(s) URL');
		const headers = body.headers === undefined ? {} : body.headers;
		if (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
			throw invalid('headers', 'must be an object of header names to string values');
		const secret = body.secret === undefined ? undefined : requireString(body, 'secret', 'secret');
		if (body.verifyToken !== undefined)
			await verifySubscription(url, requireString(body, 'verifyToken', 'verifyToken'));
		sandbox.webhooks.target = { url, headers: headers as Record<string, string>, secret };
		return { ok: true };
	});
	app.delete('/webhook', async () => {
		sandbox.webhooks.target = undefined;
		return { ok: true };
	});
	app.get('/webhook/deliveries', async () => ({ data: sandbox.webhooks.deliveries }));
	app.post('/webhook/deliver', async (request) => {
		const body = jsonBody(request);
		if (!sandbox.webhooks.target)
			throw invalid('webhook', 'no webhook is registered (PUT /_sandbox/webhook first)');
		const delivery = sandbox.webhooks.emit(body.payload ?? body);
		return { id: delivery?.id };
	});
	app.post('/webhook/flush', async () => {
		await sandbox.webhooks.idle();
		return { ok: true };
	});

	app.post('/incoming', async (request) => simulateIncoming(sandbox, jsonBody(request)));

	app.post('/media', async (request) => {
		const numberId = requiredQuery(request, 'phone_number_id');
		const number = sandbox.store.numbers.get(numberId);
		if (!number) throw notFound('Phone number', numberId);
		if (!(request.body instanceof Readable))
			throw invalid('body', 'send the file as the raw request body with its Content-Type');
		const mimeType = String(request.headers['content-type'] ?? 'application/octet-stream')
			.split(';')[0]
			.trim();
		try {
			const saved = await sandbox.files.save(request.body, sandbox.config.maxMediaBytes);
			const media = addMedia(
				sandbox,
				number.phone_number_id,
				mimeType,
				query(request, 'file_name'),
				{
					size: saved.size,
					sha256: saved.sha256,
					source: { kind: 'file', path: saved.path },
				},
			);
			return { id: media.id, size: media.size, sha256: media.sha256 };
		} catch (error) {
			if (error instanceof TooLargeError)
				throw invalid('body', `must be at most ${error.maxBytes} bytes`);
			throw error;
		}
	});

	app.post('/media/synthetic', async (request) => {
		const body = jsonBody(request);
		const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
		if (!sandbox.store.numbers.has(numberId)) throw notFound('Phone number', numberId);
		const size = requireInteger(body, 'size', 'size', 0, sandbox.config.maxMediaBytes);
		const seed = body.seed === undefined ? 1 : requireInteger(body, 'seed', 'seed');
		const mimeType =
			body.mime_type === undefined
				? 'application/octet-stream'
				: requireString(body, 'mime_type', 'mime_type');
		const media = addMedia(
			sandbox,
			numberId,
			mimeType,
			typeof body.file_name === 'string' ? body.file_name : undefined,
			{
				size,
				sha256: syntheticSha256(seed, size),
				source: { kind: 'synthetic', seed },
			},
		);
		return { id: media.id, size: media.size, sha256: media.sha256 };
	});

	app.post('/catalogs/:id/products', async (request) => {
		const catalog = sandbox.store.catalogs.get(param(request, 'id'));
		if (!catalog) throw notFound('Catalog', param(request, 'id'));
		const count = requireInteger(jsonBody(request), 'count', 'count', 1, 1_000_000);
		for (const product of generatedProducts(count, catalog.products.length + 1)) {
			if (!catalog.byRetailerId.has(product.retailer_id))
				sandbox.store.addProduct(catalog, {
					...product,
					id: sandbox.store.newId(),
					seq: sandbox.store.nextSeq(),
				});
		}
		return { total: catalog.products.length };
	});

	// A shop's product sheet as a spreadsheet would export it (for the catalog-sync example).
	app.get('/demo/products.csv', async (request, reply) => {
		const rows = queryInteger(query(request, 'rows'), 'rows', 1, 120);
		if (rows > 100_000) throw invalid('rows', 'must be at most 100000');
		return reply
			.type('text/csv; charset=utf-8')
			.header('content-disposition', 'attachment; filename="products.csv"')
			.send(productSheetCsv(rows));
	});

	app.get('/faults', async () => ({ data: sandbox.faults.rules }));
	app.post('/faults', async (request) => {
		const body = jsonBody(request);
		const added = sandbox.faults.add(
			body.faults ?? body,
			typeof body.seed === 'number' ? body.seed : undefined,
		);
		return { data: added };
	});
	app.delete('/faults', async () => {
		sandbox.faults.clear();
		return { ok: true };
	});

	app.get('/requests', async (request) => ({
		data: sandbox.log.list(Number(query(request, 'since') ?? 0)),
	}));
	app.delete('/requests', async () => {
		sandbox.log.clear();
		return { ok: true };
	});

	app.get('/messages', async () => ({ data: [...sandbox.store.messages.values()] }));
	app.get('/refunds', async () => ({ data: [...sandbox.store.refunds.values()] }));
	app.get('/payments', async () => ({ data: [...sandbox.store.payments.values()] }));
	app.get('/templates', async () => ({ data: [...sandbox.store.templates.values()] }));
}

function clockView(sandbox: SandboxState) {
	const now = sandbox.now();
	return { now, iso: new Date(now).toISOString(), offsetMs: sandbox.clock.offset };
}

/** What a newcomer (and the CLI) needs: base URL, keys and the seeded IDs of each key. */
export function describe(sandbox: SandboxState, baseUrl: string) {
	const { store } = sandbox;
	return {
		baseUrl,
		keys: [...store.apiKeys.entries()].map(([apiKey, { label }]) => ({
			label,
			apiKey,
			businessAccountIds: [...store.accounts.values()]
				.filter((a) => a.apiKey === apiKey)
				.map((a) => a.id),
			phoneNumberIds: store.numbersOf(apiKey).map((n) => n.phone_number_id),
			catalogIds: [...store.catalogs.values()].filter((c) => c.apiKey === apiKey).map((c) => c.id),
			mediaIds: [...store.media.values()]
				.filter((m) => m.apiKey === apiKey && m.deletedAt === undefined)
				.map((m) => m.id),
		})),
	};
}

function addMedia(
	sandbox: SandboxState,
	phoneNumberId: string,
	mimeType: string,
	fileName: string | undefined,
	content: Pick<Media, 'size' | 'sha256' | 'source'>,
): Media {
	const number = sandbox.store.numbers.get(phoneNumberId)!;
	const media: Media = {
		id: sandbox.store.newId(),
		apiKey: number.apiKey,
		phoneNumberId,
		mimeType,
		fileName,
		...content,
	};
	sandbox.store.media.set(media.id, media);
	return media;
}

/** The registration handshake of the platform's webhooks: the receiver must echo hub.challenge. */
async function verifySubscription(url: string, verifyToken: string): Promise<void> {
	const challenge = randomBytes(8).toString('hex');
	const target = new URL(url);
	target.searchParams.set('hub.mode', 'subscribe');
	target.searchParams.set('hub.verify_token', verifyToken);
	target.searchParams.set('hub.challenge', challenge);
	let answer = '';
	let status = 0;
	try {
		const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
		status = response.status;
		answer = await response.text();
	} catch (error) {
		throw invalid('url', `the verification request failed: ${(error as Error).message}`);
	}
	if (status !== 200 || answer.trim() !== challenge) {
		throw invalid(
			'verifyToken',
			`the webhook did not echo hub.challenge (HTTP ${status}); check the verify token`,
		);
	}
}

/** A customer's message arriving on one of the numbers: media is stored and referenced by ID. */
function simulateIncoming(sandbox: SandboxState, body: Json) {
	const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
	if (!sandbox.store.numbers.has(numberId)) throw notFound('Phone number', numberId);
	const from = requireString(body, 'from', 'from');
	if (!/^\d{7,15}$/.test(from)) throw invalid('from', 'must be the customer number, digits only');
	const type = body.type === undefined ? 'text' : oneOf(body.type, MESSAGE_TYPES, 'type');
	const message: Json = {
		from,
		id: `wamid.${randomBytes(24).toString('base64url')}`,
		timestamp: String(Math.floor(sandbox.now() / 1000)),
		type,
	};
	if (isObject(body.context)) message.context = body.context;
	let mediaId: string | undefined;
	if ((MEDIA_MESSAGE_TYPES as readonly string[]).includes(type)) {
		const spec = isObject(body.media) ? body.media : {};
		const mimeType =
			typeof spec.mime_type === 'string'
				? spec.mime_type
				: type === 'image'
					? 'image/png'
					: type === 'document'
						? 'application/pdf'
						: type === 'audio'
							? 'audio/ogg'
							: type === 'video'
								? 'video/mp4'
								: 'image/webp';
		let content: Pick<Media, 'size' | 'sha256' | 'source'>;
		if (typeof spec.size === 'number') {
			const seed = typeof spec.seed === 'number' ? spec.seed : 1;
			content = {
				size: spec.size,
				sha256: syntheticSha256(seed, spec.size),
				source: { kind: 'synthetic', seed },
			};
		} else {
			const data =
				typeof spec.base64 === 'string'
					? Buffer.from(spec.base64, 'base64')
					: typeof spec.text === 'string'
						? Buffer.from(spec.text)
						: mimeType === 'image/png'
							? demoPng()
							: demoPdf('A file from a customer');
			content = { size: data.length, sha256: sha256(data), source: { kind: 'bytes', data } };
		}
		const fileName = typeof spec.file_name === 'string' ? spec.file_name : undefined;
		const media = addMedia(sandbox, numberId, mimeType, fileName, content);
		mediaId = media.id;
		message[type] = {
			id: media.id,
			mime_type: mimeType,
			sha256: media.sha256,
			...(type === 'document'
				? { filename: fileName ?? `${media.id}.${extensionFor(mimeType)}` }
				: {}),
			...(typeof body.caption === 'string' ? { caption: body.caption } : {}),
		};
	} else if (type === 'text') {
		message.text = { body: typeof body.text === 'string' ? body.text : 'Hello!' };
	} else {
		if (!isObject(body[type]) && !Array.isArray(body[type]))
			throw invalid(type, `a ${type} message needs its "${type}" object, as the platform sends it`);
		message[type] = body[type];
	}
	const name = typeof body.name === 'string' ? body.name : 'Customer';
	const delivery = sandbox.receiveIncoming(numberId, { wa_id: from, name }, message);
	return { message_id: message.id, media_id: mediaId, delivery_id: delivery?.id };
}

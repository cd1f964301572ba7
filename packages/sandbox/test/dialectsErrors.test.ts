import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { describe, it } from 'node:test';
import type { ErrorShape } from '../src/index';
import { addFaults } from './controlSupport';
import { expectError, useSandbox, type ApiResponse } from './helpers';
import {
	demoIds,
	json,
	OTHER_ACCOUNT,
	PNG_SEED_ID,
	REFUSALS,
	setDialect,
	transient,
	type Refusal,
} from './dialectSupport';
import { controlRaw } from './msgWebhookSupport';

const sandbox = useSandbox();
const TRACE = /^[A-Za-z0-9_-]{8,}$/;

/** What each error shape answers for a refusal; a shape missing here fails to compile. */
const SHAPES: Record<ErrorShape, (response: ApiResponse, refusal: Refusal) => void> = {
	graph: (response, refusal) => {
		const error = json(response).error as Record<string, unknown>;
		assert.deepEqual(
			Object.keys(error).filter((k) => k !== 'error_data'),
			[
				'message',
				'type',
				'code',
				...(refusal.subcode === undefined ? [] : ['error_subcode']),
				'fbtrace_id',
			],
		);
		assert.equal(error.code, refusal.code);
		assert.match(error.message as string, refusal.message);
	},
	graphFull: (response, refusal) => {
		const error = json(response).error as Record<string, unknown>;
		assert.deepEqual(Object.keys(error).slice(-4), [
			'is_transient',
			'error_user_title',
			'error_user_msg',
			'fbtrace_id',
		]);
		assert.equal(error.code, refusal.code);
		assert.equal(error.error_subcode, refusal.subcode);
		assert.match(error.message as string, refusal.message);
		assert.equal(error.error_user_msg, error.message);
		assert.equal(typeof error.error_user_title, 'string');
		assert.ok((error.error_user_title as string).length > 0);
		assert.equal(error.is_transient, transient(refusal.status));
		assert.match(error.fbtrace_id as string, TRACE);
	},
	flat: (response, refusal) => {
		const body = json(response);
		assert.deepEqual(Object.keys(body), [
			'code',
			'status',
			'message',
			'error_code',
			...(refusal.subcode === undefined ? [] : ['error_subcode']),
			'trace_id',
		]);
		assert.equal(body.code, refusal.status);
		assert.equal(body.status, 'FAILURE');
		assert.match(body.message as string, refusal.message);
		assert.equal(body.error_code, refusal.code);
		assert.equal(body.error_subcode, refusal.subcode);
		assert.match(body.trace_id as string, TRACE);
	},
	errorString: (response, refusal) => {
		const body = json(response);
		assert.deepEqual(Object.keys(body), ['error']);
		assert.match(body.error as string, refusal.message);
	},
	errorsArray: (response, refusal) => {
		const { errors } = json(response) as { errors: Record<string, unknown>[] };
		assert.equal(errors.length, 1);
		assert.deepEqual(Object.keys(errors[0]), ['code', 'title', 'detail']);
		assert.equal(errors[0].code, refusal.code);
		assert.equal(typeof errors[0].title, 'string');
		assert.match(errors[0].detail as string, refusal.message);
	},
	message: (response, refusal) => {
		const body = json(response);
		assert.deepEqual(Object.keys(body), ['message']);
		assert.match(body.message as string, refusal.message);
	},
	text: (response, refusal) => {
		assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
		// As a gateway that flattens the platform's errors writes them: the code first.
		const prefix = `Error ${refusal.code}: `;
		assert.ok(response.text.startsWith(prefix), response.text);
		assert.match(response.text.slice(prefix.length), refusal.message);
	},
	html: (response, refusal) => {
		assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
		const line = `${refusal.status} ${STATUS_CODES[refusal.status]}`;
		assert.ok(response.text.startsWith('<html>'), response.text);
		assert.ok(response.text.includes(`<title>${line}</title>`), response.text);
		assert.ok(response.text.includes(`<h1>${line}</h1>`), response.text);
		// a gateway's page does not carry the API's message
		assert.doesNotMatch(response.text, refusal.message);
	},
	empty: (response) => {
		assert.equal(response.text, '');
		assert.equal(response.headers.get('content-type'), null);
		assert.equal(response.headers.get('content-length'), '0');
	},
};

describe('dialect errorShape', () => {
	for (const [shape, check] of Object.entries(SHAPES)) {
		it(`${shape}: every refusal, faults included, in this shape with its usual status`, async () => {
			const s = sandbox.current;
			await setDialect(s, { errorShape: shape });
			for (const refusal of REFUSALS) {
				const response = await refusal.request(s);
				assert.equal(
					response.status,
					refusal.status,
					`${shape}, ${refusal.name}: ${response.text}`,
				);
				if (refusal.header)
					assert.equal(response.headers.get(refusal.header[0]), refusal.header[1], refusal.name);
				try {
					check(response, refusal);
				} catch (error) {
					(error as Error).message = `${shape}, ${refusal.name}: ${(error as Error).message}`;
					throw error;
				}
			}
		});
	}

	it('an error inside a 200 carries the shape in the {code: 500, status} envelope', async () => {
		const s = sandbox.current;
		const expected: Record<ErrorShape, (body: Record<string, unknown>) => void> = {
			graph: (body) => assert.equal((body.error as { code: number }).code, 2),
			graphFull: (body) =>
				assert.equal((body.error as { is_transient: boolean }).is_transient, true),
			flat: (body) => assert.equal(body.error_code, 2),
			errorString: (body) => assert.equal(body.error, 'Temporary failure, please retry'),
			errorsArray: (body) =>
				assert.equal(
					(body.errors as { detail: string }[])[0].detail,
					'Temporary failure, please retry',
				),
			message: (body) => assert.equal(body.message, 'Temporary failure, please retry'),
			text: (body) => assert.equal(body.message, 'Temporary failure, please retry'),
			html: (body) => assert.equal(body.message, 'Temporary failure, please retry'),
			empty: (body) => assert.equal(body.message, 'Temporary failure, please retry'),
		};
		for (const [shape, check] of Object.entries(expected)) {
			await setDialect(s, { errorShape: shape });
			await addFaults(s, [{ kind: 'error_in_200', count: 1 }]);
			const response = await s.api('GET', '/getuserdetails');
			assert.equal(response.status, 200, shape);
			const body = json(response);
			assert.equal(body.code, 500, shape);
			assert.equal(body.status, shape === 'flat' ? 'FAILURE' : 'error', shape);
			check(body);
		}
	});

	it('the control API keeps the Graph-style error whatever the dialect', async () => {
		const s = sandbox.current;
		await setDialect(s, { errorShape: 'empty', errorCodes: 'string', notFoundStatus: 400 });
		expectError(await controlRaw(s, 'POST', '/config', { noSuchSetting: 1 }), 400, 100);
		expectError(await controlRaw(s, 'POST', '/templates/999/review', {}), 404, 803);
	});
});

describe('dialect errorCodes', () => {
	it('string writes every code of graph, flat and errorsArray errors as a string', async () => {
		const s = sandbox.current;
		await setDialect(s, { errorCodes: 'string' });
		const missingKey = json(await s.api('GET', '/getuserdetails', { key: null }));
		assert.deepEqual(
			[
				(missingKey.error as Record<string, unknown>).code,
				(missingKey.error as Record<string, unknown>).error_subcode,
			],
			['190', '1'],
		);
		await setDialect(s, { errorShape: 'flat' });
		const flat = json(await s.api('GET', '/getuserdetails', { key: null }));
		assert.deepEqual([flat.code, flat.error_code, flat.error_subcode], ['401', '190', '1']);
		await setDialect(s, { errorShape: 'errorsArray' });
		const array = json(await s.api('GET', '/999'));
		assert.equal((array.errors as { code: unknown }[])[0].code, '803');
		await addFaults(s, [{ kind: 'error_in_200', count: 1 }]);
		assert.equal(json(await s.api('GET', '/getuserdetails')).code, '500');
	});
});

describe('dialect notFoundStatus', () => {
	it("400: unknown IDs, paths and other keys' IDs answer 400, code 100, subcode 33", async () => {
		const s = sandbox.current;
		await setDialect(s, { notFoundStatus: 400 });
		const cases: [string, string, RegExp][] = [
			['GET', '/999', /^Unsupported get request\. Object "999" does not exist/],
			['GET', `/${OTHER_ACCOUNT}`, /^Unsupported get request\. Object "102290129340999"/],
			['POST', '/999', /^Unsupported post request\. Template "999"/],
			['GET', '/999/message_templates', /^Unsupported get request\. Business account "999"/],
			['GET', '/no/such/path', /^Unsupported get request\. Unknown path/],
		];
		for (const [method, path, message] of cases) {
			const body = method === 'POST' ? {} : undefined;
			const error = expectError(await s.api(method, path, { body }), 400, 100, message);
			assert.equal(error.error_subcode, 33, path);
			assert.equal(error.type, 'GraphMethodException', path);
		}
	});

	it('400: a 404 with its own code (a deleted media ID) keeps its code', async () => {
		const s = sandbox.current;
		await setDialect(s, { notFoundStatus: 400, errorShape: 'flat' });
		const { numberIds } = await demoIds(s);
		const query = { phone_number_id: numberIds[0] };
		assert.equal((await s.api('DELETE', `/${PNG_SEED_ID}`, { query })).status, 200);
		const gone = json(await s.api('POST', `/downloadMedia/${PNG_SEED_ID}`, { query }));
		assert.deepEqual([gone.code, gone.error_code], [400, 131053]);
		const unknown = json(await s.api('DELETE', '/999', { query }));
		assert.deepEqual([unknown.code, unknown.error_code, unknown.error_subcode], [400, 100, 33]);
		assert.match(unknown.message as string, /^Unsupported delete request\. Media "999"/);
	});

	it('404 (the default): unknown IDs answer 404 with code 803', async () => {
		const s = sandbox.current;
		expectError(await s.api('GET', '/999'), 404, 803);
		await setDialect(s, { notFoundStatus: 400 });
		await setDialect(s, { notFoundStatus: 404 });
		expectError(await s.api('GET', '/999'), 404, 803);
	});
});

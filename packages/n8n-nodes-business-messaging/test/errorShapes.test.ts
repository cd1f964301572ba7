import { ScriptedServer, type ScriptedAnswer as Answer } from 'business-messaging-testing';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

/**
 * The spec shows no error body, so a provider may answer in any common shape. A scripted
 * provider answers each shape over real HTTP; the node must show the provider's own words,
 * code and trace ID, never a bare "HTTP 400", and never the markup of an HTML page.
 */
const bed = useTestBed();

const provider = new ScriptedServer({
	status: 200,
	headers: { 'content-type': 'application/json' },
	body: JSON.stringify({ id: 'rf-1', status: 'pending', name: 'Acme' }),
});
let baseUrl: string;
beforeAll(async () => {
	baseUrl = await provider.start();
});
afterAll(async () => await provider.close());
beforeEach(() => provider.reset());

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
	status,
	headers: { 'content-type': 'application/json', ...headers },
	body: JSON.stringify(body),
});

const getAccount = () =>
	bed.harness({ baseUrl }).execute({
		parameters: {
			resource: 'account',
			operation: 'getBusinessAccount',
			businessAccountId: { __rl: true, mode: 'id', value: 'acct-1' },
			requestOptions: FAST_RETRIES,
		},
	});

const refund = () =>
	bed.harness({ baseUrl }).execute({
		parameters: {
			resource: 'payment',
			operation: 'refund',
			phoneNumberId: { __rl: true, mode: 'id', value: 'pn-1' },
			referenceId: 'order-1001',
			paymentConfigId: 'acme-payments',
			requestOptions: FAST_RETRIES,
		},
	});

const DELETED_NAME = 'This name was deleted less than 30 days ago';

describe('the provider’s message reaches the user whatever the error body’s shape', () => {
	it.each<[string, Answer, { message: RegExp; description?: RegExp }]>([
		[
			'Graph, with the words for a person',
			json(400, {
				error: {
					message: '(#131009) Parameter value is not valid',
					type: 'OAuthException',
					code: 131009,
					error_subcode: 2494102,
					error_user_title: 'Invalid parameter',
					error_user_msg: 'The phone number is not a WhatsApp number',
					error_data: { messaging_product: 'whatsapp', details: 'ignored here' },
					fbtrace_id: 'AbCdEf123',
				},
			}),
			{
				message: /^\(#131009\) Parameter value is not valid$/,
				description:
					/^Invalid parameter: The phone number is not a WhatsApp number\. Error code 131009 \(subcode 2494102\)\..*Trace ID AbCdEf123/,
			},
		],
		[
			'Graph, with error_data.details',
			json(400, {
				error: {
					message: 'Re-engagement message',
					code: 131047,
					error_data: { details: 'More than 24 hours have passed since the customer last replied' },
					fbtrace_id: 'T1',
				},
			}),
			{ message: /^Re-engagement message$/, description: /More than 24 hours have passed/ },
		],
		[
			'a flat envelope (code, status, message)',
			json(400, { code: 400, status: 'FAILURE', message: DELETED_NAME, trace_id: 'flat-7' }),
			{ message: new RegExp(`^${DELETED_NAME}$`), description: /Trace ID flat-7/ },
		],
		[
			'an error string',
			json(400, { error: DELETED_NAME }),
			{ message: new RegExp(`^${DELETED_NAME}$`) },
		],
		[
			'an errors array (JSON:API)',
			json(422, { errors: [{ code: '2388023', title: 'Name blocked', detail: DELETED_NAME }] }),
			{ message: new RegExp(`^Name blocked: ${DELETED_NAME}$`), description: /Error code 2388023/ },
		],
		[
			'a message only',
			json(400, { message: DELETED_NAME }),
			{ message: new RegExp(`^${DELETED_NAME}$`) },
		],
		[
			'a problem+json',
			{
				status: 400,
				headers: { 'content-type': 'application/problem+json' },
				body: JSON.stringify({ type: 'about:blank', title: 'Bad Request', detail: DELETED_NAME }),
			},
			{ message: new RegExp(`^${DELETED_NAME}$`) },
		],
		[
			'text/plain',
			{ status: 400, headers: { 'content-type': 'text/plain' }, body: `  ${DELETED_NAME}\n` },
			{ message: new RegExp(`^${DELETED_NAME}$`) },
		],
		[
			'JSON sent as text/plain',
			{
				status: 400,
				headers: { 'content-type': 'text/plain' },
				body: JSON.stringify({ error: { message: DELETED_NAME, code: 2388023 } }),
			},
			{ message: new RegExp(`^${DELETED_NAME}$`), description: /Error code 2388023/ },
		],
		[
			'an HTML gateway page',
			{
				status: 502,
				headers: { 'content-type': 'text/html', 'x-request-id': 'gw-42' },
				body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><script>x()</script></body></html>',
			},
			{
				message: /^The API's address answered HTTP 502 with a web page: "502 Bad Gateway"/,
				description: /proxy or gateway.*Trace ID gw-42/,
			},
		],
		[
			'a framework default: the HTTP reason in error, the text in message',
			json(404, { statusCode: 404, error: 'Not Found', message: 'Template 123 does not exist' }),
			{ message: /^Template 123 does not exist$/ },
		],
		[
			'OAuth style: a code in error, the text in error_description',
			json(400, { error: 'invalid_request', error_description: 'The token is wrong' }),
			{ message: /^invalid_request: The token is wrong$/ },
		],
		[
			'a message with an errors list of codes only',
			json(422, { message: 'Validation failed', errors: [{ field: 'name', code: 'missing' }] }),
			{ message: /^Validation failed$/ },
		],
		[
			'JSON of no known error shape',
			json(400, { foo: 1 }),
			{
				message:
					/^The API answered HTTP 400 \(Bad Request\) with a body the node does not recognise: \{"foo":1\}$/,
			},
		],
		[
			'an empty body',
			{ status: 404 },
			{ message: /^The API answered HTTP 404 \(Not Found\) with no message$/ },
		],
	])('%s', async (_shape, answer, expected) => {
		// A 5xx on a read is repeated: the same answer every time.
		provider.script = [answer, answer, answer];
		const error = await expectFailure(getAccount());
		expect(error.message).toMatch(expected.message);
		if (expected.description) expect(String(error.description)).toMatch(expected.description);
		expect(`${error.message} ${String(error.description)}`).not.toMatch(/<|script|DOCTYPE/);
		expect(error.httpCode).toBe(String(answer.status));
	});
});

describe('the API’s own hints to try again later', () => {
	const throttled = (code: number, status: number) =>
		json(status, { error: { message: 'Rate limit hit', code, fbtrace_id: 'r' } });

	it.each([
		[4, 400],
		[80007, 400],
		[130429, 400],
		[131056, 400],
		[130429, 200],
	])(
		'throttling code %p (HTTP %p) is repeated even on a refund: it was not processed',
		async (code, status) => {
			provider.script = [throttled(code, status)];
			const [output] = await refund();
			expect(output[0].json).toMatchObject({ id: 'rf-1', status: 'pending' });
			expect(provider.calls).toHaveLength(2);
		},
	);

	it('a throttling code that persists fails with the rate-limit advice', async () => {
		provider.script = [throttled(130429, 400), throttled(130429, 400), throttled(130429, 400)];
		const error = await expectFailure(getAccount());
		expect(error.message).toBe('Rate limit hit (after 3 attempts)');
		expect(String(error.description)).toMatch(/rate limiting/);
	});

	it('a refusal marked is_transient is repeated, on a refund too', async () => {
		provider.script = [json(400, { error: { message: 'Try later', code: 2, is_transient: true } })];
		await refund();
		expect(provider.calls).toHaveLength(2);
	});

	it('a transient server error is not repeated on a refund: it may have gone through', async () => {
		provider.script = [
			json(500, { error: { message: 'Unexpected', code: 1, is_transient: true } }),
		];
		const error = await expectFailure(refund());
		expect(provider.calls).toHaveLength(1);
		expect(String(error.description)).toMatch(/temporary.*not repeated|not repeated.*temporary/s);
	});

	it('a refusal inside a 200 with its code as text is a refusal: not repeated, its words shown', async () => {
		provider.script = [
			json(200, { code: '400', status: 'FAILURE', message: 'Reference ID unknown' }),
		];
		const error = await expectFailure(refund());
		expect(provider.calls).toHaveLength(1);
		expect(error.message).toBe('Reference ID unknown');
		expect(String(error.description)).not.toMatch(/may have taken effect/);
	});

	it('a plain refusal is not repeated, and says nothing of trying later', async () => {
		provider.script = [json(400, { error: { message: 'Bad value', code: 100 } })];
		const error = await expectFailure(refund());
		expect(provider.calls).toHaveLength(1);
		expect(String(error.description)).not.toMatch(/temporary|rate limit/i);
	});
});

describe('a redirect is answered, never followed', () => {
	const elsewhere = new ScriptedServer(json(200, { id: 'acct-1', name: 'Elsewhere' }));
	let elsewhereUrl: string;
	beforeAll(async () => {
		elsewhereUrl = await elsewhere.start();
	});
	afterAll(async () => await elsewhere.close());

	it.each([301, 302, 307, 308])(
		'%s to another host: the key does not travel there, and the user is told where it pointed',
		async (status) => {
			elsewhere.reset();
			provider.script = [{ status, headers: { location: `${elsewhereUrl}/acct-1` }, body: '' }];
			const error = await expectFailure(getAccount());
			expect(elsewhere.calls).toEqual([]);
			// A read is safe to repeat, but a redirect is an answer: asked once.
			expect(provider.calls).toHaveLength(1);
			expect(error.message).toContain(`redirect to ${elsewhereUrl}/acct-1 (HTTP ${status})`);
			expect(error.message).toContain("only goes to the credential's Base URL");
		},
	);
});

describe('an API error that quotes the API key', () => {
	// Made up per run: a quoted key is any text, not a fixed one.
	const quotedKey = `demo-${Date.now().toString(36)}-9f2c4e`;
	it.each<[string, Answer]>([
		['in a JSON message', json(401, { error: { message: `Invalid key ${quotedKey}`, code: 190 } })],
		[
			'in the words for a person',
			json(400, {
				error: { message: 'Bad key', error_user_msg: `The key ${quotedKey} is revoked` },
			}),
		],
		[
			'as plain text',
			{ status: 403, headers: { 'content-type': 'text/plain' }, body: `no ${quotedKey}` },
		],
	])('%s: the key is hidden in the error, whatever its shape', async (_, answer) => {
		provider.script = [answer];
		const error = await expectFailure(
			bed.harness({ baseUrl, apiKey: quotedKey }).execute({
				parameters: {
					resource: 'account',
					operation: 'getBusinessAccount',
					businessAccountId: { __rl: true, mode: 'id', value: 'acct-1' },
					requestOptions: FAST_RETRIES,
				},
			}),
		);
		const shown = JSON.stringify({
			...error,
			message: error.message,
			description: error.description,
		});
		expect(shown).not.toContain(quotedKey);
		expect(shown).toContain('[API key hidden]');
	});
});

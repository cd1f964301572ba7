import fc from 'fast-check';
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
} from 'n8n-workflow';
import { REFUND_CURRENCIES } from '../nodes/common/rules/money';
import { useTestBed } from './harness';

/**
 * Property tests through the node, against the sandbox: for every generated input the node
 * either sends a valid request or throws a NodeOperationError naming the field, and then the
 * sandbox's request log is empty (nothing was sent). Where the node checks a rule the API also
 * checks, the two must agree: what the node lets through, the API accepts; what the node refuses,
 * the API refuses too: each refusal's input is sent straight to the sandbox over HTTP, without the
 * node, and must be refused there too (so a node that refused everything would fail).
 *
 * Runs: fast-check's global setting (jest.setup.js: 200 per property in `npm test`, 2,000 in CI;
 * `npm run test:properties` sets 10,000).
 */
const bed = useTestBed();

const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const FAST = { maxRetries: 0, timeoutMs: 10_000 };

interface Attempt {
	output?: INodeExecutionData[];
	error?: Error & IDataObject;
	requests: ReturnType<typeof bed.requests>;
}

async function attempt(parameters: IDataObject, items?: INodeExecutionData[]): Promise<Attempt> {
	bed.sandbox.state.log.clear();
	try {
		const [output] = await bed
			.harness()
			.execute({ parameters: { ...parameters, requestOptions: FAST }, items });
		return { output, requests: bed.requests() };
	} catch (error) {
		return { error: error as Error & IDataObject, requests: bed.requests() };
	}
}

/** A refusal before sending: a NodeOperationError naming the field, and no request at all. */
function expectRefusedNaming(result: Attempt, field: RegExp): void {
	expect(result.error).toBeInstanceOf(NodeOperationError);
	expect(result.error?.message).toMatch(field);
	expect(result.requests).toEqual([]);
}

/** The request the node sent (exactly one of `method`), with its JSON body and query. */
function onlyRequest(result: Attempt, method?: string) {
	if (result.error !== undefined) expect(result.error).toBeInstanceOf(NodeApiError);
	const requests = result.requests.filter((r) => method === undefined || r.method === method);
	expect(requests).toHaveLength(1);
	const [request] = requests;
	const url = new URL(request.url, 'http://sandbox');
	return {
		...request,
		path: url.pathname,
		query: url.searchParams,
		json: request.body ? (JSON.parse(request.body) as IDataObject) : undefined,
	};
}

const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;

/**
 * What the sandbox answers a request sent straight to it, without the node (to check that it
 * agrees with the node): its status and JSON body.
 */
async function sandboxAnswer(
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; json: IDataObject }> {
	const response = await fetch(`${bed.sandbox.baseUrl}${path}`, {
		method,
		headers: {
			apikey: bed.sandbox.apiKey,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let json: IDataObject = {};
	try {
		json = JSON.parse(text) as IDataObject;
	} catch {
		// not JSON: the status says enough
	}
	return { status: response.status, json };
}

async function sandboxStatus(method: string, path: string, body?: unknown): Promise<number> {
	return (await sandboxAnswer(method, path, body)).status;
}

/** The API refused: a 4xx answer (a 5xx would be a fault, not a refusal). */
function expectApiRefuses(status: number): void {
	expect(status >= 400 && status < 500 ? 'refused (4xx)' : `answered ${status}`).toBe(
		'refused (4xx)',
	);
}

/**
 * The oracle for money: a decimal amount as typed, in a currency's minor units, worked out on the
 * text (no floating point), with the currency's digits from the package's table of them. An
 * amount finer than the currency's smallest unit comes out with a fraction, and text that is not
 * a decimal number comes out as it is: the API, which takes whole minor units, refuses both.
 * (A currency outside the table is one the API refuses whatever the amount; 2 digits then.)
 */
const currencyDigits = (currency: string) =>
	REFUND_CURRENCIES.find((c) => c.code === currency)?.digits ?? 2;
function minorUnits(typed: string, currency: string): number | string {
	const text = typed.trim();
	const decimal = /^\+?(\d+)(?:\.(\d+))?$/.exec(text);
	if (!decimal) return text;
	const [, whole, fraction = ''] = decimal;
	const digits = currencyDigits(currency);
	const padded = fraction.padEnd(digits, '0');
	return Number(`${whole}${padded.slice(0, digits)}.${padded.slice(digits) || '0'}`);
}

const separators = fc.constantFrom('', ' ', '-', '.', '(', ')', '/');
const typedPhone = fc
	.tuple(
		fc.constantFrom('+', '00', ''),
		fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separators), { maxLength: 20 }),
	)
	.map(([prefix, parts]) => prefix + parts.map(([d, s]) => `${d}${s}`).join(''));
/** n8n reads a parameter value starting with "=" as an expression, so generated text never does. */
const notExpression = (text: string) => !text.startsWith('=');
const anyText = (maxLength: number) =>
	fc
		.oneof(fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength }))
		.filter(notExpression);

/**
 * A number as typed, in the API's form without the node's checks: the separators people type
 * (spaces, brackets, dots, dashes, slashes) left out, and a leading + or 00 (the international
 * prefix) taken off. Anything else stays, for the API to judge.
 */
function typedNumberAsSent(typed: string): string {
	const text = typed.trim();
	const prefix = /^(\+|00)/.exec(text)?.[0] ?? '';
	return text.slice(prefix.length).replace(/[\s().\-/]/g, '');
}

describe('through the node: the recipient of a send', () => {
	it('is sent as its digits (7 to 15) and accepted, or refused naming Recipient with nothing sent (and the API refuses it too)', async () => {
		const hello = templateId('hello_world');
		const path = `/${bed.sandbox.phoneNumberIds[0]}/messages`;
		await fc.assert(
			fc.asyncProperty(fc.oneof(anyText(30), typedPhone), async (recipient) => {
				const result = await attempt({
					resource: 'message',
					operation: 'sendTemplate',
					phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
					recipient,
					template: rl(hello),
					variables: { mappingMode: 'defineBelow', value: {} },
				});
				if (result.error instanceof NodeOperationError) {
					expectRefusedNaming(result, /^Recipient "/);
					// The number as typed, sent straight to the API as "to": refused there too.
					const raw = {
						messaging_product: 'whatsapp',
						to: typedNumberAsSent(recipient),
						type: 'template',
						template: { name: 'hello_world', language: { code: 'en_US' } },
					};
					expectApiRefuses(await sandboxStatus('POST', path, raw));
					return;
				}
				// (the template is read first, to build the message)
				const sent = onlyRequest(result, 'POST');
				expect(sent.status).toBe(200);
				if (sent.json?.recipient !== undefined) expect(sent.json.recipient).toBe(recipient.trim());
				else expect(sent.json?.to).toBe(typedNumberAsSent(recipient));
			}),
		);
	});
});

/** Template text as people write it: words, placeholders (some malformed), odd characters. */
const placeholder = fc.oneof(
	fc.integer({ min: 1, max: 4 }).map((n) => `{{${n}}}`),
	fc.constantFrom('{{0}}', '{{x}}', '{{ 1 }}', '{{}}', '{{1', '}}', '{{01}}'),
);
const templateText = (maxParts: number) =>
	fc
		.array(
			fc.oneof(
				fc.constantFrom('Hi ', 'your order ', 'is ready. ', '\n', '  '),
				placeholder,
				fc.string({ maxLength: 8 }),
			),
			{ maxLength: maxParts },
		)
		.map((parts) => parts.join(''))
		.filter(notExpression);
const examples = fc.array(
	fc.oneof(
		fc.constantFrom('Maria', '#1001', 'Monday'),
		fc.string({ maxLength: 6 }).filter(notExpression),
	),
	{ maxLength: 5 },
);

const component = fc.oneof(
	fc.record({
		type: fc.constant('BODY'),
		text: templateText(8),
		example: fc.option(
			examples.map((e) => ({ body_text: [e] })),
			{ nil: undefined },
		),
	}),
	fc.record({
		type: fc.constant('HEADER'),
		format: fc.constantFrom('TEXT', 'text', 'LOCATION', 'GIF'),
		text: templateText(3),
		example: fc.option(
			examples.map((e) => ({ header_text: e })),
			{ nil: undefined },
		),
	}),
	fc.record({ type: fc.constant('FOOTER'), text: templateText(3) }),
	fc.record({
		type: fc.constant('BUTTONS'),
		buttons: fc.array(
			fc.oneof(
				fc.record({ type: fc.constant('QUICK_REPLY'), text: fc.string({ maxLength: 30 }) }),
				fc.record({
					type: fc.constant('URL'),
					text: fc.string({ maxLength: 30 }),
					url: fc.constantFrom(
						'https://shop.example.com/o/{{1}}',
						'https://shop.example.com',
						'ftp://x',
						'',
					),
					example: fc.option(fc.constant(['https://shop.example.com/o/1001']), { nil: undefined }),
				}),
				fc.record({
					type: fc.constant('PHONE_NUMBER'),
					text: fc.string({ maxLength: 30 }),
					phone_number: fc.constantFrom('+15550123401', '12', ''),
				}),
				fc.record({
					type: fc.constant('COPY_CODE'),
					// The code itself; a list is the shape a faithful API refuses.
					example: fc.oneof(
						fc.string({ maxLength: 20 }),
						fc.array(fc.string({ maxLength: 20 }), { maxLength: 2 }),
					),
				}),
			),
			{ maxLength: 11 },
		),
	}),
	fc.record({ type: fc.constantFrom('SIGNATURE', ''), text: fc.string({ maxLength: 5 }) }),
);
const templateName = fc.oneof(
	fc.stringMatching(/^[a-z0-9_]{1,20}$/),
	fc.string({ maxLength: 20 }),
	fc.constantFrom('Order_Update', 'a'.repeat(513), ''),
);
const category = fc.constantFrom('UTILITY', 'MARKETING', 'AUTHENTICATION');

describe('through the node: templates, components, placeholders and examples', () => {
	it('a components JSON is sent and accepted, or refused naming the field with nothing sent (and the API refuses it too)', async () => {
		await fc.assert(
			fc.asyncProperty(
				templateName,
				category,
				fc.array(component, { minLength: 0, maxLength: 4 }),
				async (name, cat, components) => {
					bed.reset();
					const result = await attempt({
						resource: 'template',
						operation: 'create',
						businessAccountId: rl(bed.sandbox.businessAccountId),
						name,
						language: 'en_US',
						category: cat,
						content: 'json',
						componentsJson: JSON.stringify(components),
					});
					const body = { name: name.trim(), language: 'en_US', category: cat, components };
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(result, /^(Name|Components|Header|Body|Footer|Button)[^:]*: /);
						expect(
							await sandboxStatus(
								'POST',
								`/${bed.sandbox.businessAccountId}/message_templates`,
								body,
							),
						).toBe(400);
						return;
					}
					const sent = onlyRequest(result);
					expect(sent.json).toEqual(body);
					expect(sent.status).toBe(200);
				},
			),
		);
	});

	it('the form: body placeholders with their examples are sent and accepted, or refused naming Body with nothing sent (and the API refuses it too)', async () => {
		await fc.assert(
			fc.asyncProperty(
				templateText(8),
				examples,
				fc.option(fc.tuple(templateText(3), fc.string({ maxLength: 8 }).filter(notExpression)), {
					nil: undefined,
				}),
				async (body, values, header) => {
					bed.reset();
					const result = await attempt({
						resource: 'template',
						operation: 'create',
						businessAccountId: rl(bed.sandbox.businessAccountId),
						name: 'generated_case',
						language: 'en_US',
						category: 'UTILITY',
						content: 'builder',
						body,
						bodyExamples: { example: values.map((value) => ({ value })) },
						...(header
							? { headerType: 'text', headerText: header[0], headerExample: header[1] }
							: {}),
					});
					// The form's template as the API takes it, built without the node's checks: the
					// header's text and example trimmed, as the form sends them, and examples given for
					// a text with a {{…}} (the API refuses examples for a text without one).
					const placeholder = (text: string) => /\{\{.*?\}\}/.test(text);
					const raw = {
						name: 'generated_case',
						language: 'en_US',
						category: 'UTILITY',
						components: [
							...(header
								? [
										{
											type: 'HEADER',
											format: 'TEXT',
											text: header[0].trim(),
											...(placeholder(header[0])
												? { example: { header_text: [header[1].trim()] } }
												: {}),
										},
									]
								: []),
							{
								type: 'BODY',
								text: body,
								...(placeholder(body) ? { example: { body_text: [values] } } : {}),
							},
						],
					};
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(result, /^(Body|Header)[^:]*: /);
						const path = `/${bed.sandbox.businessAccountId}/message_templates`;
						expectApiRefuses(await sandboxStatus('POST', path, raw));
						return;
					}
					const sent = onlyRequest(result);
					expect(sent.status).toBe(200);
					expect(sent.json).toEqual(raw);
				},
			),
		);
	});
});

describe('through the node: refund amounts and currencies', () => {
	const amounts = fc.oneof(
		fc.string({ maxLength: 12 }),
		fc.double().map(String),
		fc
			.tuple(fc.nat({ max: 100 }), fc.stringMatching(/^\d{0,4}$/))
			.map(([w, f]) => (f ? `${w}.${f}` : String(w))),
		// within the payment (45.99 USD), so that refunds the API accepts come up often
		fc
			.tuple(fc.nat({ max: 45 }), fc.nat({ max: 99 }))
			.map(([w, c]) => `${w}.${String(c).padStart(2, '0')}`),
	);
	// The payment's currency (USD) half the time: its refunds are the ones the API can accept.
	const currencies = fc.oneof(
		fc.constant('USD'),
		fc.constantFrom('usd', 'EUR', 'JPY', 'KWD', '', 'US', 'XXX1'),
	);

	it('a partial refund is sent as {currency, value, offset} in the payment currency, or refused naming Amount or Currency with nothing sent (and the API refuses it too)', async () => {
		await fc.assert(
			fc.asyncProperty(amounts, currencies, async (amount, currency) => {
				bed.reset();
				const result = await attempt({
					resource: 'payment',
					operation: 'refund',
					phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
					referenceId: 'order-1001',
					paymentConfigId: 'acme-payments',
					refundType: 'partial',
					amount,
					currency,
				});
				// The amount as typed, in the currency's minor units (the oracle), without the node's checks.
				const asTyped = {
					currency,
					value: minorUnits(amount, currency),
					offset: 10 ** currencyDigits(currency),
				};
				if (result.error instanceof NodeOperationError) {
					expectRefusedNaming(result, /^(Amount|Currency) /);
					const raw = {
						reference_id: 'order-1001',
						payment_config_id: 'acme-payments',
						speed: 'normal',
						amount: asTyped,
					};
					const path = `/${bed.sandbox.phoneNumberIds[0]}/payments_refund`;
					expectApiRefuses(await sandboxStatus('POST', path, raw));
					return;
				}
				const sent = onlyRequest(result);
				const sentAmount = sent.json?.amount as { currency: string; value: number; offset: number };
				expect(sentAmount).toEqual(asTyped);
				expect(Number.isSafeInteger(sentAmount.value) && sentAmount.value > 0).toBe(true);
				// 45.99 USD is the payment: a larger refund is the API's to refuse (2494010), and it does.
				if (sentAmount.value / sentAmount.offset > 45.99 || sentAmount.currency !== 'USD')
					expect(sent.status).toBe(400);
				else expect(sent.status).toBe(200);
			}),
		);
	});
});

const idText = fc.oneof(
	fc.string({ maxLength: 30 }).filter(notExpression),
	fc.constantFrom('.', '..', ' ', '../x', 'a/b', '?q=1', '#x', '%2F', '1037543291543636/../x'),
);

describe('through the node: IDs in paths and cursors', () => {
	it('a template ID becomes one path segment that decodes back to it, the API answering for that ID, or is refused naming Template with nothing sent (and the API refuses it too)', async () => {
		// The account's real templates: the API answers 200 for these, 404 for any other ID.
		const real = [...bed.sandbox.state.store.templates.values()]
			.filter((t) => t.accountId === bed.sandbox.businessAccountId)
			.map((t) => t.id);
		expect(real.length).toBeGreaterThan(1);
		const realId = fc.oneof(
			fc.constantFrom(...real),
			fc
				.tuple(fc.constantFrom(...real), fc.constantFrom(' ', '\n', '\t '))
				.map(([id, space]) => `${space}${id}${space}`),
		);
		await fc.assert(
			fc.asyncProperty(fc.oneof(idText, realId), async (id) => {
				const result = await attempt({
					resource: 'template',
					operation: 'get',
					businessAccountId: rl(bed.sandbox.businessAccountId),
					template: rl(id),
				});
				if (result.error instanceof NodeOperationError) {
					expectRefusedNaming(result, /Template/);
					// The ID as one segment of the path, sent straight to the API: refused there too.
					// ("." and ".." cannot be one: a URL resolves them, and the API answers 404 where
					// they lead.)
					expectApiRefuses(await sandboxStatus('GET', `/${encodeURIComponent(id.trim())}`));
					return;
				}
				const sent = onlyRequest(result);
				const segments = sent.path.split('/');
				expect(segments.slice(0, 2)).toEqual(['', 'v3']);
				expect(segments).toHaveLength(3);
				expect(decodeURIComponent(segments[2])).toBe(id.trim());
				const known = real.includes(id.trim());
				expect(sent.status).toBe(known ? 200 : 404);
				if (known) expect(result.output?.[0].json.id).toBe(id.trim());
			}),
		);
	});

	it('a cursor is sent as exactly one "after" value, nothing added to the query, and answered as the API answers it, or refused with nothing sent (and the API refuses it too)', async () => {
		const path = `/${bed.sandbox.businessAccountId}/message_templates`;
		/** A page of the list asked for straight, with this cursor (none when blank). */
		const listed = async (after: string) =>
			await sandboxAnswer(
				'GET',
				`${path}?limit=5${after === '' ? '' : `&after=${encodeURIComponent(after)}`}`,
			);
		// Real cursors, from real pages of the list: each page's "before" and "after".
		const real: string[] = [];
		let after = '';
		for (let page = 0; page < 3; page++) {
			const answer = await sandboxAnswer(
				'GET',
				`${path}?limit=2${after === '' ? '' : `&after=${encodeURIComponent(after)}`}`,
			);
			expect(answer.status).toBe(200);
			const cursors = (answer.json.paging as { cursors: { before?: string; after?: string } })
				.cursors;
			real.push(...[cursors.before, cursors.after].filter((c): c is string => c !== undefined));
			if (cursors.after === undefined) break;
			after = cursors.after;
		}
		expect(real.length).toBeGreaterThan(2);
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string({ maxLength: 40 }).filter(notExpression),
					fc.constantFrom('a&limit=1000', 'x#y', 'a=b', '%26', 'QVFIU'),
					fc.constantFrom(...real),
					fc
						.tuple(fc.constantFrom(...real), fc.constantFrom(' ', '\n'))
						.map(([cursor, space]) => `${space}${cursor}${space}`),
				),
				async (cursor) => {
					const result = await attempt({
						resource: 'template',
						operation: 'getMany',
						businessAccountId: rl(bed.sandbox.businessAccountId),
						returnAll: false,
						limit: 5,
						options: { after: cursor },
					});
					const straight = await listed(cursor.trim());
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(result, /After/);
						// The cursor sent straight to the API: refused there too.
						expectApiRefuses(straight.status);
						return;
					}
					const sent = onlyRequest(result);
					if (cursor.trim() !== '') expect(sent.query.getAll('after')).toEqual([cursor.trim()]);
					else expect(sent.query.has('after')).toBe(false);
					expect(sent.query.getAll('limit')).toEqual(['5']);
					// The node takes a cursor as it is (it is opaque): the API answers the node's request
					// as it answers the cursor sent straight, the same page for a real one.
					expect(sent.status).toBe(straight.status);
					if (real.includes(cursor.trim())) expect(sent.status).toBe(200);
					if (straight.status === 200)
						expect(result.output?.map((item) => item.json.id)).toEqual(
							(straight.json.data as IDataObject[]).map((t) => t.id),
						);
				},
			),
		);
	});
});

describe('through the node: media URLs', () => {
	it('a URL is called only when it is under the base URL; anything else is refused naming the URL, with nothing sent', async () => {
		const base = bed.sandbox.baseUrl;
		const origin = new URL(base).origin;
		const url = fc.oneof(
			fc.string({ maxLength: 30 }).filter(notExpression),
			fc.webUrl(),
			fc
				.tuple(
					fc.constantFrom(
						base,
						`${base}/`,
						`${origin}/v3evil`,
						`${origin}/`,
						origin.replace('127.0.0.1', 'localhost') + '/v3',
						`${base}/../_sandbox`,
						`${origin}@evil.example/v3`,
						`http://evil.example/?u=${base}`,
					),
					fc.string({ maxLength: 12 }),
				)
				.map(([start, rest]) => start + rest),
		);
		await fc.assert(
			fc.asyncProperty(url, async (raw) => {
				const result = await attempt({ resource: 'media', operation: 'downloadFromUrl', url: raw });
				if (result.error instanceof NodeOperationError) return expectRefusedNaming(result, /URL/);
				const sent = onlyRequest(result);
				expect(sent.path.startsWith('/v3/')).toBe(true);
			}),
		);
	});
});

describe('through the node: product data', () => {
	const price = fc.oneof(
		fc.string({ maxLength: 10 }).filter(notExpression),
		fc.double().map(String),
		fc
			.tuple(fc.nat({ max: 99999 }), fc.nat({ max: 99 }))
			.map(([w, c]) => `${w}.${String(c).padStart(2, '0')}`),
	);
	const field = (maxLength: number) => fc.option(anyText(maxLength), { nil: undefined });
	it('a product is sent with its price in minor units and accepted, or refused naming the field with nothing sent (and the API refuses it too)', async () => {
		const catalog = `/${bed.sandbox.catalogId}`;
		/**
		 * How the API judges a batch: at once (a 4xx), or later, entry by entry, in the batch's
		 * status once it is applied (the contract gives both: a handle, then its status).
		 */
		const judged = async (status: number, handle: string | undefined) => {
			if (status !== 200) return status >= 400 && status < 500 ? 'refused (4xx)' : `${status}`;
			bed.sandbox.state.advanceClock(bed.sandbox.state.config.batchDelayMs);
			const answer = await sandboxAnswer(
				'GET',
				`${catalog}/check_batch_request_status?handle=${encodeURIComponent(handle ?? '')}`,
			);
			const [batch] = answer.json.data as Array<{ status: string; errors_total_count: number }>;
			return batch.errors_total_count > 0
				? 'refused (in the batch status)'
				: `accepted (batch ${batch.status})`;
		};
		const url = fc.constantFrom(
			'https://shop.example.com/p/1',
			'shop.example.com',
			'javascript:alert(1)',
		);
		// Products as people fill the form in, and well-formed ones, so that products the API
		// accepts come up often (an odd field in any of five makes most of the others refused).
		const product = fc.oneof(
			fc.record({
				retailerId: anyText(20),
				name: field(30),
				price,
				currency: fc.constantFrom('USD', 'eur', 'JPY', '', 'DOLLARS'),
				url: fc.option(url, { nil: undefined }),
			}),
			fc.record({
				retailerId: fc.stringMatching(/^ ?SKU-\d{1,6} ?$/),
				name: fc.constantFrom('Mug', ' Teapot ☕ '),
				price: fc
					.tuple(fc.nat({ max: 99999 }), fc.nat({ max: 999 }))
					.map(([w, c]) => `${w}.${String(c).padStart(2, '0')}`),
				currency: fc.constantFrom('USD', 'JPY', 'KWD', ' USD '),
				url: fc.option(url, { nil: undefined }),
			}),
		);
		await fc.assert(
			fc.asyncProperty(product, async (p) => {
				bed.reset();
				const result = await attempt({
					resource: 'product',
					operation: 'batch',
					catalogId: rl(bed.sandbox.catalogId),
					method: 'CREATE',
					retailerId: p.retailerId,
					product: {
						...(p.name === undefined ? {} : { name: p.name }),
						price: p.price,
						currency: p.currency,
						...(p.url === undefined ? {} : { url: p.url }),
					},
				});
				// The product as the API takes it, without the node's checks: text fields trimmed and
				// left out when blank, as the form sends them; the price in minor units (the oracle).
				const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
				const currency = text(p.currency);
				const rawEntry = {
					method: 'CREATE',
					retailer_id: p.retailerId.trim(),
					data: Object.fromEntries(
						Object.entries({
							name: text(p.name),
							price: minorUnits(p.price, currency ?? ''),
							currency,
							url: text(p.url),
						}).filter(([, value]) => value !== undefined),
					),
				};
				if (result.error instanceof NodeOperationError) {
					expectRefusedNaming(result, /^(Retailer ID|Product|Price|Currency)\b/);
					// The node's own rule, not the API's: an expression that found no value.
					if (['undefined', 'null', '[object Object]'].includes(rawEntry.retailer_id)) return;
					const raw = await sandboxAnswer('POST', `${catalog}/batch`, { requests: [rawEntry] });
					const handles = raw.json.handles as string[] | undefined;
					expect(await judged(raw.status, handles?.[0])).toMatch(/^refused/);
					return;
				}
				const sent = onlyRequest(result);
				expect(sent.status).toBe(200);
				expect(sent.json?.requests).toEqual([rawEntry]);
				const handles = result.output?.[0].json.handles as string[];
				expect(await judged(sent.status ?? 0, handles[0])).toBe('accepted (batch finished)');
			}),
		);
	});
});

describe('through the node: the business profile', () => {
	/** Text around a limit: any characters, emoji and CJK, up to a few past it. */
	const around = (max: number) =>
		fc
			.oneof(
				anyText(max + 3),
				fc.string({ unit: 'grapheme', minLength: max - 3, maxLength: max + 2 }),
				fc.constantFrom(
					'',
					' ',
					'x'.repeat(max),
					'x'.repeat(max + 1),
					'😀'.repeat(Math.ceil(max / 2)),
				),
			)
			.filter(notExpression);
	const email = fc.oneof(
		around(128),
		fc.emailAddress().filter((address) => address.length <= 130 && notExpression(address)),
	);
	const website = fc.oneof(
		fc.webUrl({ withQueryParameters: true }).filter((url) => url.length <= 260),
		anyText(20),
		fc.constantFrom(`https://${'a'.repeat(248)}`, `https://${'a'.repeat(249)}`),
	);

	it('an update is sent and accepted, or refused naming its field with nothing sent (and the API refuses it too)', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record(
					{
						about: around(139),
						address: around(256),
						description: around(512),
						email,
						websites: fc.array(website, { maxLength: 3 }),
					},
					{ requiredKeys: [] },
				),
				async (fields) => {
					const { websites, ...texts } = fields;
					const updateFields: IDataObject = {
						...texts,
						...(websites ? { websites: { website: websites.map((url) => ({ url })) } } : {}),
					};
					const result = await attempt({
						resource: 'account',
						operation: 'updateBusinessProfile',
						phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
						updateFields,
					});
					const path = `/${bed.sandbox.phoneNumberIds[0]}/whatsapp_business_profile`;
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(
							result,
							/^Update Fields( › (About|Address|Description|Email|Websites)|) /,
						);
						// The node's own rule, not the API's: an update that changes nothing.
						if (/is empty: add the fields/.test(result.error.message)) return;
						// The field named, sent raw alone without the node's checks: the API refuses it too.
						const named = /^Update Fields › (\w+)/.exec(result.error.message)![1].toLowerCase();
						const value =
							named === 'websites'
								? websites!.map((site) => site.trim()).filter(Boolean)
								: (texts as IDataObject)[named];
						const raw = { messaging_product: 'whatsapp', [named]: value };
						expect(await sandboxStatus('POST', path, raw)).toBe(400);
						return;
					}
					const sent = onlyRequest(result, 'POST');
					expect(sent.status).toBe(200);
					expect(sent.json).toMatchObject(texts);
				},
			),
		);
	});
});

describe('through the node: conversational automation', () => {
	const around = (max: number) =>
		fc
			.oneof(
				anyText(max + 3),
				fc.string({ unit: 'grapheme', minLength: max - 3, maxLength: max + 2 }),
				fc.constantFrom('', ' ', 'x'.repeat(max), 'x'.repeat(max + 1), 'Hi ☕'),
			)
			.filter(notExpression);
	const name = fc.oneof(
		around(32),
		fc.stringMatching(/^\/?[a-z][a-z0-9_]{0,33}$/),
		fc.constantFrom('help', '/help', 'HELP', 'two words'),
	);

	it('an update is sent and accepted, or refused naming its field with nothing sent (and the API refuses it too)', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.option(fc.array(around(80), { maxLength: 5 }), { nil: undefined }),
				fc.option(fc.array(fc.tuple(name, around(256)), { maxLength: 4 }), { nil: undefined }),
				async (prompts, commands) => {
					const updateFields: IDataObject = {
						...(prompts ? { iceBreakers: { iceBreaker: prompts.map((text) => ({ text })) } } : {}),
						...(commands
							? { commands: { command: commands.map(([n, hint]) => ({ name: n, hint })) } }
							: {}),
					};
					const result = await attempt({
						resource: 'account',
						operation: 'updateConversationalAutomation',
						phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
						updateFields,
					});
					const path = `/${bed.sandbox.phoneNumberIds[0]}/conversational_automation`;
					// What the node sends for the lists, built without its checks.
					const raw = {
						...(prompts ? { prompts } : {}),
						...(commands
							? {
									commands: commands.map(([n, hint]) => ({
										command_name: n.trim().replace(/^\//, ''),
										command_description: hint,
									})),
								}
							: {}),
					};
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(result, /^Update Fields( › (Ice Breakers|Commands)|) /);
						if (/is empty: add what/.test(result.error.message)) return;
						const named = /^Update Fields › (Ice Breakers|Commands)/.exec(result.error.message)![1];
						const alone =
							named === 'Ice Breakers' ? { prompts: raw.prompts } : { commands: raw.commands };
						expect(await sandboxStatus('POST', path, alone)).toBe(400);
						return;
					}
					const sent = onlyRequest(result, 'POST');
					expect(sent.status).toBe(200);
					expect(sent.json).toEqual(raw);
				},
			),
		);
	});
});

describe('through the node: a template’s time-to-live', () => {
	it('is sent and accepted, or refused naming Time-to-Live with nothing sent (and the API refuses it too)', async () => {
		let n = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom('AUTHENTICATION', 'UTILITY', 'MARKETING'),
				fc.oneof(
					fc.integer({ min: -5, max: 3_000_000 }),
					fc.constantFrom(29, 30, 900, 901, 43_199, 43_200, 43_201, 2_592_000, 2_592_001, 45.5),
				),
				async (category, ttlSeconds) => {
					if (ttlSeconds === 0) return;
					n += 1;
					const name = `ttl_property_${n}`;
					const result = await attempt({
						resource: 'template',
						operation: 'create',
						businessAccountId: rl(bed.sandbox.businessAccountId),
						name,
						language: 'en_US',
						category,
						content: 'json',
						componentsJson: JSON.stringify([{ type: 'BODY', text: 'Your visit is confirmed.' }]),
						ttlSeconds,
					});
					const raw = {
						name,
						language: 'en_US',
						category,
						components: [{ type: 'BODY', text: 'Your visit is confirmed.' }],
						message_send_ttl_seconds: ttlSeconds,
					};
					const path = `/${bed.sandbox.businessAccountId}/message_templates`;
					if (result.error instanceof NodeOperationError) {
						expectRefusedNaming(result, /^Time-to-Live \(Seconds\)/);
						expect(await sandboxStatus('POST', path, raw)).toBe(400);
						return;
					}
					const sent = onlyRequest(result, 'POST');
					expect(sent.status).toBe(200);
					expect(sent.json?.message_send_ttl_seconds).toBe(ttlSeconds);
				},
			),
		);
	});
});

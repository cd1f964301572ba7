import fc from 'fast-check';
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
} from 'n8n-workflow';
import { useTestBed } from './harness';

/**
 * Property tests through the node, against the sandbox: for every generated input the node
 * either sends a valid request or throws a NodeOperationError naming the field, and then the
 * sandbox's request log is empty (nothing was sent). Where the node checks a rule the API also
 * checks, the two must agree: what the node lets through, the API accepts; what the node refuses,
 * the API refuses too.
 *
 * Runs: fast-check's global setting (jest.setup.js: 200 per property in `npm test`;
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

/** What the sandbox answers a body sent straight to it (to check that it agrees with the node). */
async function sandboxStatus(method: string, path: string, body: unknown): Promise<number> {
	const response = await fetch(`${bed.sandbox.baseUrl}${path}`, {
		method,
		headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	await response.arrayBuffer();
	return response.status;
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

describe('through the node: the recipient of a send', () => {
	it('is sent as its digits (7 to 15), or refused naming Recipient with nothing sent', async () => {
		const hello = templateId('hello_world');
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
				if (result.error instanceof NodeOperationError)
					return expectRefusedNaming(result, /^Recipient "/);
				// (the template is read first, to build the message)
				const sent = onlyRequest(result, 'POST');
				expect(sent.status).toBe(200);
				expect(sent.json?.to).toMatch(/^\d{7,15}$/);
				expect(recipient.replace(/\D/g, '').endsWith(String(sent.json?.to))).toBe(true);
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

	it('the form: body placeholders with their examples are sent and accepted, or refused naming Body with nothing sent', async () => {
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
					if (result.error instanceof NodeOperationError)
						return expectRefusedNaming(result, /^(Body|Header)[^:]*: /);
					const sent = onlyRequest(result);
					expect(sent.status).toBe(200);
					const sentBody = (sent.json?.components as IDataObject[]).find((c) => c.type === 'BODY');
					expect(sentBody?.text).toBe(body);
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
	);
	const currencies = fc.constantFrom('USD', 'usd', 'EUR', 'JPY', 'KWD', '', 'US', 'XXX1');

	it('a partial refund is sent as {currency, value, offset} in the payment currency, or refused naming Amount or Currency with nothing sent', async () => {
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
				if (result.error instanceof NodeOperationError)
					return expectRefusedNaming(result, /^(Amount|Currency) /);
				const sent = onlyRequest(result);
				const sentAmount = sent.json?.amount as { currency: string; value: number; offset: number };
				expect(Number.isSafeInteger(sentAmount.value) && sentAmount.value > 0).toBe(true);
				expect([1, 10, 100, 1000]).toContain(sentAmount.offset);
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
	it('a template ID becomes one path segment that decodes back to it, or is refused naming Template with nothing sent', async () => {
		await fc.assert(
			fc.asyncProperty(idText, async (id) => {
				const result = await attempt({
					resource: 'template',
					operation: 'get',
					businessAccountId: rl(bed.sandbox.businessAccountId),
					template: rl(id),
				});
				if (result.error instanceof NodeOperationError)
					return expectRefusedNaming(result, /Template/);
				const sent = onlyRequest(result);
				const segments = sent.path.split('/');
				expect(segments.slice(0, 2)).toEqual(['', 'v3']);
				expect(segments).toHaveLength(3);
				expect(decodeURIComponent(segments[2])).toBe(id.trim());
			}),
		);
	});

	it('a cursor is sent as exactly one "after" value, nothing added to the query, or refused with nothing sent', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string({ maxLength: 40 }).filter(notExpression),
					fc.constantFrom('a&limit=1000', 'x#y', 'a=b', '%26', 'QVFIU'),
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
					if (result.error instanceof NodeOperationError)
						return expectRefusedNaming(result, /After/);
					const sent = onlyRequest(result);
					if (cursor.trim() !== '') expect(sent.query.getAll('after')).toEqual([cursor.trim()]);
					expect(sent.query.getAll('limit')).toEqual(['5']);
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
	it('a product is sent with its price in minor units and accepted, or refused naming the field with nothing sent', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					retailerId: anyText(20),
					name: field(30),
					price,
					currency: fc.constantFrom('USD', 'eur', 'JPY', '', 'DOLLARS'),
					url: fc.option(
						fc.constantFrom(
							'https://shop.example.com/p/1',
							'shop.example.com',
							'javascript:alert(1)',
						),
						{ nil: undefined },
					),
				}),
				async (p) => {
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
					if (result.error instanceof NodeOperationError)
						return expectRefusedNaming(result, /^(Retailer ID|Product|Price|Currency)\b/);
					const sent = onlyRequest(result);
					expect(sent.status).toBe(200);
					const [entry] = sent.json?.requests as Array<{ retailer_id: string; data: IDataObject }>;
					expect(entry.retailer_id).toBe(p.retailerId.trim());
					expect(Number.isSafeInteger(entry.data.price)).toBe(true);
				},
			),
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

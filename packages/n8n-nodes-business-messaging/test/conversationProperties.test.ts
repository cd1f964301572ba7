import fc from 'fast-check';
import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import { chatSend, customerWrites } from './conversationSupport';
import { useTestBed } from './harness';

/**
 * Property tests of the interactive messages through the node, against the sandbox: for any
 * buttons or rows a workflow may hand the node (too many, too long, empty, repeated, any
 * characters), it either refuses with a NodeOperationError naming the field and sends nothing,
 * or sends exactly one message, which the platform accepts. A limit broken by one never leaves.
 * Both sides must agree: what the node refuses, the platform refuses too when the same message
 * is sent to it raw (`refusedByBoth`), so a node that refused everything would fail.
 *
 * Runs: fast-check's global setting (jest.setup.js).
 */
const bed = useTestBed();

/**
 * Titles and IDs around the limits: empty, blank, up to a few past the limit, any characters;
 * never starting with "=", which n8n reads as an expression (so the node would get another text
 * than the one sent raw).
 */
const text = (max: number) =>
	fc
		.oneof(
			fc.string({ maxLength: max + 3 }),
			fc.string({ unit: 'grapheme', maxLength: max + 2 }),
			fc.constantFrom('', ' ', 'Yes', 'yes', 'x'.repeat(max), 'x'.repeat(max + 1)),
		)
		.filter((value) => !value.startsWith('='));

/** Refusals of the node alone, by their message: see the flow property. */
const NODE_ONLY_FLOW_RULES = [
	/^Screen Data Fields › Field \d+ › Name (is required|"[^"]*" is used twice)/,
	/^Flow Token has \d+ characters/,
];

async function attempt(parameters: IDataObject) {
	bed.sandbox.state.log.clear();
	try {
		await bed
			.harness()
			.execute({ parameters: { ...parameters, requestOptions: { maxRetries: 0 } } });
		return { requests: bed.requests() };
	} catch (error) {
		return { error: error as Error, requests: bed.requests() };
	}
}

/** The sandbox's status for an interactive message sent to it raw, as the node would send it. */
async function rawStatus(interactive: IDataObject): Promise<number> {
	const response = await fetch(`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/messages`, {
		method: 'POST',
		headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			messaging_product: 'whatsapp',
			to: '14155550100',
			type: 'interactive',
			interactive,
		}),
	});
	await response.arrayBuffer();
	return response.status;
}

/**
 * refusedOrAccepted, and both sides agree: a refusal by the node is one the platform makes too,
 * sent `raw` (the message as the workflow asked for it, without the node's checks).
 */
async function refusedByBoth(
	result: Awaited<ReturnType<typeof attempt>>,
	field: RegExp,
	raw: IDataObject,
): Promise<void> {
	refusedOrAccepted(result, field);
	if (result.error) expect(await rawStatus(raw)).toBeGreaterThanOrEqual(400);
}

function refusedOrAccepted(result: Awaited<ReturnType<typeof attempt>>, field: RegExp): void {
	if (result.error) {
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error.message).toMatch(field);
		expect(result.requests).toEqual([]);
		return;
	}
	expect(result.requests).toHaveLength(1);
	expect(result.requests[0].status).toBe(200);
}

describe('properties: interactive messages through the node', () => {
	it('reply buttons: refused naming Buttons with nothing sent, or one message the platform accepts', async () => {
		await customerWrites(bed);
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.record({ title: text(20), id: text(256) }), { maxLength: 5 }),
				async (button) => {
					const result = await attempt(
						chatSend(bed, 'sendButtons', { bodyText: 'Which one?', replyButtons: { button } }),
					);
					// An empty ID takes the title, as the node documents.
					await refusedByBoth(result, /^Buttons/, {
						type: 'button',
						body: { text: 'Which one?' },
						action: {
							buttons: button.map(({ title, id }) => ({
								type: 'reply',
								reply: { id: id === '' ? title : id, title },
							})),
						},
					});
				},
			),
		);
	});

	it('list rows: refused naming Rows with nothing sent, or one message the platform accepts', async () => {
		await customerWrites(bed);
		await fc.assert(
			fc.asyncProperty(
				fc.array(
					fc.record({
						title: text(24),
						id: fc.oneof(fc.constant(''), text(200)),
						description: fc.oneof(fc.constant(''), text(72)),
						section: fc.constantFrom('', 'Coffee', 'Tea', 's'.repeat(24), 's'.repeat(25)),
					}),
					{ maxLength: 12 },
				),
				async (row) => {
					const result = await attempt(
						chatSend(bed, 'sendList', {
							bodyText: 'Which one?',
							listButton: 'Choose',
							rows: { row },
						}),
					);
					// Rows of the same section together; an empty ID takes the title.
					const sections = new Map<string, IDataObject[]>();
					for (const { title, id, description, section: name } of row)
						sections.set(name.trim(), [
							...(sections.get(name.trim()) ?? []),
							{ id: id === '' ? title : id, title, ...(description ? { description } : {}) },
						]);
					await refusedByBoth(result, /^Rows/, {
						type: 'list',
						body: { text: 'Which one?' },
						action: {
							button: 'Choose',
							sections: [...sections].map(([title, rows]) => ({
								...(title ? { title } : {}),
								rows,
							})),
						},
					});
				},
			),
		);
	});
	it('product lists: refused naming Sections with nothing sent, or one message the platform accepts', async () => {
		await customerWrites(bed);
		const product = fc.integer({ min: 1, max: 50 }).map((n) => ({
			product: { __rl: true, mode: 'list', value: `SKU-${String(n).padStart(5, '0')}` },
		}));
		await fc.assert(
			fc.asyncProperty(
				fc.array(
					fc.record({
						title: fc.oneof(fc.constantFrom('', 'Beans', 't'.repeat(24), 't'.repeat(25)), text(24)),
						products: fc.record({ product: fc.array(product, { maxLength: 16 }) }),
					}),
					{ maxLength: 12 },
				),
				async (section) => {
					const result = await attempt(
						chatSend(bed, 'sendProductList', {
							catalogId: { __rl: true, mode: 'id', value: bed.sandbox.catalogId },
							headerText: 'Our roasts',
							bodyText: 'Picked for you',
							productSections: { section },
						}),
					);
					await refusedByBoth(result, /^Sections/, {
						type: 'product_list',
						header: { type: 'text', text: 'Our roasts' },
						body: { text: 'Picked for you' },
						action: {
							catalog_id: bed.sandbox.catalogId,
							sections: section.map(({ title, products }) => ({
								title,
								product_items: products.product.map(({ product }) => ({
									product_retailer_id: product.value,
								})),
							})),
						},
					});
				},
			),
		);
	});
	it('flows: refused naming a Flow field with nothing sent, or one message the platform accepts', async () => {
		await customerWrites(bed);
		const booking = [...bed.sandbox.state.store.flows.values()].find(
			(flow) => flow.name === 'book_appointment',
		)!;
		const field = fc.record({
			name: fc.oneof(fc.constantFrom('', ' ', 'name', 'date'), text(20)),
			value: text(40),
		});
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					cta: text(30),
					screen: fc.constantFrom('', ' ', ...booking.screens),
					data: fc.array(field, { maxLength: 4 }),
					token: fc.oneof(fc.constant(''), text(256)),
				}),
				async ({ cta, screen, data, token }) => {
					const result = await attempt(
						chatSend(bed, 'sendFlow', {
							flow: { __rl: true, mode: 'list', value: booking.id },
							flowButtonText: cta,
							flowScreen: screen,
							flowScreenDataInput: data.length ? 'fields' : 'none',
							flowScreenData: { field: data },
							flowReference: token,
							bodyText: 'Book a visit',
						}),
					);
					const field = /^(Button Text|First Screen|Screen Data|Flow Token)/;
					// The node's own rules, which a raw message cannot break or the platform does not
					// state: a form row without a name, or with a name given twice (a JSON object
					// keeps one), and the node's bound on the token (the Cloud API states none).
					if (result.error && NODE_ONLY_FLOW_RULES.some((rule) => rule.test(result.error!.message)))
						return refusedOrAccepted(result, field);
					// What the node would send, given as it was, without its checks.
					const fields = Object.fromEntries(data.map((f) => [f.name, f.value]));
					const payload = {
						...(screen ? { screen } : {}),
						...(data.length ? { data: fields } : {}),
					};
					await refusedByBoth(result, field, {
						type: 'flow',
						body: { text: 'Book a visit' },
						action: {
							name: 'flow',
							parameters: {
								flow_message_version: '3',
								flow_id: booking.id,
								flow_cta: cta,
								mode: 'published',
								flow_token: token || 'node-made-token',
								flow_action: 'navigate',
								...(Object.keys(payload).length ? { flow_action_payload: payload } : {}),
							},
						},
					});
				},
			),
		);
	});
});

describe('properties: Send Text › Split Into Bubbles through the node', () => {
	/** Words of any characters (no spaces), now and then one longer than any bubble or message. */
	const word = fc.oneof(
		{ weight: 20, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
		{ weight: 1, arbitrary: fc.constantFrom('x'.repeat(400), 'y'.repeat(4097)) },
	);
	const separator = fc.constantFrom(' ', ' ', ' ', '. ', '? ', '! ', '。', '\n', '\n\n', ' \n \n');
	const answer = fc
		.array(fc.tuple(word, separator), { maxLength: 60 })
		.map((parts) => parts.map(([w, s]) => w + s).join(''))
		.filter((value) => !value.startsWith('='));
	const words = (value: string) => value.split(/\s+/).filter(Boolean);

	it('refused naming Text or Bubble Length with nothing sent, or bubbles the platform takes, the text’s words in order', async () => {
		await customerWrites(bed);
		// Most runs must be sent: a splitter that made too many bubbles would otherwise pass.
		let runs = 0;
		let accepted = 0;
		await fc.assert(
			fc.asyncProperty(answer, fc.integer({ min: 40, max: 400 }), async (text, bubbleLength) => {
				runs += 1;
				const result = await attempt(
					chatSend(bed, 'sendText', {
						text,
						splitIntoBubbles: true,
						bubbleLength,
						typingSpeed: 1_000_000,
						bubbleTyping: false,
					}),
				);
				if (result.error) {
					expect(result.error).toBeInstanceOf(NodeOperationError);
					expect(result.error.message).toMatch(/^Text /);
					expect(result.requests).toEqual([]);
					// A word past 4,096 characters: the platform refuses it too, sent as one message.
					if (/has a word of/.test(result.error.message)) {
						const longest = words(text).reduce((a, b) => (b.length > a.length ? b : a));
						expect(await rawTextStatus(longest)).toBeGreaterThanOrEqual(400);
					}
					return;
				}
				accepted += 1;
				expect(result.requests.length).toBeGreaterThan(0);
				expect(result.requests.every((request) => request.status === 200)).toBe(true);
				const bubbles = result.requests.map(
					(request) => (JSON.parse(request.body!) as { text: { body: string } }).text.body,
				);
				expectPiecesOf(text, bubbles);
				for (const bubble of bubbles)
					expect(bubble.length <= bubbleLength || !/\s/.test(bubble)).toBe(true);
			}),
		);
		expect(accepted).toBeGreaterThan(runs / 2);
	});
});

/**
 * The bubbles are the text's own pieces, in order, as written: between two of them the text
 * has only spaces (or line ends), and a break with none falls after a full-width terminator
 * (Chinese and Japanese take no space after "。"): never inside a word.
 */
function expectPiecesOf(text: string, bubbles: string[]): void {
	let rest = text;
	for (const [index, bubble] of bubbles.entries()) {
		const at = rest.indexOf(bubble);
		expect(at).toBeGreaterThanOrEqual(0);
		expect(rest.slice(0, at).trim()).toBe('');
		if (index > 0 && at === 0) expect(bubbles[index - 1]).toMatch(/[。．！？]$/u);
		rest = rest.slice(at + bubble.length);
	}
	expect(rest.trim()).toBe('');
}

/** The sandbox's status for a text message sent to it raw. */
async function rawTextStatus(body: string): Promise<number> {
	const response = await fetch(`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/messages`, {
		method: 'POST',
		headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			messaging_product: 'whatsapp',
			to: '14155550100',
			type: 'text',
			text: { body },
		}),
	});
	await response.arrayBuffer();
	return response.status;
}

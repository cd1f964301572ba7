import { processedData } from 'business-messaging-testing';
import { sleep, type IDataObject } from 'n8n-workflow';
import { MAX_BUBBLES, pauseBefore, splitIntoBubbles } from '../nodes/common/messages/bubbles';
import {
	chatSend,
	customerWrites,
	CUSTOMER,
	orderConfirmationFallback,
	sentBodies,
	triggerItemOf,
	customerSends,
} from './conversationSupport';
import { expectFailure, useTestBed } from './harness';
import { captureDeliveries, isStatus, WaitingN8n } from './waitingSupport';

/**
 * Message › Send Text › Split Into Bubbles, against the sandbox: the split (paragraphs, then
 * sentences, then spaces; never inside a word), "typing…" before each bubble and a pause that
 * grows with it, a failure part-way, and a retry that sends no bubble twice.
 */
const bed = useTestBed();
const n8n = new WaitingN8n(bed);
beforeAll(() => n8n.start());
afterAll(() => n8n.close());
beforeEach(() => processedData.records.clear());

/** A paragraph of `sentences` sentences of about 100 characters each. */
function paragraph(sentences: number, tag: string): string {
	return Array.from(
		{ length: sentences },
		(_, n) =>
			`Sentence ${n + 1} of part ${tag} tells the customer one more thing about the order and its delivery.`,
	).join(' ');
}

/** An AI agent's answer of about 3,000 characters in four paragraphs. */
const ANSWER = [paragraph(7, 'A'), paragraph(9, 'B'), paragraph(8, 'C'), paragraph(10, 'D')].join(
	'\n\n',
);

const bubbled = (extra: IDataObject = {}) =>
	chatSend(bed, 'sendText', {
		text: ANSWER,
		splitIntoBubbles: true,
		bubbleLength: 700,
		typingSpeed: 2000,
		...extra,
	});

/** The texts of the messages the platform took (its store), in order. */
const sentTexts = () =>
	[...bed.sandbox.state.store.messages.values()]
		.filter((message) => message.type === 'text')
		.map((message) => (message.content as { body: string }).body);

/** What the sandbox logged, as "typing" or "text", with its time. */
function timeline(): Array<{ kind: string; time: number; body: IDataObject }> {
	return bed.sandbox.state.log
		.list()
		.filter((entry) => entry.method === 'POST' && /\/messages$/.test(entry.url))
		.map((entry) => {
			const body = JSON.parse(entry.body!) as IDataObject;
			return { kind: body.status === 'read' ? 'typing' : 'text', time: entry.time, body };
		});
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('Send Text › Split Into Bubbles: the split', () => {
	it('one bubble per paragraph; a long one at its sentences; no word lost, split or moved', () => {
		const text = `Short first.\n\n${paragraph(12, 'long')}\n \nLast one.`;
		const bubbles = splitIntoBubbles(text, 500);
		expect(bubbles[0]).toBe('Short first.');
		expect(bubbles.at(-1)).toBe('Last one.');
		for (const bubble of bubbles) expect(bubble.length).toBeLessThanOrEqual(500);
		// The long paragraph breaks after a sentence, never inside one.
		for (const bubble of bubbles.slice(1, -1)) expect(bubble).toMatch(/^Sentence .*delivery\.$/);
		expect(bubbles.flatMap(words)).toEqual(words(text));
	});

	it('a sentence longer than a bubble breaks at its spaces; a longer word goes alone', () => {
		const link = `https://shop.example/track?${'x'.repeat(80)}`;
		const sentence = `${'word '.repeat(30)}${link} ${'end '.repeat(10)}`.trim();
		const bubbles = splitIntoBubbles(sentence, 60);
		expect(bubbles).toContain(link);
		for (const bubble of bubbles) expect(bubble === link || bubble.length <= 60).toBe(true);
		expect(bubbles.flatMap(words)).toEqual(words(sentence));
	});

	it('counts as the platform counts: an emoji 2, an accented or CJK character 1', () => {
		expect(splitIntoBubbles('😀😀 é日', 7)).toEqual(['😀😀 é日']);
		expect(splitIntoBubbles('😀😀 é日', 6)).toEqual(['😀😀', 'é日']);
		// Sentences without spaces (Japanese) break at their full stops.
		expect(splitIntoBubbles('ご注文ありがとうございます。明日お届けします。', 14)).toEqual([
			'ご注文ありがとうございます。',
			'明日お届けします。',
		]);
	});

	it('the pause grows with the bubble, and stops at 10 seconds', () => {
		expect(pauseBefore('x'.repeat(40), 40)).toBe(1000);
		expect(pauseBefore('x'.repeat(400), 40)).toBe(10_000);
		expect(pauseBefore('x'.repeat(4000), 40)).toBe(10_000);
	});
});

describe('Send Text › Split Into Bubbles: sending', () => {
	it('a 3,000-character answer goes as ordered bubbles, "typing…" before each, pauses growing with them', async () => {
		const customerMessage = await customerWrites(bed);
		bed.sandbox.state.log.clear();
		const [[output]] = await bed.harness().execute({
			parameters: bubbled({ typingMessageId: customerMessage, typingSpeed: 400 }),
		});
		const texts = sentTexts();
		expect(ANSWER.length).toBeGreaterThan(2900);
		expect(texts.length).toBeGreaterThanOrEqual(5);
		expect(texts.flatMap(words)).toEqual(words(ANSWER));
		const events = timeline();
		expect(events.map((e) => e.kind)).toEqual(texts.flatMap(() => ['typing', 'text']));
		for (const typing of events.filter((e) => e.kind === 'typing'))
			expect(typing.body).toMatchObject({
				status: 'read',
				message_id: customerMessage,
				typing_indicator: { type: 'text' },
			});
		// Between a bubble's "typing…" and the bubble: the time to type it (none for the first).
		for (let n = 1; n < texts.length; n++) {
			const waited = events[2 * n + 1].time - events[2 * n].time;
			expect(waited).toBeGreaterThanOrEqual(pauseBefore(texts[n], 400) - 5);
		}
		expect(output.json).toMatchObject({
			type: 'text',
			recipient: CUSTOMER,
			typing: true,
			messageIds: [...bed.sandbox.state.store.messages.values()].map((m) => m.id),
		});
		expect(output.json.messageId).toBe((output.json.messageIds as string[]).at(-1));
		expect((output.json.bubbles as IDataObject[]).map((b) => b.text)).toEqual(texts);
	});

	it('says how many paragraphs the text had, and notices one that lost its line breaks', async () => {
		await customerWrites(bed);
		const [[withBreaks]] = await bed
			.harness()
			.execute({ parameters: bubbled({ bubbleTyping: false }) });
		expect(withBreaks.json.paragraphs).toBe(4);
		expect(withBreaks.json.paragraphsNote).toBeUndefined();
		// The same answer as Edit Fields' Fixed value leaves it: one line, no blank line in it.
		const [[flattened]] = await bed.harness().execute({
			parameters: bubbled({ bubbleTyping: false, text: ANSWER.replace(/\n+/g, ' ') }),
		});
		expect(flattened.json.paragraphs).toBe(1);
		expect((flattened.json.bubbles as IDataObject[]).length).toBeGreaterThan(1);
		expect(flattened.json.paragraphsNote).toMatch(
			/no blank line between paragraphs.*give the text as an Expression/,
		);
	});

	it('"typing…" answers the trigger’s message when the item comes from the trigger', async () => {
		const item = await triggerItemOf(bed, () => customerSends(bed, { text: 'Where is my order?' }));
		bed.sandbox.state.log.clear();
		const [[output]] = await bed.harness().execute({
			parameters: { ...bubbled(), phoneNumberId: '', recipient: '={{ $json.from }}' },
			items: [{ json: item }],
		});
		const typings = timeline().filter((e) => e.kind === 'typing');
		expect(typings.length).toBe(sentTexts().length);
		for (const typing of typings) expect(typing.body.message_id).toBe(item.messageId);
		expect(output.json.typing).toBe(true);
	});

	it('with no customer message to answer, the bubbles go without "typing…"', async () => {
		await customerWrites(bed);
		bed.sandbox.state.log.clear();
		const [[output]] = await bed.harness().execute({ parameters: bubbled() });
		expect(timeline().every((e) => e.kind === 'text')).toBe(true);
		expect(output.json.typing).toBe(false);
	});

	it('Reply To quotes on the first bubble only', async () => {
		const customerMessage = await customerWrites(bed);
		await bed.harness().execute({
			parameters: bubbled({ bubbleTyping: false, options: { replyTo: customerMessage } }),
		});
		const contexts = sentBodies(bed).map((body) => body.context);
		expect(contexts[0]).toEqual({ message_id: customerMessage });
		expect(contexts.slice(1).every((context) => context === undefined)).toBe(true);
	});

	it('the window closed: the fallback template goes instead of the first bubble, and nothing else', async () => {
		const template = [...bed.sandbox.state.store.templates.values()].find(
			(t) => t.name === 'order_confirmation',
		)!;
		const [[output]] = await bed.harness().execute({
			parameters: bubbled({ bubbleTyping: false, ...orderConfirmationFallback(template.id) }),
		});
		expect(output.json).toMatchObject({ sentAs: 'template', template: 'order_confirmation' });
		expect(sentBodies(bed).map((body) => body.type)).toEqual(['text', 'template']);
	});
});

describe('Send Text › Split Into Bubbles: refused before anything is sent', () => {
	it.each([
		[
			'more bubbles than one send takes',
			{ text: Array.from({ length: MAX_BUBBLES + 1 }, (_, n) => `Part ${n}.`).join('\n\n') },
			`Text makes ${MAX_BUBBLES + 1} bubbles at Bubble Length 700; one send takes at most ${MAX_BUBBLES}`,
		],
		[
			'a word longer than any message',
			{ text: `Look: ${'x'.repeat(4097)}` },
			'Text has a word of 4097 characters: a bubble never splits a word, and a message takes at most 4096 characters',
		],
		[
			'a Bubble Length of 0',
			{ bubbleLength: 0 },
			'Bubble Length (Characters) must be a whole number from 1 to 4096',
		],
		[
			'a Typing Speed of 0',
			{ typingSpeed: 0 },
			'Typing Speed (Characters per Second) must be a number above 0',
		],
		[
			'a Customer Message ID that is none',
			{ typingMessageId: '12345' },
			'Customer Message ID "12345" is not a message ID',
		],
	])('%s', async (_, extra, message) => {
		await customerWrites(bed);
		bed.sandbox.state.log.clear();
		const error = await expectFailure(bed.harness().execute({ parameters: bubbled(extra) }));
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});

describe('Send Text › Split Into Bubbles: a failure part-way, and its retry', () => {
	const keyed = (key: string, extra: IDataObject = {}) =>
		bubbled({ bubbleTyping: false, options: { idempotencyKey: key }, ...extra });

	it('says which bubbles went out; a retry with the same key sends only the rest, then nothing', async () => {
		await customerWrites(bed);
		// The platform's pace for one customer lets two messages through, then refuses (131056).
		bed.sandbox.state.config.pairRate = { messages: 2, perSeconds: 3600 };
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: { ...keyed('answer-1'), requestOptions: { maxRetries: 0 } } }),
		);
		const [first, second] = [...bed.sandbox.state.store.messages.values()].map((m) => m.id);
		const all = splitIntoBubbles(ANSWER, 700).length;
		expect(error.description).toContain(
			`Bubbles 1–2 of ${all} were sent (${first}, ${second}). Bubble 3 was not sent. A retry with the same Idempotency Key sends bubbles 3–${all} only.`,
		);
		expect(error.message).toMatch(/131056|pair rate/);
		bed.sandbox.state.config.pairRate = { messages: 0, perSeconds: 6 };
		const [[retried]] = await bed.harness().execute({ parameters: keyed('answer-1') });
		expect(sentTexts()).toEqual(splitIntoBubbles(ANSWER, 700));
		const bubbles = retried.json.bubbles as IDataObject[];
		expect(bubbles.slice(0, 2)).toEqual([
			expect.objectContaining({ bubble: 1, messageId: first, sentBefore: true }),
			expect.objectContaining({ bubble: 2, messageId: second, sentBefore: true }),
		]);
		expect(bubbles.slice(2).every((b) => b.sentBefore === undefined)).toBe(true);
		const [[again]] = await bed.harness().execute({ parameters: keyed('answer-1') });
		expect(again.json.idempotency).toEqual({ key: 'answer-1', replayed: true });
		expect(sentTexts()).toHaveLength(all);
	});

	it('a claim that cannot be given back is added to the error, never put in its place', async () => {
		await customerWrites(bed);
		bed.sandbox.state.config.pairRate = { messages: 2, perSeconds: 3600 };
		// The idempotency store fails as the refused bubble's claim is given back.
		const freeing = jest
			.spyOn(processedData, 'removeProcessed')
			.mockRejectedValueOnce(new Error('the store is down'));
		try {
			const error = await expectFailure(
				bed
					.harness()
					.execute({ parameters: { ...keyed('answer-5'), requestOptions: { maxRetries: 0 } } }),
			);
			expect(freeing).toHaveBeenCalled();
			expect(error.message).toMatch(/131056|pair rate/);
			expect(error.description).toContain(
				"Bubble 3's claim could not be given back (the store is down): a retry with the same Idempotency Key may skip it.",
			);
		} finally {
			freeing.mockRestore();
		}
	});

	it('a bubble whose answer was lost is never sent again; the retry sends the ones after it', async () => {
		await customerWrites(bed);
		// The first bubble reaches the platform, and the connection breaks before the answer.
		bed.sandbox.state.faults.add({ kind: 'reset', after: true, method: 'POST', count: 1 });
		const error = await expectFailure(bed.harness().execute({ parameters: keyed('answer-2') }));
		const all = splitIntoBubbles(ANSWER, 700).length;
		expect(error.description).toContain(
			`Bubble 1 may have gone out (the answer was lost). A retry with the same Idempotency Key sends bubbles 2–${all} only.`,
		);
		await bed.harness().execute({ parameters: keyed('answer-2') });
		expect(sentTexts()).toEqual(splitIntoBubbles(ANSWER, 700));
	});

	it('a lost answer to "typing…" sent no bubble: the retry with the same key sends them all', async () => {
		const customerMessage = await customerWrites(bed);
		bed.sandbox.state.faults.add({ kind: 'reset', after: true, method: 'POST', count: 1 });
		const parameters = bubbled({
			typingMessageId: customerMessage,
			options: { idempotencyKey: 'answer-3' },
		});
		const error = await expectFailure(
			bed.harness().execute({ parameters: { ...parameters, requestOptions: { maxRetries: 0 } } }),
		);
		expect(error.description).toMatch(/^The typing indicator on the customer’s message wamid\./);
		expect(sentTexts()).toEqual([]);
		await bed.harness().execute({ parameters });
		expect(sentTexts()).toEqual(splitIntoBubbles(ANSWER, 700));
	});

	it('a retry with the same key but another answer (an agent’s new one) sends the new answer whole', async () => {
		await customerWrites(bed);
		bed.sandbox.state.config.pairRate = { messages: 2, perSeconds: 3600 };
		await expectFailure(
			bed
				.harness()
				.execute({ parameters: { ...keyed('answer-4'), requestOptions: { maxRetries: 0 } } }),
		);
		bed.sandbox.state.config.pairRate = { messages: 0, perSeconds: 6 };
		const other = ANSWER.replace(/part /g, 'section ');
		await bed.harness().execute({ parameters: keyed('answer-4', { text: other }) });
		expect(sentTexts()).toEqual([
			...splitIntoBubbles(ANSWER, 700).slice(0, 2),
			...splitIntoBubbles(other, 700),
		]);
	});

	it('without a key, the error says a retry sends every bubble again', async () => {
		await customerWrites(bed);
		bed.sandbox.state.config.pairRate = { messages: 1, perSeconds: 3600 };
		const error = await expectFailure(
			bed.harness().execute({
				parameters: { ...bubbled({ bubbleTyping: false }), requestOptions: { maxRetries: 0 } },
			}),
		);
		expect(error.description).toMatch(
			/^Bubble 1 of \d+ was sent \(wamid\.[^)]+\)\. Bubble 2 was not sent\. Without an Idempotency Key, a retry sends every bubble again\./,
		);
	});
});

describe('Send Text › Split Into Bubbles › Wait for Receipt', () => {
	it('a retry that sends nothing new does not wait for a receipt that cannot come', async () => {
		await customerWrites(bed);
		const all = splitIntoBubbles(ANSWER, 700).length;
		const parameters = bubbled({
			bubbleTyping: false,
			options: { idempotencyKey: 'answer-5', waitForReceipt: 'read' },
		});
		// The last bubble reaches the platform and the connection breaks before its answer: the
		// fault is set during the pause before it (about 350 ms at 2,000 characters a second).
		let watching = true;
		const arm = (async () => {
			while (watching) {
				if (bed.sandbox.state.store.messages.size === all - 1) {
					bed.sandbox.state.faults.add({ kind: 'reset', after: true, method: 'POST', count: 1 });
					return;
				}
				await sleep(2);
			}
		})();
		try {
			await expectFailure(
				n8n.node().execute({ parameters: { ...parameters, requestOptions: { maxRetries: 0 } } }),
			);
		} finally {
			watching = false;
			await arm;
		}
		expect(sentTexts()).toHaveLength(all);
		const [[again]] = await n8n.node().execute({ parameters });
		expect(again.json).toMatchObject({
			receiptStatus: 'none',
			notice: 'Nothing was sent in this run, so there is no new receipt to wait for.',
		});
		expect(again.json).not.toHaveProperty('waitId');
		expect(sentTexts()).toHaveLength(all);
	});

	it('waits for the last bubble’s receipt', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(bubbled({ bubbleTyping: false, options: { waitForReceipt: 'read' } }));
		const bodies = sentBodies(bed);
		const withCallback = bodies.filter((body) => body.biz_opaque_callback_data !== undefined);
		expect(withCallback).toEqual([bodies.at(-1)]);
		const last = [...bed.sandbox.state.store.messages.values()].at(-1)!;
		await n8n.deliver(await next(isStatus('read', last.id)));
		expect(n8n.resumed[0]).toMatchObject({ messageId: last.id, receiptStatus: 'read' });
	});
});

import { characterCount } from '../nodes/common/characters';
import { chatSend, CUSTOMER, customerWrites, sentBodies } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Both sides count a limit's "characters" one way (UTF-16 code units, docs/API.md): at the limit
 * the node sends and the sandbox accepts; one past it the node refuses naming the field and sends
 * nothing, and the sandbox, sent the same body raw, refuses it too. With emoji (2 each), accented
 * letters precomposed (1) and decomposed (2), and CJK ideographs (1).
 */
const bed = useTestBed();

/** Texts of exactly `units` code units, of each kind. */
const KINDS: Array<[string, (units: number) => string]> = [
	['emoji', (units) => '😀'.repeat(units / 2)],
	['precomposed accents', (units) => 'é'.repeat(units)],
	['decomposed accents', (units) => 'e\u0301'.repeat(units / 2)],
	['CJK', (units) => '日'.repeat(units)],
	['mixed', (units) => '😀é日'.repeat(units / 4)],
];
/** One more unit of each kind: a character of one unit, so the text is one past the limit. */
const onePast = (text: string) => `${text}x`;

/** The sandbox's answer to a raw send of `body` to the customer. */
async function rawSend(body: Record<string, unknown>): Promise<{ status: number; text: string }> {
	const response = await fetch(`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/messages`, {
		method: 'POST',
		headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, ...body }),
	});
	return { status: response.status, text: await response.text() };
}

const buttonTitle = (title: string) =>
	chatSend(bed, 'sendButtons', {
		bodyText: 'Deliver tomorrow?',
		buttonsInput: 'fields',
		replyButtons: { button: [{ title, id: 'b1' }] },
	});

const interactiveWithTitle = (title: string) => ({
	type: 'interactive',
	interactive: {
		type: 'button',
		body: { text: 'Deliver tomorrow?' },
		action: { buttons: [{ type: 'reply', reply: { id: 'b1', title } }] },
	},
});

describe('characters: one count on both sides', () => {
	it('every kind of text is built to the length it claims', () => {
		for (const [, make] of KINDS) {
			expect(characterCount(make(20))).toBe(20);
			expect(characterCount(onePast(make(20)))).toBe(21);
		}
	});

	it.each(KINDS)(
		'a reply button title (20) of %s: at the limit both send; one past, the node refuses and so would the sandbox',
		async (_kind, make) => {
			await customerWrites(bed);
			const atLimit = make(20);
			await bed.harness().execute({ parameters: buttonTitle(atLimit) });
			const [sent] = sentBodies(bed);
			expect(JSON.stringify(sent)).toContain(JSON.stringify(atLimit).slice(1, -1));
			expect((await rawSend(interactiveWithTitle(atLimit))).status).toBe(200);

			bed.sandbox.state.log.clear();
			const error = await expectFailure(
				bed.harness().execute({ parameters: buttonTitle(onePast(atLimit)) }),
			);
			expect(error.message).toMatch(/Title.*21 characters.*at most 20|title.*at most 20/i);
			expect(sentBodies(bed)).toEqual([]);
			const raw = await rawSend(interactiveWithTitle(onePast(atLimit)));
			expect(raw.status).toBe(400);
			expect(raw.text).toContain('at most 20 characters (got 21)');
		},
	);
});

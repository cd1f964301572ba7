import { ScriptedServer } from 'business-messaging-testing';
import { codeInText } from '../nodes/common/transport/errorBody';
import { chatSend, orderConfirmationFallback, sentBodies } from './conversationSupport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

/**
 * A gateway may flatten the platform's errors to text ("Error 131047: Re-engagement message"):
 * the platform's code is still read, so that the 24-hour fallback and the retry rules act on it
 * as they do on a JSON error.
 */
const bed = useTestBed({ dialect: 'plain-text' });
const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;

describe('an error code in a text body', () => {
	it('closes the window as 131047 does in JSON: the fallback template goes instead', async () => {
		const [output] = await bed.harness().execute({
			parameters: chatSend(bed, 'sendText', {
				text: 'Your order ships Friday.',
				...orderConfirmationFallback(templateId('order_confirmation')),
			}),
		});
		expect(output[0].json).toMatchObject({ sentAs: 'template', template: 'order_confirmation' });
		expect(sentBodies(bed).map((b) => b.type)).toEqual(['text', 'template']);
	});

	it('gives the item the code, and the platform’s words as the message', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: chatSend(bed, 'sendText', { text: 'Hello' }) }),
		);
		expect(error.message).toMatch(/^Error 131047: /);
		expect((error as { errorResponse?: { code?: number } }).errorResponse?.code).toBe(131047);
	});

	it.each([
		['Error 131047: Re-engagement message', 131047],
		['(#130429) Rate limit hit', 130429],
		['error code 80007 - too many calls', 80007],
		['Code: 4: Application request limit reached', 4],
		['Error #131056: pair rate limit', 131056],
	])('reads the code of %p', (text, code) => {
		expect(codeInText(text)).toBe(code);
	});

	it.each([
		'Error 131047 Re-engagement message',
		'Service unavailable, try in 500 ms',
		'404: not found',
		'The order 131047: shipped',
	])('reads no code in %p (a number elsewhere is no code)', (text) => {
		expect(codeInText(text)).toBeUndefined();
	});
});

describe('a throttling code in a text body', () => {
	const provider = new ScriptedServer({
		status: 200,
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ id: 'rf-1', status: 'pending' }),
	});
	let baseUrl: string;
	beforeAll(async () => {
		baseUrl = await provider.start();
	});
	afterAll(async () => await provider.close());

	it('is repeated even on a refund, as in JSON: it was not processed', async () => {
		provider.script = [
			{
				status: 400,
				headers: { 'content-type': 'text/plain' },
				body: 'Error 130429: Rate limit hit',
			},
		];
		const [output] = await bed.harness({ baseUrl }).execute({
			parameters: {
				resource: 'payment',
				operation: 'refund',
				phoneNumberId: { __rl: true, mode: 'id', value: 'pn-1' },
				referenceId: 'order-1001',
				paymentConfigId: 'acme-payments',
				requestOptions: FAST_RETRIES,
			},
		});
		expect(output[0].json).toMatchObject({ id: 'rf-1', status: 'pending' });
		expect(provider.calls).toHaveLength(2);
	});
});

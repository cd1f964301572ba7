import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	expectSent,
	orderConfirmationComponents,
	send,
	templateMessage,
} from './msgWebhookSupport';
import { expectRefusedSend, withComponents } from './messagesSupport';

const sandbox = useSandbox();

describe('template parameters of a send (Cloud API form)', () => {
	it('accepts parameters that match order_confirmation exactly', async () => {
		const s = sandbox.current;
		expectSent(
			await send(s, templateMessage('order_confirmation', 'en_US', orderConfirmationComponents())),
		);
	});

	it('accepts the button index as a number and components in any order', async () => {
		const s = sandbox.current;
		const components = orderConfirmationComponents().reverse();
		components[0].index = 0;
		expectSent(await send(s, templateMessage('order_confirmation', 'en_US', components)));
	});

	it('accepts hello_world without components, and the es_ES order_confirmation with its two body values', async () => {
		const s = sandbox.current;
		expectSent(await send(s, templateMessage('hello_world')));
		expectSent(
			await send(
				s,
				templateMessage('order_confirmation', 'es_ES', [
					{
						type: 'body',
						parameters: [
							{ type: 'text', text: 'María' },
							{ type: 'text', text: '2 bolsas de café' },
						],
					},
				]),
			),
		);
	});

	it('refuses the es_ES template with the three en_US body values', async () => {
		const s = sandbox.current;
		const body = templateMessage('order_confirmation', 'es_ES', [orderConfirmationComponents()[1]]);
		await expectRefusedSend(s, body, 400, 132000, 'body.parameters');
	});

	it('refuses order_confirmation without any parameters', async () => {
		const s = sandbox.current;
		await expectRefusedSend(s, templateMessage('order_confirmation'), 400, 132000);
	});

	it('refuses missing body parameters (132000, naming the body)', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => c[1].parameters.pop()),
			400,
			132000,
			/body\.parameters.*expects 3.*got 2/,
		);
		assert.equal(error.error_data?.field, 'body.parameters');
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(1, 1)),
			400,
			132000,
			/body\.parameters.*expects 3.*got 0/,
		);
	});

	it('refuses too many body parameters', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c[1].parameters.push({ type: 'text', text: 'extra' })),
			400,
			132000,
			/body\.parameters.*expects 3.*got 4/,
		);
	});

	it('refuses body parameters for a template without placeholders', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			templateMessage('hello_world', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: 'x' }] },
			]),
			400,
			132000,
			'body.parameters',
		);
		await expectRefusedSend(
			s,
			templateMessage('hello_world', 'en_US', [
				{ type: 'header', parameters: [{ type: 'text', text: 'x' }] },
			]),
			400,
			132000,
			'header.parameters',
		);
	});

	it('refuses a missing header parameter, naming the header', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(0, 1)),
			400,
			132000,
			/header\.parameters.*expects 1/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[0].parameters = [])),
			400,
			132000,
			/header\.parameters/,
		);
	});

	it('refuses a header parameter that is not text for a TEXT header', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents(
				(c) =>
					(c[0].parameters = [{ type: 'image', image: { link: 'https://example.com/a.png' } }]),
			),
			400,
			132000,
			'header.parameters[0]',
		);
	});

	it('refuses a missing URL button parameter, naming the button', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(2, 1)),
			400,
			132000,
			/button\[0\]\.parameters/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters = [])),
			400,
			132000,
			/button\[0\]\.parameters/,
		);
	});

	it('refuses a wrong button sub_type', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => (c[2].sub_type = 'quick_reply')),
			400,
			132000,
			/sub_type.*url/,
		);
		assert.match(error.error_data?.field ?? '', /sub_type$/);
		await expectRefusedSend(
			s,
			withComponents((c) => delete c[2].sub_type),
			400,
			132000,
			/sub_type/,
		);
	});

	it('refuses a parameter for a button that takes none, or a missing index', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].index = '1')),
			400,
			132000,
			/index/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].index = '5')),
			400,
			132000,
			/index/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => delete c[2].index),
			400,
			132000,
			/index/,
		);
	});
});

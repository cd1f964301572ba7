import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import { expectSent, send, templateMessage } from './msgWebhookSupport';
import { expectRefusedSend, withComponents } from './messagesSupport';

const sandbox = useSandbox();

describe('template parameter values and components of a send', () => {
	it('refuses a parameter with a new line, a tab or five spaces in a row, naming it', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[1].text = 'two bags\nof coffee')),
			400,
			132000,
			'body.parameters[1].text',
		);
		assert.equal(error.error_data?.field, 'body.parameters[1].text');
		await expectRefusedSend(
			s,
			withComponents((c) => (c[0].parameters[0].text = '#10\t01')),
			400,
			132000,
			'header.parameters[0].text',
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters[0].text = '10     01')),
			400,
			132000,
			'button[0].parameters[0].text',
		);
		// four spaces are still fine
		expectSent(
			await send(
				s,
				withComponents((c) => (c[1].parameters[1].text = 'two    bags')),
			),
		);
	});

	it('refuses an empty or missing body parameter text', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[0].text = '')),
			400,
			132000,
			'body.parameters[0].text',
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[0] = { type: 'text' })),
			400,
			132000,
			'body.parameters[0].text',
		);
	});

	it('refuses an unknown component type, and components that are not an array', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.push({ type: 'footer', parameters: [] })),
			400,
			132000,
			'template.components[3].type',
		);
		await expectRefusedSend(
			s,
			templateMessage('order_confirmation', 'en_US', { type: 'body' }),
			400,
			132000,
			'template.components',
		);
	});

	it('refuses a component sent twice', async () => {
		const s = sandbox.current;
		// two body components carry six values for three placeholders
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[1]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[2]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[0]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
	});

	it('takes a coupon_code for the COPY_CODE button of welcome_offer', async () => {
		const s = sandbox.current;
		const body = (button?: Record<string, unknown>) =>
			templateMessage('welcome_offer', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
				...(button ? [button] : []),
			]);
		const coupon = {
			type: 'button',
			sub_type: 'copy_code',
			index: '0',
			parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME15' }],
		};
		expectSent(await send(s, body(coupon)));
		await expectRefusedSend(s, body(undefined), 400, 132000, /button\[0\]\.parameters/);
		await expectRefusedSend(
			s,
			body({ ...coupon, sub_type: 'url' }),
			400,
			132000,
			/sub_type.*copy_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'text', text: 'WELCOME15' }] }),
			400,
			132000,
			/button\[0\]\.parameters\[0\].*coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'text', coupon_code: 'WELCOME15' }] }),
			400,
			132000,
			/button\[0\]\.parameters\[0\].*coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({
				...coupon,
				parameters: [{ type: 'coupon_code', coupon_code: 'WAY_TOO_LONG_CODE_1' }],
			}),
			400,
			132000,
			/coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'coupon_code', coupon_code: '' }] }),
			400,
			132000,
			/coupon_code/,
		);
	});

	it('refuses a coupon_code for the URL button of order_confirmation', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents(
				(c) =>
					(c[2] = {
						type: 'button',
						sub_type: 'copy_code',
						index: '0',
						parameters: [{ type: 'coupon_code', coupon_code: 'X1' }],
					}),
			),
			400,
			132000,
			/sub_type/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters = [{ type: 'coupon_code', coupon_code: 'X1' }])),
			400,
			132000,
			/button\[0\]\.parameters\[0\]\.type/,
		);
	});
});

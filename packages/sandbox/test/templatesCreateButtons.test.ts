import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	Component,
	PLAIN_BODY,
	buttons,
	QUICK,
	refusedComponents,
	acceptedComponents,
} from './templatesSupport';

const sandbox = useSandbox();

describe('create a template: buttons', () => {
	const url = (extra: Component = {}): Component => ({
		type: 'URL',
		text: 'Track',
		url: 'https://shop.example.com/track',
		...extra,
	});

	it('holds 1 to 10 buttons', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons(
				...Array.from({ length: 10 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` })),
			),
		]);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons(
					...Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` })),
				),
			],
			'components[1].buttons',
		);
		await refusedComponents(s, [PLAIN_BODY, buttons()], 'components[1].buttons');
		await refusedComponents(s, [PLAIN_BODY, { type: 'BUTTONS' }], 'components[1].buttons');
	});

	it('refuses an unknown button type and unknown button fields', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(QUICK, { type: 'SPIN_WHEEL', text: 'Spin' })],
			'components[1].buttons[1].type',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons('QUICK_REPLY' as unknown as Component)],
			'components[1].buttons[0]',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ ...QUICK, url: 'https://x.example.com' })],
			'components[1].buttons[0].url',
		);
	});

	it('QUICK_REPLY needs a text of at most 25 characters', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons({ type: 'QUICK_REPLY', text: 'q'.repeat(25) }),
		]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'QUICK_REPLY', text: 'q'.repeat(26) })],
			'components[1].buttons[0].text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'QUICK_REPLY' })],
			'components[1].buttons[0].text',
		);
	});

	it('PHONE_NUMBER needs a phone number in international format', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons({ type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550123401' }),
		]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'PHONE_NUMBER', text: 'Call us', phone_number: 'call me' })],
			'components[1].buttons[0].phone_number',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'PHONE_NUMBER', text: 'Call us' })],
			'components[1].buttons[0].phone_number',
		);
	});

	it('URL button: a static URL, or {{1}} at its end with one sample URL', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(url())]);
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons(
				url({
					url: 'https://shop.example.com/o/{{1}}',
					example: ['https://shop.example.com/o/1001'],
				}),
			),
		]);
	});

	it('URL button: refuses a placeholder not at the end, other than {{1}}, or more than one', async () => {
		const s = sandbox.current;
		const sample = { example: ['https://shop.example.com/o/1001'] };
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/{{1}}/track', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/o/{{2}}', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/{{1}}/{{2}}', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/o/{{id}}', ...sample }))],
			'components[1].buttons[0].url',
		);
	});

	it('URL button: refuses a missing, non-http URL and a missing text', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'ftp://shop.example.com' }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'URL', text: 'Track' })],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'URL', url: 'https://shop.example.com' })],
			'components[1].buttons[0].text',
		);
	});

	it('URL button: the sample is required for {{1}}, one full URL, and refused without {{1}}', async () => {
		const s = sandbox.current;
		const dynamic = 'https://shop.example.com/o/{{1}}';
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(QUICK, url({ url: dynamic }))],
			'components[1].buttons[1].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: [] }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons(
					url({
						url: dynamic,
						example: ['https://shop.example.com/o/1', 'https://shop.example.com/o/2'],
					}),
				),
			],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: ['1001'] }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: 'https://shop.example.com/o/1001' }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ example: ['https://shop.example.com/track'] }))],
			'components[1].buttons[0].example',
		);
	});

	it('allows at most 2 URL buttons', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(url(), url({ text: 'Shop' }), QUICK)]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url(), url({ text: 'Shop' }), url({ text: 'Help' }))],
			'components[1].buttons',
		);
	});

	it('COPY_CODE needs its sample code as a string of at most 15 characters (a list is refused, as Meta gives it)', async () => {
		const s = sandbox.current;
		await acceptedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: 'WELCOME15' })],
			'MARKETING',
		);
		await acceptedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: 'C'.repeat(15) })],
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: 'C'.repeat(16) })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE' })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		// The shape an earlier node sent: a list with the code in it.
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['WELCOME15'] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: [] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['A1', 'B2'] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: '' })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons({ type: 'COPY_CODE', example: 'A1' }, { type: 'COPY_CODE', example: 'B2' }),
			],
			'components[1].buttons',
			'MARKETING',
		);
	});
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	acceptedComponents,
	buttons,
	getTemplate,
	PLAIN_BODY,
	QUICK,
	refusedComponents,
	type Component,
} from './templatesSupport';

const sandbox = useSandbox();

const FLOW: Component = { type: 'FLOW', text: 'Sign up', flow_id: '1234567890' };
const CATALOG: Component = { type: 'CATALOG', text: 'View catalog' };
const OTP_COPY: Component = { type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' };
const ONE_TAP: Component = {
	type: 'OTP',
	otp_type: 'ONE_TAP',
	package_name: 'com.example.app',
	signature_hash: 'K8a/AINcGX7',
};
const AUTH_BODY: Component = { type: 'BODY', add_security_recommendation: true };

describe('create a template: Flow, catalog and one-time password buttons', () => {
	it('FLOW names its flow exactly one way, with a known action', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(FLOW, QUICK)]);
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons({ type: 'FLOW', text: 'Book', flow_name: 'booking', flow_action: 'data_exchange' }),
		]);
		const { flow_id: _id, ...noFlow } = FLOW;
		await refusedComponents(s, [PLAIN_BODY, buttons(noFlow)], 'components[1].buttons[0].flow_id');
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ ...FLOW, flow_name: 'booking' })],
			'components[1].buttons[0].flow_id',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ ...FLOW, flow_action: 'open' })],
			'components[1].buttons[0].flow_action',
		);
		await refusedComponents(s, [PLAIN_BODY, buttons(FLOW, FLOW)], 'components[1].buttons');
	});

	it('CATALOG is a Marketing button, once', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(CATALOG)], 'MARKETING');
		await refusedComponents(s, [PLAIN_BODY, buttons(CATALOG)], 'components[1].buttons[0].type');
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(CATALOG, CATALOG)],
			'components[1].buttons',
			'MARKETING',
		);
	});

	it('OTP: an authentication template’s only button; the platform writes its body and footer', async () => {
		const s = sandbox.current;
		const id = await acceptedComponents(
			s,
			[AUTH_BODY, { type: 'FOOTER', code_expiration_minutes: 5 }, buttons(OTP_COPY)],
			'AUTHENTICATION',
		);
		const stored = (await getTemplate(s, id)).body.components;
		assert.equal(
			stored[0].text,
			'*{{1}}* is your verification code. For your security, do not share this code.',
		);
		assert.equal(stored[1].text, 'This code expires in 5 minutes.');
		await acceptedComponents(s, [{ type: 'BODY' }, buttons(ONE_TAP)], 'AUTHENTICATION');
		await refusedComponents(s, [PLAIN_BODY, buttons(OTP_COPY)], 'components[1].buttons[0].type');
		await refusedComponents(
			s,
			[AUTH_BODY, buttons(OTP_COPY, QUICK)],
			'components[1].buttons',
			'AUTHENTICATION',
		);
		await refusedComponents(
			s,
			[{ type: 'BODY', text: 'Your code is {{1}}' }, buttons(OTP_COPY)],
			'components[0].text',
			'AUTHENTICATION',
		);
		await refusedComponents(
			s,
			[AUTH_BODY, { type: 'FOOTER', code_expiration_minutes: 91 }, buttons(OTP_COPY)],
			'components[1].code_expiration_minutes',
			'AUTHENTICATION',
		);
	});

	it('OTP kinds: one-tap names the app, zero-tap also accepts its terms', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[AUTH_BODY, buttons({ ...OTP_COPY, otp_type: 'TWO_TAP' })],
			'components[1].buttons[0].otp_type',
			'AUTHENTICATION',
		);
		const { package_name: _p, ...noPackage } = ONE_TAP;
		await refusedComponents(
			s,
			[AUTH_BODY, buttons(noPackage)],
			'components[1].buttons[0].package_name',
			'AUTHENTICATION',
		);
		await refusedComponents(
			s,
			[AUTH_BODY, buttons({ ...ONE_TAP, signature_hash: 'short' })],
			'components[1].buttons[0].signature_hash',
			'AUTHENTICATION',
		);
		await refusedComponents(
			s,
			[AUTH_BODY, buttons({ ...ONE_TAP, otp_type: 'ZERO_TAP' })],
			'components[1].buttons[0].zero_tap_terms_accepted',
			'AUTHENTICATION',
		);
		await acceptedComponents(
			s,
			[AUTH_BODY, buttons({ ...ONE_TAP, otp_type: 'ZERO_TAP', zero_tap_terms_accepted: true })],
			'AUTHENTICATION',
		);
	});
});

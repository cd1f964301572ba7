import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { OTHER_API_KEY, useSandbox } from './helpers';
import {
	customerWrites,
	expectBadValue,
	expectRecorded,
	expectUnknownField,
	message,
} from './conversationSupport';
import { expectInvalid } from './mediaSupport';
import { CUSTOMER, DEMO_NUMBER, messageOf, Receivers } from './msgWebhookSupport';
import type { Page } from './types';

/** WhatsApp Flows: the Flows API's list of an account's flows, and interactive flow messages. */

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

type Json = Record<string, unknown>;
interface FlowView {
	id: string;
	name: string;
	status: string;
	categories: string[];
	validation_errors: unknown[];
}

const BOOKING_ID = '1208871900000001';
const PARAMETERS = 'interactive.action.parameters';

/** A flow message at every limit: header 60, body 1024, footer 60, CTA 30. */
function flowMessage(change: (parameters: Json, interactive: Json) => void = () => {}): Json {
	const parameters: Json = {
		flow_message_version: '3',
		flow_id: BOOKING_ID,
		flow_cta: 'Book an appointment now'.padEnd(30, '!'),
		flow_token: 'booking-1001',
		mode: 'published',
		flow_action: 'navigate',
		flow_action_payload: { screen: 'APPOINTMENT', data: { name: 'Ada' } },
	};
	const interactive: Json = {
		type: 'flow',
		header: { type: 'text', text: 'h'.repeat(60) },
		body: { text: 'b'.repeat(1024) },
		footer: { text: 'f'.repeat(60) },
		action: { name: 'flow', parameters },
	};
	change(parameters, interactive);
	return interactive;
}

describe('list flows (Flows API, GET /{waba}/flows)', () => {
	it("answers the account's flows with id, name, status, categories and validation_errors", async () => {
		const s = sandbox.current;
		const { status, body } = await s.api<Page<FlowView>>('GET', `/${s.accountId}/flows`);
		assert.equal(status, 200);
		assert.deepEqual(
			body.data.map((f) => [f.name, f.status]),
			[
				['book_appointment', 'PUBLISHED'],
				['feedback_survey', 'DRAFT'],
				['old_signup', 'DEPRECATED'],
				['spring_offer', 'BLOCKED'],
				['support_request', 'THROTTLED'],
			],
		);
		assert.deepEqual(body.data[0], {
			id: BOOKING_ID,
			name: 'book_appointment',
			status: 'PUBLISHED',
			categories: ['APPOINTMENT_BOOKING'],
			validation_errors: [],
		});
	});

	it('honours fields, limit and the after cursor, and refuses an unknown field', async () => {
		const s = sandbox.current;
		const path = `/${s.accountId}/flows`;
		const first = await s.api<Page<FlowView>>('GET', path, {
			query: { fields: 'name,status', limit: 2 },
		});
		assert.deepEqual(first.body.data, [
			{ id: BOOKING_ID, name: 'book_appointment', status: 'PUBLISHED' },
			{ id: '1208871900000002', name: 'feedback_survey', status: 'DRAFT' },
		]);
		const after = first.body.paging.cursors.after;
		assert.ok(after);
		const rest = await s.api<Page<FlowView>>('GET', path, { query: { limit: 10, after } });
		assert.deepEqual(
			rest.body.data.map((f) => f.name),
			['old_signup', 'spring_offer', 'support_request'],
		);
		expectInvalid(await s.api('GET', path, { query: { fields: 'flow_json' } }), 'fields');
		expectInvalid(await s.api('GET', path, { query: { limit: 0 } }), 'limit');
	});

	it("does not show another key's account (404)", async () => {
		const s = sandbox.current;
		const other = await s.api('GET', `/${s.accountId}/flows`, { key: OTHER_API_KEY });
		assert.equal(other.status, 404);
	});
});

describe('interactive flow messages', () => {
	it('sends a flow at its limits, by ID or by name, in either mode and action, and records it', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		for (const interactive of [
			flowMessage(),
			flowMessage((p, i) => {
				delete p.flow_id;
				p.flow_name = 'book_appointment';
				delete p.flow_token;
				delete p.mode;
				delete p.flow_action;
				delete p.flow_action_payload;
				delete i.header;
				delete i.footer;
			}),
			flowMessage((p) => {
				p.flow_id = '1208871900000002';
				p.mode = 'draft';
				p.flow_action_payload = { screen: 'COMMENTS' };
			}),
			flowMessage((p) => {
				p.flow_action = 'data_exchange';
				delete p.flow_action_payload;
			}),
			// a throttled flow is still sent (at the platform's reduced rate)
			flowMessage((p) => {
				p.flow_id = '1208871900000005';
				p.flow_action_payload = { screen: 'REQUEST', data: { topic: 'billing' } };
			}),
		])
			assert.deepEqual(
				(await expectRecorded(s, message('interactive', interactive))).content,
				interactive,
			);
	});

	it('refuses each limit one past it, and every broken rule, with 131009 naming the field', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const cases: [Json, string, string][] = [
			[
				flowMessage((p) => (p.flow_cta = 'c'.repeat(31))),
				`${PARAMETERS}.flow_cta`,
				'at most 30 characters (got 31)',
			],
			[flowMessage((p) => (p.flow_cta = 'Book 📅')), `${PARAMETERS}.flow_cta`, 'emoji'],
			[flowMessage((p) => delete p.flow_cta), `${PARAMETERS}.flow_cta`, 'required'],
			[
				flowMessage((_, i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
			[flowMessage((_, i) => delete i.body), 'interactive.body', 'required'],
			[
				flowMessage((_, i) => (i.footer = { text: 'f'.repeat(61) })),
				'interactive.footer.text',
				'at most 60 characters (got 61)',
			],
			[
				flowMessage((_, i) => (i.header = { type: 'text', text: 'h'.repeat(61) })),
				'interactive.header.text',
				'at most 60 characters (got 61)',
			],
			[
				flowMessage((_, i) => (i.header = { type: 'image', image: { link: 'https://x/y.png' } })),
				'interactive.header.type',
				'text header only',
			],
			[
				flowMessage((p) => (p.flow_message_version = '2')),
				`${PARAMETERS}.flow_message_version`,
				'must be "3"',
			],
			[
				flowMessage((p) => delete p.flow_message_version),
				`${PARAMETERS}.flow_message_version`,
				'required',
			],
			[
				flowMessage((p) => (p.flow_name = 'book_appointment')),
				`${PARAMETERS}.flow_id`,
				'either flow_id or flow_name',
			],
			[flowMessage((p) => delete p.flow_id), PARAMETERS, 'needs flow_id or flow_name'],
			[
				flowMessage((p) => (p.flow_id = '1208871900009999')),
				`${PARAMETERS}.flow_id`,
				"not a flow of this number's WhatsApp Business Account",
			],
			[
				flowMessage((p) => {
					delete p.flow_id;
					p.flow_name = 'no_such_flow';
				}),
				`${PARAMETERS}.flow_name`,
				'not a flow',
			],
			[flowMessage((p) => (p.flow_id = '1208871900000002')), `${PARAMETERS}.flow_id`, 'is DRAFT'],
			[
				flowMessage((p) => {
					p.flow_id = '1208871900000003';
					p.mode = 'draft';
				}),
				`${PARAMETERS}.flow_id`,
				'DEPRECATED and can no longer be sent',
			],
			[
				flowMessage((p) => {
					delete p.flow_id;
					p.flow_name = 'spring_offer';
				}),
				`${PARAMETERS}.flow_name`,
				'BLOCKED',
			],
			[flowMessage((p) => (p.mode = 'live')), `${PARAMETERS}.mode`, 'draft or published'],
			[
				flowMessage((p) => (p.flow_action = 'open')),
				`${PARAMETERS}.flow_action`,
				'navigate or data_exchange',
			],
			[flowMessage((p) => (p.flow_token = ' ')), `${PARAMETERS}.flow_token`, 'non-empty'],
			[
				flowMessage((p) => (p.flow_action = 'data_exchange')),
				`${PARAMETERS}.flow_action_payload`,
				'must be omitted',
			],
			[
				flowMessage((p) => (p.flow_action_payload = { screen: 'RATING' })),
				`${PARAMETERS}.flow_action_payload.screen`,
				'must be a screen of flow book_appointment',
			],
			[
				flowMessage((p) => (p.flow_action_payload = { screen: 'APPOINTMENT', data: {} })),
				`${PARAMETERS}.flow_action_payload.data`,
				'non-empty',
			],
			[
				flowMessage((_, i) => ((i.action as Json).name = 'cta_url')),
				'interactive.action.name',
				'"flow"',
			],
		];
		for (const [interactive, field, part] of cases)
			await expectBadValue(s, message('interactive', interactive), field, part);
		await expectUnknownField(
			s,
			message(
				'interactive',
				flowMessage((p) => (p.flow_json = '{}')),
			),
			`${PARAMETERS}.flow_json`,
		);
	});

	it("a customer's answer to a flow message carries the token the message sent (POST /incoming type flow)", async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const withToken = await expectRecorded(s, message('interactive', flowMessage()));
		const noToken = await expectRecorded(
			s,
			message(
				'interactive',
				flowMessage((p) => delete p.flow_token),
			),
		);
		const receiver = await receivers.start(s);
		for (const [replyTo, response] of [
			[withToken.id, { date: '2026-12-01', time: '10:00', name: 'Ada' }],
			[noToken.id, { name: 'Bob' }],
		] as const)
			await s.control('POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: CUSTOMER,
				type: 'flow',
				reply_to: replyTo,
				response,
			});
		const answers = (await receiver.waitFor(2)).map(messageOf);
		const json = (id: string) => {
			const answer = answers.find((m) => m.context?.id === id);
			assert.ok(answer, `an answer to ${id}`);
			return JSON.parse(
				(answer.interactive as { nfm_reply: { response_json: string } }).nfm_reply.response_json,
			);
		};
		assert.deepEqual(json(withToken.id), {
			date: '2026-12-01',
			time: '10:00',
			name: 'Ada',
			flow_token: 'booking-1001',
		});
		assert.deepEqual(json(noToken.id), { name: 'Bob', flow_token: 'unused' });
	});
});

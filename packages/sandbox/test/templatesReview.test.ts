import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox, WebhookReceiver } from './helpers';
import type { Delivery, Listed, WebhookEvent } from './types';
import {
	SECOND,
	REVIEW_MS,
	PLAIN_BODY,
	body,
	draft,
	fresh,
	createOk,
	getTemplate,
	statusOf,
	editOk,
	remove,
} from './templatesSupport';

const sandbox = useSandbox();

describe('template review (3.1)', () => {
	it('starts PENDING and is APPROVED once the review delay has passed', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('plain_update'));
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(REVIEW_MS - 10 * SECOND);
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(10 * SECOND);
		const { body: got } = await getTemplate(s, id);
		assert.equal(got.status, 'APPROVED');
		assert.equal(got.rejected_reason, undefined);
	});

	it('rejects a name starting with reject_, with the configured reason', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('reject_me'));
		await s.control('POST', '/config', { rejectedReason: 'TAG_CONTENT_MISMATCH' });
		const other = await createOk(s, draft('reject_me_too'));
		await s.advance(REVIEW_MS);
		const first = (await getTemplate(s, id)).body;
		assert.equal(first.status, 'REJECTED');
		assert.equal(typeof first.rejected_reason, 'string');
		assert.equal((await getTemplate(s, other)).body.rejected_reason, 'TAG_CONTENT_MISMATCH');
	});

	it('rejects a UTILITY template that reads like marketing as INCORRECT_CATEGORY', async () => {
		const s = sandbox.current;
		const percent = await createOk(
			s,
			draft(fresh(), { components: [body('Get 50% off your next order!')] }),
		);
		const sale = await createOk(
			s,
			draft(fresh(), { components: [body('Our big sale starts {{1}}', 'Monday')] }),
		);
		const inFooter = await createOk(
			s,
			draft(fresh(), { components: [PLAIN_BODY, { type: 'FOOTER', text: 'Use coupon ACME' }] }),
		);
		const marketing = await createOk(
			s,
			draft(fresh(), {
				category: 'MARKETING',
				components: [body('Our big sale starts {{1}}, 50% off', 'Monday')],
			}),
		);
		const utility = await createOk(
			s,
			draft(fresh(), { components: [body('Your order {{1}} has shipped', '1001')] }),
		);
		await s.advance(REVIEW_MS);
		for (const id of [percent, sale, inFooter]) {
			const { body: got } = await getTemplate(s, id);
			assert.equal(got.status, 'REJECTED', `template ${id}`);
			assert.equal(got.rejected_reason, 'INCORRECT_CATEGORY');
		}
		assert.equal(await statusOf(s, marketing), 'APPROVED');
		assert.equal(await statusOf(s, utility), 'APPROVED');
	});

	it('follows a forced outcome from the config', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { reviewOutcome: 'REJECTED' });
		const rejected = await createOk(s, draft('plain_one'));
		await s.advance(REVIEW_MS);
		const { body: got } = await getTemplate(s, rejected);
		assert.equal(got.status, 'REJECTED');
		assert.equal(got.rejected_reason, 'INCORRECT_CATEGORY');

		await s.control('POST', '/config', { reviewOutcome: 'APPROVED' });
		const approved = await createOk(s, draft('reject_but_forced'));
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, approved), 'APPROVED');
	});

	it('decides at once through POST /_sandbox/templates/:id/review, and the later review does not change it', async () => {
		const s = sandbox.current;
		const a = await createOk(s, draft(fresh()));
		const b = await createOk(s, draft(fresh()));
		const c = await createOk(s, draft('reject_auto'));
		const decided = await s.control('POST', `/templates/${a}/review`, {
			outcome: 'REJECTED',
			reason: 'INVALID_FORMAT',
		});
		assert.deepEqual(decided.body, {
			id: a,
			status: 'REJECTED',
			rejected_reason: 'INVALID_FORMAT',
		});
		await s.control('POST', `/templates/${b}/review`, { outcome: 'APPROVED' });
		await s.control('POST', `/templates/${c}/review`, {});
		assert.equal(await statusOf(s, b), 'APPROVED');
		assert.equal(await statusOf(s, c), 'REJECTED');
		await s.advance(REVIEW_MS);
		const got = (await getTemplate(s, a)).body;
		assert.equal(got.status, 'REJECTED');
		assert.equal(got.rejected_reason, 'INVALID_FORMAT');
		assert.equal(await statusOf(s, b), 'APPROVED');
	});

	it('an edit restarts the review delay (an earlier scheduled review does not decide the edit)', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft(fresh()));
		await s.control('POST', `/templates/${id}/review`, { outcome: 'APPROVED' });
		await s.advance(REVIEW_MS / 2);
		await editOk(s, id, { components: [PLAIN_BODY] });
		await s.advance(REVIEW_MS / 2 + SECOND); // the create's review falls due now
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(REVIEW_MS / 2);
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('delivers a template status event to the webhook', async () => {
		const s = sandbox.current;
		const receiver = await new WebhookReceiver().start();
		try {
			await s.control('PUT', '/webhook', { url: receiver.url });
			const approved = await createOk(s, draft('event_approved', { language: 'en' }));
			const rejected = await createOk(s, draft('reject_event'));
			await s.advance(REVIEW_MS);
			const payloads = await receiver.waitFor(2);
			const values = new Map<string, WebhookEvent['entry'][number]['changes'][number]['value']>();
			for (const payload of payloads) {
				assert.equal(payload.object, 'whatsapp_business_account');
				assert.equal(payload.entry.length, 1);
				assert.equal(payload.entry[0].id, s.accountId);
				assert.equal(payload.entry[0].changes.length, 1);
				assert.equal(payload.entry[0].changes[0].field, 'message_template_status_update');
				const value = payload.entry[0].changes[0].value;
				values.set(String(value.message_template_id), value);
			}
			assert.deepEqual(
				{
					...values.get(approved),
					message_template_id: String(values.get(approved)?.message_template_id),
				},
				{
					event: 'APPROVED',
					message_template_id: approved,
					message_template_name: 'event_approved',
					message_template_language: 'en',
					reason: 'NONE',
				},
			);
			const no = values.get(rejected);
			assert.ok(no, 'the rejection was delivered');
			assert.equal(no.event, 'REJECTED');
			assert.equal(no.message_template_name, 'reject_event');
			assert.equal(no.message_template_language, 'en_US');
			assert.equal(no.reason, 'INCORRECT_CATEGORY');

			// an edit is reviewed again and tells the webhook again
			await editOk(s, approved, { components: [PLAIN_BODY] });
			await s.advance(REVIEW_MS);
			const after = await receiver.waitFor(3);
			const value = after[2].entry[0].changes[0].value;
			assert.equal(value.event, 'APPROVED');
			assert.equal(String(value.message_template_id), approved);
		} finally {
			await receiver.stop();
		}
	});

	it('sends no decision for a template deleted before its review', async () => {
		const s = sandbox.current;
		const receiver = await new WebhookReceiver().start();
		try {
			await s.control('PUT', '/webhook', { url: receiver.url });
			await createOk(s, draft('short_lived'));
			assert.equal((await remove(s, { name: 'short_lived' })).status, 200);
			await s.advance(REVIEW_MS);
			await s.control('POST', '/webhook/flush');
			assert.equal(
				(await s.control<Listed<Delivery>>('GET', '/webhook/deliveries')).body.data.length,
				0,
			);
			assert.equal(receiver.received.length, 0);
		} finally {
			await receiver.stop();
		}
	});
});

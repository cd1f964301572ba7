import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox, type TestSandbox } from './helpers';
import {
	MINUTE,
	DAY,
	REVIEW_MS,
	OTHER_ACCOUNT_ID,
	BODY,
	PLAIN_BODY,
	body,
	textHeader,
	draft,
	createOk,
	expectInvalid,
	getTemplate,
	statusOf,
	list,
	edit,
	editOk,
	setStatus,
	send,
	clockNow,
	uploadHandle,
	mediaHeader,
} from './templatesSupport';

const sandbox = useSandbox();

describe('retrieve a template (4.3)', () => {
	it('returns id, name, language, status, category and components', async () => {
		const s = sandbox.current;
		const listed = await s.templateByName('order_confirmation', 'es_ES');
		const { status, body: got } = await getTemplate(s, listed.id);
		assert.equal(status, 200);
		assert.deepEqual(got, {
			id: listed.id,
			name: 'order_confirmation',
			language: 'es_ES',
			status: 'APPROVED',
			category: 'UTILITY',
			components: [
				{
					type: 'BODY',
					text: 'Hola {{1}}, gracias por tu pedido de {{2}}.',
					example: { body_text: [['María', '2 bolsas de café']] },
				},
			],
		});
		const rejected = await getTemplate(s, (await s.templateByName('payment_reminder')).id);
		assert.equal(rejected.body.status, 'REJECTED');
		assert.equal(rejected.body.rejected_reason, 'INCORRECT_CATEGORY');
	});

	it("answers another key's template and an unknown id as not found", async () => {
		const s = sandbox.current;
		const mine = await s.templateByName('hello_world');
		expectError(await getTemplate(s, mine.id, OTHER_API_KEY), 404, 803);
		const theirs = (await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data[0];
		assert.equal(theirs.name, 'other_hello');
		expectError(await getTemplate(s, theirs.id), 404, 803);
		expectError(await getTemplate(s, '999999999999999'), 404, 803);
	});
});

describe('edit a template (4.3 rule 5)', () => {
	it('edits APPROVED, REJECTED and PAUSED templates', async () => {
		const s = sandbox.current;
		for (const name of ['hello_world', 'payment_reminder', 'loyalty_update']) {
			const template = await s.templateByName(name);
			await editOk(s, template.id, { components: [body('Edited {{1}}', 'text')] });
			const { body: got } = await getTemplate(s, template.id);
			assert.equal(got.status, 'PENDING', name);
			assert.equal(got.rejected_reason, undefined, name);
			assert.deepEqual(got.components, [body('Edited {{1}}', 'text')]);
			assert.equal(got.name, name, 'the name is kept');
			assert.equal(got.language, 'en_US', 'the language is kept');
		}
	});

	it('refuses PENDING, DISABLED, IN_APPEAL and PENDING_DELETION templates with code 2388040', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('not_editable'));
		for (const status of ['PENDING', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION']) {
			if (status !== 'PENDING') await setStatus(s, id, status);
			expectError(await edit(s, id, { components: [PLAIN_BODY] }), 400, 2388040);
			const { body: got } = await getTemplate(s, id);
			assert.equal(got.status, status, 'the refused edit changes nothing');
			assert.deepEqual(got.components, [BODY]);
		}
		// the seeded PENDING template too
		expectError(
			await edit(s, (await s.templateByName('spring_sale')).id, { category: 'MARKETING' }),
			400,
			2388040,
		);
		// and each editable status again is accepted
		for (const status of ['APPROVED', 'REJECTED', 'PAUSED']) {
			await setStatus(s, id, status);
			await editOk(s, id, { components: [PLAIN_BODY] });
		}
	});

	it('refuses a name or language in the body', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		expectInvalid(await edit(s, id, { name: 'hello_world', components: [PLAIN_BODY] }), 'name');
		expectInvalid(await edit(s, id, { name: 'renamed' }), 'name');
		expectInvalid(await edit(s, id, { language: 'en_US', components: [PLAIN_BODY] }), 'language');
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('refuses an empty body, a non-JSON body and unknown fields', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		expectInvalid(await edit(s, id, {}), 'components');
		expectInvalid(await s.api('POST', `/${id}`), 'body');
		expectInvalid(
			await s.api('POST', `/${id}`, {
				raw: 'components=x',
				contentType: 'application/x-www-form-urlencoded',
			}),
			'body',
		);
		expectInvalid(await edit(s, id, { components: [PLAIN_BODY], status: 'APPROVED' }), 'status');
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('validates components and category as create does, and a refused edit changes nothing', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const before = (await getTemplate(s, id)).body;
		expectInvalid(await edit(s, id, { components: [] }), 'components');
		expectInvalid(
			await edit(s, id, { components: [textHeader('Hi'), body('{{1}} {{3}}', 'a', 'b')] }),
			'components[1].text',
		);
		expectInvalid(
			await edit(s, id, { components: [textHeader('Hi'), body('{{1}} {{2}}', 'a')] }),
			'components[1].example.body_text[0]',
		);
		expectInvalid(
			await edit(s, id, { components: [PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(61) }] }),
			'components[1].text',
		);
		expectInvalid(
			await edit(s, id, { components: [mediaHeader('IMAGE', 'invented'), PLAIN_BODY] }),
			'components[0].example.header_handle[0]',
		);
		expectInvalid(await edit(s, id, { category: 'PROMOTIONAL' }), 'category');
		// a limited-time offer needs MARKETING: the current category (UTILITY) counts when none is sent
		const offer = {
			type: 'LIMITED_TIME_OFFER',
			limited_time_offer: { text: 'Ends soon', has_expiration: false },
		};
		expectInvalid(await edit(s, id, { components: [PLAIN_BODY, offer] }), 'components[1].type');
		assert.deepEqual((await getTemplate(s, id)).body, before);
		// refused edits did not use up the daily edit
		await editOk(s, id, { category: 'MARKETING', components: [PLAIN_BODY, offer] });
		const after = (await getTemplate(s, id)).body;
		assert.equal(after.category, 'MARKETING');
		assert.equal(after.status, 'PENDING');
	});

	it('validates media header handles of the edit against this key', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const others = await uploadHandle(s, 'image/png', OTHER_API_KEY);
		expectInvalid(
			await edit(s, id, { components: [mediaHeader('IMAGE', others), PLAIN_BODY] }),
			'components[0].example.header_handle[0]',
		);
		await editOk(s, id, {
			components: [mediaHeader('IMAGE', await uploadHandle(s, 'image/png')), PLAIN_BODY],
		});
	});

	it('changes the category alone, keeping the components', async () => {
		const s = sandbox.current;
		const template = await s.templateByName('payment_reminder');
		await editOk(s, template.id, { category: 'MARKETING' });
		const { body: got } = await getTemplate(s, template.id);
		assert.equal(got.category, 'MARKETING');
		assert.deepEqual(got.components, template.components);
		assert.equal(got.rejected_reason, undefined);
		await s.advance(REVIEW_MS);
		assert.equal(
			await statusOf(s, template.id),
			'APPROVED',
			'a marketing text in MARKETING is approved',
		);
	});

	it('puts the template back in review: it cannot be sent until approved again', async () => {
		const s = sandbox.current;
		assert.equal((await send(s, 'hello_world')).status, 200);
		const { id } = await s.templateByName('hello_world');
		await editOk(s, id, { components: [textHeader('Hello again'), PLAIN_BODY] });
		assert.equal(await statusOf(s, id), 'PENDING');
		expectError(await send(s, 'hello_world'), 400, 132001);
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, id), 'APPROVED');
		const sent = await send(s, 'hello_world');
		assert.equal(sent.status, 200, sent.text);
		assert.match(sent.body.messages[0].id, /^wamid\./);
	});

	it('refuses sending a template that is not APPROVED', async () => {
		const s = sandbox.current;
		await createOk(s, draft('fresh_plain', { components: [PLAIN_BODY] }));
		expectError(await send(s, 'fresh_plain'), 400, 132001);
		expectError(await send(s, 'spring_sale'), 400, 132001);
		expectError(await send(s, 'loyalty_update'), 400, 132001);
		expectError(await send(s, 'payment_reminder'), 400, 132001);
		await s.advance(REVIEW_MS);
		assert.equal((await send(s, 'fresh_plain')).status, 200);
	});
});

describe('edit limits of an approved template (section 8)', () => {
	/** Edits, lets the review approve it and checks it is APPROVED again. */
	async function editAndApprove(s: TestSandbox, id: string, n: number): Promise<void> {
		await editOk(s, id, { components: [body(`Edit number ${n}`)] });
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, id), 'APPROVED');
	}

	it('allows one edit a day: a second the same day is refused with 2388041, the next day it is allowed', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		await editAndApprove(s, id, 1);
		expectError(await edit(s, id, { components: [body('Second today')] }), 400, 2388041);
		await s.advance(DAY - REVIEW_MS - MINUTE);
		expectError(await edit(s, id, { components: [body('Almost a day later')] }), 400, 2388041);
		assert.equal(await statusOf(s, id), 'APPROVED', 'the refused edit changes nothing');
		await s.advance(2 * MINUTE);
		await editAndApprove(s, id, 2);
	});

	it('allows at most 10 edits in 30 days, even a day apart, until the oldest leaves the window', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const start = await clockNow(s); // just before the first edit
		for (let n = 1; n <= 10; n++) {
			await editAndApprove(s, id, n);
			await s.advance(DAY - REVIEW_MS + MINUTE); // a day (and a minute) after the previous edit
		}
		// about 10 days after the first edit, and more than a day after the last one
		expectError(await edit(s, id, { components: [body('Edit number 11')] }), 400, 2388041);
		await s.advance(start + 30 * DAY - MINUTE - (await clockNow(s)));
		// a minute before the first edit is 30 days old
		expectError(await edit(s, id, { components: [body('Edit number 11')] }), 400, 2388041);
		assert.equal(await statusOf(s, id), 'APPROVED', 'the refused edit changes nothing');
		await s.advance(2 * MINUTE);
		// the first edit left the 30-day window
		await editAndApprove(s, id, 11);
	});

	it('does not count edits of REJECTED or PAUSED templates', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('often_edited'));
		for (let n = 1; n <= 12; n++) {
			await setStatus(s, id, n % 2 === 0 ? 'REJECTED' : 'PAUSED');
			await editOk(s, id, { components: [body(`Edit number ${n}`)] });
		}
		// approved now: the first approved edit of the day is allowed, the second is not
		await setStatus(s, id, 'APPROVED');
		await editOk(s, id, { components: [body('Approved edit')] });
		await setStatus(s, id, 'PAUSED');
		await editOk(s, id, { components: [body('Paused edit the same day')] });
		await setStatus(s, id, 'APPROVED');
		expectError(
			await edit(s, id, { components: [body('Second approved edit today')] }),
			400,
			2388041,
		);
	});

	it('counts the edits of each template separately', async () => {
		const s = sandbox.current;
		const hello = await s.templateByName('hello_world');
		const welcome = await s.templateByName('welcome_offer');
		await editAndApprove(s, hello.id, 1);
		await editOk(s, welcome.id, { components: [body('Welcome edit')] });
	});
});

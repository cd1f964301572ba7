import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { describe as describeState } from '../src/routes/control';
import { SandboxState } from '../src/sandbox';
import { demoSeed } from '../src/demoSeed';
import { useSandbox } from './helpers';
import { demoIds, setDialect } from './dialectSupport';
import { Receivers } from './msgWebhookSupport';
import { uploadHandle } from './templatesSupport';
import type {
	CreatedTemplate,
	MediaUrlInfo,
	Page,
	ProductView,
	Refund,
	TemplateView,
	UserDetails,
} from './types';

const sandbox = useSandbox({ dialect: { idStyle: 'opaque' } });
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

/** A prefix naming the kind, then 12 letters and digits: one path segment, never all digits. */
const OPAQUE = /^(ba_|pn_|tpl-|cat_|prd_|med-|rf_)[A-Za-z0-9]{12}$/;
const opaque = (id: string, prefix: string) => {
	assert.match(id, OPAQUE);
	assert.ok(id.startsWith(prefix), `${id} starts with ${prefix}`);
};

describe('dialect idStyle opaque', () => {
	it('seeds the demo with opaque IDs, the same on every start, as the start result tells', async () => {
		const s = sandbox.current;
		opaque(s.accountId, 'ba_');
		for (const id of s.running.phoneNumberIds) opaque(id, 'pn_');
		opaque(s.catalogId, 'cat_');
		for (const id of s.running.mediaIds) opaque(id, 'med-');
		assert.equal(s.running.dialect.idStyle, 'opaque');
		const again = describeState(new SandboxState({ dialect: { idStyle: 'opaque' } }), '').keys[0];
		assert.deepEqual(
			[again.businessAccountIds[0], again.phoneNumberIds, again.catalogIds[0], again.mediaIds],
			[s.accountId, s.running.phoneNumberIds, s.catalogId, s.running.mediaIds],
		);
		const details = await s.api<UserDetails>('GET', '/getuserdetails');
		assert.deepEqual(
			details.body.data.map((n) => [n.chat_business_account_id, n.phone_number_id]),
			s.running.phoneNumberIds.map((id) => [s.accountId, id]),
		);
	});

	it('serves every route on opaque IDs, and creates opaque ones', async () => {
		const s = sandbox.current;
		const account = await s.api<{ id: string }>('GET', `/${s.accountId}`);
		assert.equal(account.body.id, s.accountId);

		// templates: create (with an uploaded sample), get, review, edit, delete by hsm_id
		const handle = await uploadHandle(s, 'image/png');
		const created = await s.api<CreatedTemplate>('POST', `/${s.accountId}/message_templates`, {
			body: {
				name: 'opaque_ids',
				language: 'en_US',
				category: 'UTILITY',
				components: [
					{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
					{ type: 'BODY', text: 'Your order is ready.' },
				],
			},
		});
		assert.equal(created.status, 200, created.text);
		opaque(created.body.id, 'tpl-');
		const got = await s.api<TemplateView>('GET', `/${created.body.id}`);
		assert.equal(got.body.name, 'opaque_ids');
		await s.control('POST', `/templates/${created.body.id}/review`, { outcome: 'APPROVED' });
		const edited = await s.api('POST', `/${created.body.id}`, { body: { category: 'MARKETING' } });
		assert.equal(edited.status, 200, edited.text);
		const listed = await s.api<Page<TemplateView>>('GET', `/${s.accountId}/message_templates`);
		for (const t of listed.body.data) opaque(t.id, 'tpl-');
		const removed = await s.api('DELETE', `/${s.accountId}/message_templates`, {
			query: { name: 'opaque_ids', hsm_id: created.body.id },
		});
		assert.equal(removed.status, 200, removed.text);
		assert.equal((await s.api('GET', `/${created.body.id}`)).status, 404);

		// catalog: list, batch, batch status, generated products
		const products = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`);
		for (const p of products.body.data) opaque(p.id, 'prd_');
		const batch = await s.api<{ handles: string[] }>('POST', `/${s.catalogId}/batch`, {
			body: {
				requests: [
					{
						method: 'CREATE',
						retailer_id: 'NEW-1',
						data: { name: 'New', price: 1000, currency: 'USD' },
					},
				],
			},
		});
		assert.equal(batch.status, 200, batch.text);
		await s.advance(60_000);
		const status = await s.api<{ data: { status: string }[] }>(
			'GET',
			`/${s.catalogId}/check_batch_request_status`,
			{ query: { handle: batch.body.handles[0] } },
		);
		assert.equal(status.body.data[0].status, 'finished');
		await s.control('POST', `/catalogs/${s.catalogId}/products`, { count: 2 });
		const all = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: { limit: 100 },
		});
		assert.equal(all.body.data.length, 53);
		for (const p of all.body.data) opaque(p.id, 'prd_');

		// media: URL, download by URL and by ID, delete; a customer's media
		const [png] = s.running.mediaIds;
		const query = { phone_number_id: s.numberId };
		const info = await s.api<MediaUrlInfo>('GET', `/${png}`, { query });
		assert.equal(info.body.id, png);
		const byUrl = await fetch(info.body.url, { headers: { apikey: s.key } });
		assert.equal(byUrl.status, 200);
		assert.equal((await s.api('POST', `/downloadMedia/${png}`, { query })).status, 200);
		assert.equal((await s.api('DELETE', `/${png}`, { query })).status, 200);
		const incoming = await s.control<{ media_id: string }>('POST', '/incoming', {
			phone_number_id: s.numberId,
			from: '15551234567',
			type: 'image',
		});
		opaque(incoming.body.media_id, 'med-');
		const synthetic = await s.control<{ id: string }>('POST', '/media/synthetic', {
			phone_number_id: s.numberId,
			size: 10,
		});
		opaque(synthetic.body.id, 'med-');

		// messages and refunds
		const sent = await s.api('POST', `/${s.numberId}/messages`, {
			body: {
				messaging_product: 'whatsapp',
				to: '15551234567',
				type: 'text',
				text: { body: 'Thanks!' },
			},
		});
		assert.equal(sent.status, 200, sent.text);
		const refund = await s.api<Refund>('POST', `/${s.numberId}/payments_refund`, {
			body: { reference_id: 'order-1001', payment_config_id: 'acme-payments' },
		});
		assert.equal(refund.status, 200, refund.text);
		opaque(refund.body.id, 'rf_');
	});

	it('webhook events name the opaque IDs as they are', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const [template] = (
			await s.api<Page<TemplateView>>('GET', `/${s.accountId}/message_templates`, {
				query: { limit: 1 },
			})
		).body.data;
		await s.control('POST', `/templates/${template.id}/status`, { status: 'PAUSED' });
		const [event] = await receiver.waitFor(1);
		assert.equal(event.entry[0].id, s.accountId);
		assert.equal(event.entry[0].changes[0].value.message_template_id, template.id);
	});

	it('a new style through the control API reloads the seed in it; a reset restores the start', async () => {
		const s = sandbox.current;
		const config = await setDialect(s, { idStyle: 'digits' });
		assert.equal(config.dialect.idStyle, 'digits');
		assert.equal(config.dialect.name, 'default');
		const digits = await demoIds(s);
		assert.equal(digits.accountId, '102290129340398');
		assert.equal((await s.api('GET', `/${s.accountId}`)).status, 404, 'the opaque ID is gone');
		assert.equal((await s.api('GET', `/${digits.accountId}`)).status, 200);
		await s.control('POST', '/reset');
		assert.equal((await demoIds(s)).accountId, s.accountId, 'back to the start: opaque');
		assert.equal((await s.api('GET', `/${s.accountId}`)).status, 200);
	});

	// Last: a loaded seed replaces the demo for the resets that follow.
	it('a seed keeps the IDs it gives; the ones it leaves out are opaque', async () => {
		const s = sandbox.current;
		const seed = demoSeed();
		await s.control('POST', '/seed', seed);
		const ids = await demoIds(s);
		assert.equal(ids.accountId, '102290129340398');
		const templates = await s.api<Page<TemplateView>>('GET', `/${ids.accountId}/message_templates`);
		assert.ok(templates.body.data.length > 0);
		for (const t of templates.body.data) opaque(t.id, 'tpl-');
	});
});

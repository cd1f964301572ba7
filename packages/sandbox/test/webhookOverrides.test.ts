import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import { expectInvalid } from './mediaSupport';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	messageOf,
	Receivers,
	SECOND_NUMBER,
} from './msgWebhookSupport';

/**
 * Meta's webhook overrides: one app, several receivers. A number's events go to its own URL, a
 * business account's to its URL, the rest to the app's; each URL must pass the verification
 * handshake first.
 */

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

const writes = (s: typeof sandbox.current, number: string, text: string) =>
	s.control('POST', '/incoming', { phone_number_id: number, from: CUSTOMER, text });

describe('webhook overrides (POST /{phone_number_id}, POST /{waba}/subscribed_apps)', () => {
	it("sends a number's events to its override, the other number's to the app's URL", async () => {
		const s = sandbox.current;
		const app = await receivers.start(s);
		const own = await receivers.startUnregistered();
		const set = await s.api('POST', `/${DEMO_NUMBER}`, {
			body: {
				webhook_configuration: { override_callback_uri: own.url, verify_token: 'right-token' },
			},
		});
		assert.equal(set.status, 200, set.text);
		assert.deepEqual(set.body, { success: true });
		await writes(s, DEMO_NUMBER, 'to the first number');
		await writes(s, SECOND_NUMBER, 'to the second number');
		const [mine] = await own.waitFor(1);
		assert.equal(messageOf(mine).text?.body, 'to the first number');
		const [other] = await app.waitFor(1);
		assert.equal(messageOf(other).text?.body, 'to the second number');
		await expectNoMore(own, 1);
		await expectNoMore(app, 1);

		const view = await s.api<Record<string, unknown>>('GET', `/${DEMO_NUMBER}`, {
			query: { fields: 'webhook_configuration' },
		});
		assert.deepEqual(view.body, {
			id: DEMO_NUMBER,
			webhook_configuration: { phone_number: own.url, application: app.url },
		});
		// Removed: the app's URL again.
		const removed = await s.api('POST', `/${DEMO_NUMBER}`, {
			body: { webhook_configuration: { override_callback_uri: '' } },
		});
		assert.equal(removed.status, 200, removed.text);
		await writes(s, DEMO_NUMBER, 'after the override');
		const events = await app.waitFor(2);
		assert.equal(messageOf(events[1]).text?.body, 'after the override');
	});

	it("a business account's override takes its numbers' events; a number's own wins over it", async () => {
		const s = sandbox.current;
		const app = await receivers.start(s);
		const account = await receivers.startUnregistered();
		const number = await receivers.startUnregistered();
		const path = `/${s.accountId}/subscribed_apps`;
		const set = await s.api('POST', path, {
			body: { override_callback_uri: account.url, verify_token: 'right-token' },
		});
		assert.equal(set.status, 200, set.text);
		await s.api('POST', `/${SECOND_NUMBER}`, {
			body: {
				webhook_configuration: { override_callback_uri: number.url, verify_token: 'right-token' },
			},
		});
		await writes(s, DEMO_NUMBER, 'one');
		await writes(s, SECOND_NUMBER, 'two');
		assert.equal(messageOf((await account.waitFor(1))[0]).text?.body, 'one');
		assert.equal(messageOf((await number.waitFor(1))[0]).text?.body, 'two');
		await expectNoMore(app, 0);
		const listed = await s.api<{ data: Array<Record<string, unknown>> }>('GET', path);
		assert.equal(listed.body.data[0].override_callback_uri, account.url);
	});

	it('keeps no URL that fails the verification handshake, and refuses what is not a URL', async () => {
		const s = sandbox.current;
		await receivers.start(s);
		const own = await receivers.startUnregistered();
		const wrong = await s.api('POST', `/${DEMO_NUMBER}`, {
			body: { webhook_configuration: { override_callback_uri: own.url, verify_token: 'wrong' } },
		});
		expectError(wrong, 400, 100, 'webhook_configuration.verify_token');
		expectInvalid(
			await s.api('POST', `/${DEMO_NUMBER}`, {
				body: {
					webhook_configuration: { override_callback_uri: 'ftp://x', verify_token: 'right-token' },
				},
			}),
			'webhook_configuration.override_callback_uri',
		);
		expectInvalid(
			await s.api('POST', `/${DEMO_NUMBER}`, { body: { url: own.url } }),
			'webhook_configuration',
		);
		const view = await s.api<Record<string, unknown>>('GET', `/${DEMO_NUMBER}`, {
			query: { fields: 'webhook_configuration' },
		});
		assert.equal(
			(view.body.webhook_configuration as Record<string, unknown>).phone_number,
			undefined,
		);
	});
});

describe('the deliveries page (GET /_sandbox/webhook/deliveries.html)', () => {
	it('shows the last deliveries, where each went, what it carried and the answer it got', async () => {
		const s = sandbox.current;
		const app = await receivers.start(s);
		app.failNext = 1;
		await writes(s, DEMO_NUMBER, 'hello <b>');
		await app.waitFor(1);
		const page = await controlRaw(s, 'GET', '/webhook/deliveries.html');
		assert.equal(page.status, 200);
		assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
		assert.match(page.text, new RegExp(`<code>${app.url.replace(/[.]/g, '\\.')}</code>`));
		assert.match(page.text, /messages: text from 14155550100/);
		assert.match(page.text, /HTTP 500, trying again|HTTP 500/);
		assert.doesNotMatch(page.text, /<b>/);
	});
});

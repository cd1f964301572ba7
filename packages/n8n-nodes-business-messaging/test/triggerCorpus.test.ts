import { packageFileText } from 'business-messaging-testing';
import type { IDataObject } from 'n8n-workflow';
import { deliver, EVERYTHING } from './triggerHarness';
import { BEFORE_NEW_KINDS, EXPECTED } from './webhooks/expected';

/**
 * Real deliveries (Meta's documentation examples and open-source SDKs' fixtures, each with its
 * source in its file) go through the trigger's webhook on n8n's WebhookContext, and give exactly
 * the items written for them by hand in webhooks/expected.ts.
 */

interface CorpusFile {
	source: string;
	covers: string;
	note?: string;
	delivery: IDataObject;
}

// One file per delivery, named by its expectation (n8n's lint keeps tests from listing folders).
const corpus = Object.keys(EXPECTED)
	.sort()
	.map((name) => ({
		name,
		...(JSON.parse(packageFileText(`test/webhooks/${name}`)) as CorpusFile),
	}));

describe('the corpus of real deliveries', () => {
	it('holds at least 30 deliveries, each with its source and what it covers', () => {
		expect(corpus.length).toBeGreaterThanOrEqual(30);
		for (const file of corpus) {
			expect([file.name, typeof file.source, typeof file.covers]).toEqual([
				file.name,
				'string',
				'string',
			]);
			expect(file.delivery.entry).toBeInstanceOf(Array);
		}
	});

	it('its expectations cover every message type, status and event the trigger documents', () => {
		const items = corpus.flatMap((file) => EXPECTED[file.name](file.delivery));
		const messageTypes = new Set(items.map((item) => item.messageType));
		for (const type of [
			'text',
			'image',
			'video',
			'audio',
			'document',
			'sticker',
			'location',
			'contacts',
			'interactive',
			'button',
			'reaction',
			'order',
			'system',
			'unsupported',
			'edit',
			'revoke',
		])
			expect([type, messageTypes.has(type)]).toEqual([type, true]);
		const statuses = new Set(items.map((item) => item.status));
		for (const status of ['sent', 'delivered', 'read', 'played', 'failed', 'PAUSED'])
			expect([status, statuses.has(status)]).toEqual([status, true]);
		expect(new Set(items.map((item) => item.eventType))).toEqual(new Set(EVERYTHING.events));
	});

	it('says what the first release gave for every delivery with items of a kind added since', () => {
		const newKinds = corpus
			.filter((file) =>
				EXPECTED[file.name](file.delivery).some(
					(item) => !FIRST_RELEASE_KINDS.includes(String(item.eventType)),
				),
			)
			.map((file) => file.name);
		expect(newKinds.filter((name) => !BEFORE_NEW_KINDS[name])).toEqual([]);
		expect(Object.keys(BEFORE_NEW_KINDS).filter((name) => !newKinds.includes(name))).toEqual([]);
	});
});

/** The Events of the first release: anything else came as Other Webhook Event. */
const FIRST_RELEASE_KINDS = [
	'incomingMessage',
	'messageStatus',
	'other',
	'templateCategory',
	'templateQuality',
	'templateStatus',
];

describe.each(corpus.map((file) => [file.name, file] as const))(
	'the trigger on %s',
	(name, file) => {
		it(`gives the expected items (${file.covers})`, async () => {
			const { status, items } = await deliver(file.delivery, EVERYTHING);
			expect(status).toBe(200);
			expect(items).toStrictEqual(EXPECTED[name](file.delivery));
		});

		it('gives a workflow with the default events and statuses what it received before', async () => {
			const before = EXPECTED[name](file.delivery).filter(
				(item) =>
					['incomingMessage', 'messageStatus', 'templateStatus'].includes(String(item.eventType)) &&
					(item.eventType !== 'messageStatus' ||
						['delivered', 'failed', 'read', 'sent'].includes(String(item.status))),
			);
			const { status, items } = await deliver(file.delivery, {});
			expect(status).toBe(200);
			expect(items).toStrictEqual(before);
		});

		it('gives a workflow with the first release’s kinds, Other among them, what it received before', async () => {
			const { status, items } = await deliver(file.delivery, {
				events: FIRST_RELEASE_KINDS,
				statuses: EVERYTHING.statuses,
			});
			expect(status).toBe(200);
			expect(items).toStrictEqual(
				BEFORE_NEW_KINDS[name]?.(file.delivery) ??
					EXPECTED[name](file.delivery).filter((item) =>
						FIRST_RELEASE_KINDS.includes(String(item.eventType)),
					),
			);
		});
	},
);

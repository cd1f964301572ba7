import { HandlerServer, HARNESS_WEBHOOK_ID } from 'business-messaging-testing';
import {
	NodeHelpers,
	type IDataObject,
	type INodeParameters,
	type INodeProperties,
} from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { CUSTOMER } from './conversationSupport';
import { expectFailure, useTestBed, type WebhookSecrets } from './harness';

/**
 * Numbers › Chosen Numbers, Sent Here (version 1: Options › Send These Numbers' Events Here):
 * publishing registers the trigger's URL as the
 * numbers' webhook override (the Cloud API's), unpublishing removes it. Played against the
 * sandbox, which checks the URL with the verify token before keeping it, as the platform does:
 * the URL is a stand-in n8n that answers that check with the trigger's own webhook.
 */
const bed = useTestBed();
const VERIFY_TOKEN = 'publish-verify-token';
const SECRETS: WebhookSecrets = { secret: 'publish-signing-secret', verifyToken: VERIFY_TOKEN };

let n8n: HandlerServer;
let n8nUrl = '';
/** The paths the stand-in n8n got deliveries (POST) on. */
let delivered: string[] = [];

beforeAll(async () => {
	n8n = new HandlerServer(async (request) => {
		if (request.method === 'POST') {
			delivered.push(request.url);
			return { status: 200 };
		}
		// The platform's check of the URL, answered by the trigger itself.
		const query = Object.fromEntries(new URL(request.url, 'http://n8n').searchParams);
		const { response } = await trigger().webhook({
			parameters: parameters(),
			method: 'GET',
			webhookName: 'setup',
			query,
		});
		return { status: response.statusCode ?? 500, body: String(response.body ?? '') };
	});
	n8nUrl = await n8n.start();
});
afterAll(async () => n8n.close());
beforeEach(() => {
	delivered = [];
	// The app's own URL, where a number without an override sends (nothing listens there).
	bed.sandbox.state.config.webhookRetryDelaysMs = [];
	bed.sandbox.state.webhooks.target = { url: 'http://127.0.0.1:9/app', headers: {} };
});

const productionUrl = () => `${n8nUrl}/webhook/${HARNESS_WEBHOOK_ID}/webhook`;
const testUrl = () => `${n8nUrl}/webhook-test/${HARNESS_WEBHOOK_ID}/webhook`;

function trigger(secrets: WebhookSecrets | undefined = SECRETS, staticData?: IDataObject) {
	return bed.harness({
		nodeType: new BusinessMessagingTrigger(),
		webhookSecrets: secrets,
		n8nUrl,
		staticData,
	});
}

/** Version 1.1's fields, the first number sent here unless `fields` says otherwise. */
function parameters(fields: IDataObject = {}): INodeParameters {
	return {
		events: ['incomingMessage'],
		deliveryAuth: 'signature',
		numberRouting: 'sendHere',
		phoneNumberIds: [bed.sandbox.phoneNumberIds[0]],
		...fields,
	} as INodeParameters;
}

/** Where the number's events go now, as the API says. */
async function overrideOf(phoneNumberId: string): Promise<string | undefined> {
	const response = await fetch(
		`${bed.sandbox.baseUrl}/${phoneNumberId}?fields=webhook_configuration`,
		{ headers: { apikey: bed.sandbox.apiKey } },
	);
	const body = (await response.json()) as { webhook_configuration?: { phone_number?: string } };
	return body.webhook_configuration?.phone_number;
}

/** n8n publishing the workflow (or listening for a test event): each webhook's checkExists, then create. */
async function publish(
	run: { parameters?: INodeParameters; activation?: 'activate' | 'manual' } = {},
	harness = trigger(),
) {
	return await harness.publish({
		parameters: run.parameters ?? parameters(),
		activation: run.activation,
	});
}

async function customerWritesTo(phoneNumberId: string): Promise<void> {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ phone_number_id: phoneNumberId, from: CUSTOMER, text: 'Hello' }),
	});
	expect(response.ok).toBe(true);
	await bed.sandbox.state.webhooks.idle();
}

const overrideCalls = () =>
	bed.requests().filter((r) => r.url.startsWith(`/${bed.sandbox.phoneNumberIds[0]}`));

describe('trigger: Numbers › Chosen Numbers, Sent Here', () => {
	it('publishing points the chosen number at the Production URL; its messages come here', async () => {
		const [mine, other] = bed.sandbox.phoneNumberIds;
		await publish();
		expect(await overrideOf(mine)).toBe(productionUrl());
		expect(await overrideOf(other)).toBeUndefined();
		await customerWritesTo(mine);
		expect(delivered).toEqual([`/webhook/${HARNESS_WEBHOOK_ID}/webhook`]);
		// Published again (n8n restarted): it is there already, so nothing is registered twice.
		const before = overrideCalls().filter((r) => r.method === 'POST').length;
		const exists = await trigger().webhookMethod('checkExists', {
			parameters: parameters(),
			webhook: 'setup',
		});
		expect(exists.result).toBe(true);
		expect(overrideCalls().filter((r) => r.method === 'POST').length).toBe(before);
	});

	it('unpublishing removes the override: the events go back to the app', async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		await publish();
		await trigger().unpublish({ parameters: parameters() });
		expect(await overrideOf(mine)).toBeUndefined();
		await customerWritesTo(mine);
		expect(delivered).toEqual([]);
	});

	it('unpublishing leaves a number another workflow took since: it is theirs', async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		await publish();
		const theirs = `${n8nUrl}/webhook/another-workflow/webhook`;
		bed.sandbox.state.store.webhookOverrides.set(mine, theirs);
		await trigger().unpublish({ parameters: parameters() });
		expect(await overrideOf(mine)).toBe(theirs);
	});

	it('every number chosen, given as an expression (comma-separated), is registered', async () => {
		const [mine, other] = bed.sandbox.phoneNumberIds;
		await publish({ parameters: parameters({ phoneNumberIds: `${mine}, ${other}` }) });
		expect(await overrideOf(mine)).toBe(productionUrl());
		expect(await overrideOf(other)).toBe(productionUrl());
	});

	it('a test event borrows a free number for the Test URL and gives it back after', async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		const staticData: IDataObject = {};
		await publish({ activation: 'manual' }, trigger(SECRETS, staticData));
		expect(await overrideOf(mine)).toBe(testUrl());
		await customerWritesTo(mine);
		expect(delivered).toEqual([`/webhook-test/${HARNESS_WEBHOOK_ID}/webhook`]);
		await trigger(SECRETS, staticData).unpublish({
			parameters: parameters(),
			activation: 'manual',
		});
		expect(await overrideOf(mine)).toBeUndefined();
	});

	it('a test event of a published trigger gives the number back to its Production URL', async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		await publish();
		const staticData: IDataObject = {};
		await publish({ activation: 'manual' }, trigger(SECRETS, staticData));
		expect(await overrideOf(mine)).toBe(testUrl());
		await trigger(SECRETS, staticData).unpublish({
			parameters: parameters(),
			activation: 'manual',
		});
		expect(await overrideOf(mine)).toBe(productionUrl());
	});

	it("a test event never takes a number another workflow receives: it says so in n8n's log", async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		const theirs = `${n8nUrl}/webhook/another-workflow/webhook`;
		bed.sandbox.state.store.webhookOverrides.set(mine, theirs);
		const harness = trigger();
		const asked = { parameters: parameters(), activation: 'manual' as const };
		const logs = await harness.publish(asked);
		expect(await overrideOf(mine)).toBe(theirs);
		expect(logs.map((l) => l.message).join('\n')).toContain(
			`number ${mine} sends its events to another workflow`,
		);
		await harness.unpublish(asked);
		expect(await overrideOf(mine)).toBe(theirs);
	});

	it('without a Verify Token, publishing fails naming it, and nothing is registered', async () => {
		const error = await expectFailure(publish({}, trigger({ secret: 'publish-signing-secret' })));
		expect(error.message).toContain('needs a Verify Token');
		expect(String(error.description)).toContain('Authentication › Signature or Header Token');
		expect(overrideCalls().filter((r) => r.method === 'POST')).toEqual([]);
		expect(await overrideOf(bed.sandbox.phoneNumberIds[0])).toBeUndefined();
	});

	it('with Authentication None (no verify token to give), publishing fails the same way', async () => {
		const error = await expectFailure(
			publish({ parameters: { ...parameters(), deliveryAuth: 'none' } }),
		);
		expect(error.message).toContain('needs a Verify Token');
	});

	it('without numbers, publishing fails naming Phone Number Names or IDs', async () => {
		const error = await expectFailure(publish({ parameters: parameters({ phoneNumberIds: [] }) }));
		expect(error.message).toContain('choose them in Phone Number Names or IDs');
		expect(bed.requests()).toEqual([]);
	});

	it("a URL that does not pass the platform's check: publishing fails with the platform's message", async () => {
		const harness = bed.harness({
			nodeType: new BusinessMessagingTrigger(),
			webhookSecrets: SECRETS,
			n8nUrl: 'http://127.0.0.1:9',
		});
		const error = await expectFailure(publish({}, harness));
		expect(error.message).toMatch(/override_callback_uri|verif/i);
		expect(await overrideOf(bed.sandbox.phoneNumberIds[0])).toBeUndefined();
	});

	it.each(['filter', 'all'])(
		'Numbers › %s: publishing calls nothing and registers nothing',
		async (numberRouting) => {
			await expectNothingRegistered(trigger(), parameters({ numberRouting }));
		},
	);
});

/** n8n publishing and unpublishing with `parameters` asks the platform nothing. */
async function expectNothingRegistered(
	harness: ReturnType<typeof trigger>,
	asked: INodeParameters,
) {
	for (const webhook of ['default', 'setup']) {
		const run = { parameters: asked, webhook };
		expect((await harness.webhookMethod('checkExists', run)).result).toBe(false);
		expect((await harness.webhookMethod('create', run)).result).toBe(true);
		expect((await harness.webhookMethod('delete', run)).result).toBe(true);
	}
	expect(bed.requests()).toEqual([]);
}

describe("trigger v1: Options › Send These Numbers' Events Here, as saved workflows have it", () => {
	const v1 = () =>
		bed.harness({
			nodeType: new BusinessMessagingTrigger(),
			webhookSecrets: SECRETS,
			n8nUrl,
			typeVersion: 1,
		});
	const v1Parameters = (options: IDataObject = {}): INodeParameters =>
		({
			events: ['incomingMessage'],
			deliveryAuth: 'signature',
			options: { onlyNumbers: [bed.sandbox.phoneNumberIds[0]], sendNumbersHere: true, ...options },
		}) as INodeParameters;

	it('publishing points the number here, unpublishing takes it back', async () => {
		const [mine] = bed.sandbox.phoneNumberIds;
		await v1().publish({ parameters: v1Parameters() });
		expect(await overrideOf(mine)).toBe(productionUrl());
		await v1().unpublish({ parameters: v1Parameters() });
		expect(await overrideOf(mine)).toBeUndefined();
	});

	it('without numbers, publishing fails naming Options › Only These Numbers', async () => {
		const error = await expectFailure(
			v1().publish({ parameters: v1Parameters({ onlyNumbers: [] }) }),
		);
		expect(error.message).toContain('choose them in Options › Only These Numbers');
	});

	it('off (or not added): publishing calls nothing and registers nothing', async () => {
		await expectNothingRegistered(v1(), v1Parameters({ sendNumbersHere: false }));
	});
});

describe('trigger: the form around the numbers', () => {
	const { description } = new BusinessMessagingTrigger();
	const { properties } = description;

	/** The fields n8n's editor shows a node of `typeVersion` with these values (n8n's own check). */
	function shown(typeVersion: number, values: INodeParameters): string[] {
		return properties
			.filter((p) => NodeHelpers.displayParameter(values, p, { typeVersion }, description))
			.map((p) => (p.type === 'collection' ? `${p.name}: ${optionNames(p)}` : p.name));
	}
	const optionNames = (p: INodeProperties) =>
		(p.options as INodeProperties[]).map((o) => o.name).join(', ');

	it.each([1.1, 1.2])(
		'version %s: the numbers are a field of their own, not options',
		(version) => {
			const fields = shown(version, { numberRouting: 'all' });
			expect(fields).toContain('numberRouting');
			expect(fields).not.toContain('phoneNumberIds');
			expect(fields.join('\n')).not.toMatch(/onlyNumbers|sendNumbersHere/);
		},
	);

	it.each([
		['sendHere', 'sendHereNotice', 'filterNotice'],
		['filter', 'filterNotice', 'sendHereNotice'],
	])(
		'Numbers › %s shows Chosen Numbers and its own notice, not the other',
		(routing, own, other) => {
			const fields = shown(1.1, { numberRouting: routing });
			expect(fields).toEqual(expect.arrayContaining(['phoneNumberIds', own]));
			expect(fields).not.toContain(other);
		},
	);

	it("the filter's notice says that publishing registers nothing, and names the other way", () => {
		const notice = properties.find((p) => p.name === 'filterNotice')!;
		expect(notice.displayName).toContain('Publishing registers nothing');
		expect(notice.displayName).toContain('Chosen Numbers, Sent Here');
	});

	it("version 1 keeps its options, Send These Numbers' Events Here on once added", () => {
		const [options] = shown(1, {}).filter((f) => f.startsWith('options:'));
		expect(options).toMatch(/onlyNumbers.*sendNumbersHere/);
		expect(shown(1, {})).not.toContain('numberRouting');
		const v1Options = properties.find(
			(p) =>
				p.name === 'options' &&
				NodeHelpers.displayParameter({}, p, { typeVersion: 1 }, description),
		)!.options as INodeProperties[];
		expect(v1Options.find((o) => o.name === 'sendNumbersHere')?.default).toBe(true);
	});

	it('shows or hides a field only by a top-level parameter: n8n 1 cannot resolve "options.x"', () => {
		// n8n 1.123 failed to activate every trigger workflow ("Could not resolve parameter
		// dependencies") when a notice depended on options.onlyNumbers; n8n 2 let it pass.
		const names = new Set(properties.map((p) => p.name));
		const keys = (p: INodeProperties) =>
			Object.keys({ ...p.displayOptions?.show, ...p.displayOptions?.hide });
		const unresolvable = properties.flatMap((p) =>
			keys(p)
				.filter((key) => !key.startsWith('@') && !names.has(key.replace(/^\//, '')))
				.map((key) => `${p.name}: ${key}`),
		);
		expect(unresolvable).toEqual([]);
	});
});

import type { IDataObject } from 'n8n-workflow';
import { CUSTOMER, rl } from './conversationSupport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

/**
 * Send Template › Send Through › Marketing Messages API against the sandbox, and the sandbox's
 * rules for POST /marketing_messages sent raw (its rules/marketingMessages.ts): both sides in one
 * file.
 */
const bed = useTestBed();

const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;
const welcomeOffer = (extra: IDataObject = {}) => ({
	resource: 'message',
	operation: 'sendTemplate',
	phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
	recipient: '+1 (415) 555-0100',
	template: rl(templateId('welcome_offer')),
	variables: { mappingMode: 'defineBelow', value: { body_1: 'Ana', button_0_code: 'ANA15' } },
	requestOptions: FAST_RETRIES,
	...extra,
});
const throughMarketing = (extra: IDataObject = {}) =>
	welcomeOffer({ sendThrough: 'marketingMessages', ...extra });
const posts = () => bed.requests().filter((r) => r.method === 'POST');
const stored = () => [...bed.sandbox.state.store.messages.values()];

describe('Send Template › Send Through › Marketing Messages API', () => {
	it('sends a MARKETING template to /marketing_messages with its policy and activity sharing', async () => {
		const [[output]] = await bed.harness().execute({
			parameters: throughMarketing({ productPolicy: 'STRICT', activitySharing: 'share' }),
		});
		const [request] = posts();
		expect(request.url).toBe(`/v3/${bed.sandbox.phoneNumberIds[0]}/marketing_messages`);
		expect(JSON.parse(request.body!)).toMatchObject({
			messaging_product: 'whatsapp',
			to: CUSTOMER,
			type: 'template',
			template: { name: 'welcome_offer', language: { code: 'en_US' } },
			product_policy: 'STRICT',
			message_activity_sharing: true,
		});
		expect(output.json).toMatchObject({
			messageId: stored()[0].id,
			template: 'welcome_offer',
			sentThrough: 'marketingMessages',
		});
		expect(stored()[0]).toMatchObject({ sentThrough: 'marketing_messages', activitySharing: true });
	});

	it('leaves activity sharing to the business account’s setting unless chosen, and falls back by default', async () => {
		await bed.harness().execute({ parameters: throughMarketing() });
		const body = JSON.parse(posts()[0].body!) as IDataObject;
		expect(body.product_policy).toBe('CLOUD_API_FALLBACK');
		expect(body).not.toHaveProperty('message_activity_sharing');
	});

	it('refuses a template of another category before anything is sent', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: throughMarketing({
					template: rl(templateId('order_confirmation')),
					variables: { mappingMode: 'defineBelow', value: {} },
				}),
			}),
		);
		expect(error.message).toBe(
			'Template order_confirmation (en_US) is a UTILITY template; Send Through › Marketing Messages API sends MARKETING templates only',
		);
		expect(posts()).toEqual([]);
	});

	it('marketing turned off on the Cloud API: the Cloud API send is refused (131063) with advice, the Marketing Messages API send goes', async () => {
		bed.sandbox.state.config.marketingOnCloudApi = false;
		const error = await expectFailure(bed.harness().execute({ parameters: welcomeOffer() }));
		expect(error.message).toContain('131063');
		expect(error.description).toContain('Send Through › Marketing Messages API');
		await bed.harness().execute({ parameters: throughMarketing() });
		expect(stored().map((m) => m.sentThrough)).toEqual(['marketing_messages']);
	});
});

/** A raw send to /marketing_messages, as any client sends it. */
async function post(body: IDataObject) {
	const response = await fetch(
		`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/marketing_messages`,
		{
			method: 'POST',
			headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({
				messaging_product: 'whatsapp',
				to: CUSTOMER,
				type: 'template',
				template: {
					name: 'welcome_offer',
					language: { code: 'en_US' },
					components: [
						{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
						{
							type: 'button',
							sub_type: 'copy_code',
							index: '0',
							parameters: [{ type: 'coupon_code', coupon_code: 'ANA15' }],
						},
					],
				},
				...body,
			}),
		},
	);
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's Marketing Messages API, sent raw", () => {
	it('takes a MARKETING template, and answers as /messages does', async () => {
		const answer = await post({
			product_policy: 'CLOUD_API_FALLBACK',
			message_activity_sharing: false,
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			messaging_product: 'whatsapp',
			contacts: [{ input: CUSTOMER, wa_id: CUSTOMER }],
			messages: [{ message_status: 'accepted' }],
		});
	});

	it.each([
		[
			'templates only',
			{ type: 'text', template: undefined, text: { body: 'Hi' } },
			'type: the Marketing Messages API sends templates only',
		],
		['product_policy: STRICT or CLOUD_API_FALLBACK', { product_policy: 'LOOSE' }, 'product_policy'],
		[
			'message_activity_sharing: true or false',
			{ message_activity_sharing: 'yes' },
			'message_activity_sharing: must be true or false',
		],
		['no other fields', { ttl: 60 }, 'ttl'],
		[
			'MARKETING templates only',
			{ template: { name: 'order_confirmation', language: { code: 'en_US' } } },
			'is a UTILITY template; the Marketing Messages API sends MARKETING templates only',
		],
	])('%s', async (_, body, message) => {
		const answer = await post(body);
		expect(answer.status).toBe(400);
		expect(String((answer.body.error as IDataObject).message)).toContain(message);
	});
});

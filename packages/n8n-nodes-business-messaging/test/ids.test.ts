import { ScriptedServer } from 'business-messaging-testing';
import {
	NodeHelpers,
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeParameters,
} from 'n8n-workflow';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

/**
 * The contract types every ID as a string: the node sends any one-segment ID, refuses a missing
 * value by its field (never "/undefined"), and hints, without refusing, when a phone number is
 * typed where its ID belongs.
 */
const bed = useTestBed();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The issues n8n itself finds in a node's parameters (what stops a workflow before it runs). */
function parameterIssues(parameters: INodeParameters): Record<string, string[]> {
	const { description } = new BusinessMessaging();
	const node: INode = {
		id: 'node',
		name: 'Business Messaging',
		type: 'n8n-nodes-business-messaging.businessMessaging',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	node.parameters = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		description,
	)!;
	return (NodeHelpers.getNodeParametersIssues(description.properties, node, description)
		?.parameters ?? {}) as Record<string, string[]>;
}

describe('n8n’s own check of the ID fields takes any one-segment ID', () => {
	it.each([
		['businessAccountId', { resource: 'account', operation: 'getBusinessAccount' }],
		[
			'phoneNumberId',
			{ resource: 'payment', operation: 'refund', referenceId: 'r', paymentConfigId: 'p' },
		],
		['template', { resource: 'template', operation: 'get', businessAccountId: byId('1') }],
		['catalogId', { resource: 'product', operation: 'getMany' }],
	])('%s', (field, parameters) => {
		for (const id of ['106540352242922', 'waba-7Kq2', 'US.13491208655302741918', 'tpl_9x'])
			expect([id, parameterIssues({ ...parameters, [field]: byId(id) })[field]]).toEqual([
				id,
				undefined,
			]);
		expect(parameterIssues({ ...parameters, [field]: byId('123/456') })[field]).toEqual([
			expect.stringMatching(/ is one ID, without "\/"$/),
		]);
	});
});

describe('IDs that are not digits are sent as they are', () => {
	it.each([
		[
			'Account › Get Business Account',
			{
				resource: 'account',
				operation: 'getBusinessAccount',
				businessAccountId: byId('waba-7Kq2'),
			},
			'/v3/waba-7Kq2',
		],
		[
			'Template › Get',
			{ resource: 'template', operation: 'get', template: byId('tpl_9x') },
			'/v3/tpl_9x',
		],
		[
			'Product › Get Many',
			{ resource: 'product', operation: 'getMany', catalogId: byId('cat-A1'), returnAll: true },
			'/v3/cat-A1/products',
		],
		[
			'Payment › Refund',
			{
				resource: 'payment',
				operation: 'refund',
				phoneNumberId: byId('pn.aB3'),
				referenceId: 'order-1001',
				paymentConfigId: 'acme-payments',
			},
			'/v3/pn.aB3/payments_refund',
		],
	])('%s', async (_operation, parameters, path) => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: { ...parameters, requestOptions: FAST_RETRIES } }),
		);
		// The sandbox has digit IDs only: "not found" proves the request went out with the ID.
		expect(error.httpCode).toBe('404');
		expect(new URL(bed.requests()[0].url, 'http://x').pathname).toBe(path);
	});
});

describe('a missing value never becomes an ID', () => {
	const getAccount = (value: string, json: IDataObject) =>
		bed.harness().execute({
			parameters: {
				resource: 'account',
				operation: 'getBusinessAccount',
				businessAccountId: byId(value),
			},
			items: [{ json }],
		});

	it.each([
		['an expression that finds nothing', '={{ $json.missing }}', {}, /^Business Account is empty/],
		['the text "undefined"', '={{ String($json.missing) }}', {}, /^Business Account is empty/],
		[
			'an object',
			'={{ $json.account }}',
			{ account: { id: '1' } },
			/^Business Account .*not an ID|^Business Account must be an ID, not an object/,
		],
	])(
		'%s is refused by the field’s name, with nothing sent',
		async (_case, value, json, message) => {
			const error = await expectFailure(getAccount(value, json));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(message);
			expect(bed.requests()).toHaveLength(0);
		},
	);

	it.each([
		['Retailer ID', { retailerId: '={{ $json.missing }}' }, {}, 'Retailer ID is required'],
		[
			'Retailer ID',
			{ retailerId: '={{ $json.sku }}' },
			{ sku: { code: 1 } },
			'Retailer ID must be text, not an object',
		],
	])(
		'Product › Batch: %s from an expression that finds no value is refused',
		async (_field, extra, json, message) => {
			const error = await expectFailure(
				bed.harness().execute({
					parameters: {
						resource: 'product',
						operation: 'batch',
						catalogId: byId(bed.sandbox.catalogId),
						method: 'DELETE',
						...extra,
					},
					items: [{ json: json as IDataObject }],
				}),
			);
			expect(error.message).toBe(message);
			expect(bed.requests()).toHaveLength(0);
		},
	);

	it('Payment › Refund: a reference ID an expression leaves undefined is refused', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'payment',
					operation: 'refund',
					phoneNumberId: byId(bed.sandbox.phoneNumberIds[0]),
					referenceId: '={{ String($json.order) }}',
					paymentConfigId: 'acme-payments',
				},
			}),
		);
		expect(error.message).toBe('Payment Reference ID is required');
		expect(bed.requests()).toHaveLength(0);
	});

	it('a retailer ID may hold "/": it travels in the body, not in a path', async () => {
		await bed.harness().execute({
			parameters: {
				resource: 'product',
				operation: 'batch',
				catalogId: byId(bed.sandbox.catalogId),
				method: 'DELETE',
				retailerId: 'SKU/00001',
			},
			continueOnFail: true,
		});
		const [request] = bed.requests();
		expect(JSON.parse(String(request.body)).requests[0].retailer_id).toBe('SKU/00001');
	});

	it('an upload the API answers without a handle stops before the handle is used', async () => {
		const provider = new ScriptedServer({
			status: 200,
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		provider.script = [
			{
				status: 200,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ id: 'upload:MTIz?sig=abc' }),
			},
		];
		const baseUrl = await provider.start();
		try {
			const error = await expectFailure(
				bed.harness({ baseUrl }).execute({
					parameters: { resource: 'templateSample', operation: 'upload' },
					items: [
						{
							json: {},
							binary: {
								data: {
									data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
									mimeType: 'image/png',
									fileName: 'latte.png',
								},
							},
						},
					],
				}),
			);
			expect(error.message).toBe(
				'The API answered the upload without a handle (h), so the file cannot be used',
			);
			expect(provider.calls).toHaveLength(2);
		} finally {
			await provider.close();
		}
	});

	it('an ID the API leaves out of its answer is named, and nothing is sent with it', async () => {
		const provider = new ScriptedServer({
			status: 200,
			headers: { 'content-type': 'application/json' },
			// A list that leaves out `id` although it was asked for.
			body: JSON.stringify({
				data: [{ name: 'hello_world', language: 'en_US', status: 'APPROVED' }],
			}),
		});
		const baseUrl = await provider.start();
		try {
			const error = await expectFailure(
				bed.harness({ baseUrl }).execute({
					parameters: {
						resource: 'template',
						operation: 'get',
						template: { __rl: true, mode: 'name', value: 'hello_world' },
						businessAccountId: byId('waba-1'),
					},
				}),
			);
			expect(error.message).toMatch(/^Template ID is missing/);
			expect(provider.calls).toHaveLength(1);
			expect(provider.calls[0]).toMatch(
				/fields=id%2Cname%2Clanguage%2Cstatus|fields=id,name,language,status/,
			);
		} finally {
			await provider.close();
		}
	});
});

describe('a phone number typed where its ID belongs', () => {
	const sendText = (phoneNumberId: string) =>
		bed.harness().execute({
			parameters: {
				resource: 'message',
				operation: 'sendText',
				phoneNumberId: byId(phoneNumberId),
				recipient: '+15551234567',
				text: 'Hello',
				requestOptions: FAST_RETRIES,
			},
		});

	it('is sent (no refusal), and the failure names the number’s ID', async () => {
		const error = await expectFailure(sendText('+1 555-012-3401'));
		expect(error.httpCode).toBe('404');
		expect(String(error.description)).toContain(
			`is the phone number +15550123401: the Phone Number field wants its ID, ${bed.sandbox.phoneNumberIds[0]}`,
		);
	});

	it('gets a hint by its shape when it is none of the key’s numbers, naming the operation that lists them', async () => {
		const error = await expectFailure(sendText('+44 20 7946 0000'));
		expect(String(error.description)).toMatch(/looks like a phone number/);
		// The operation is named as the node's Account resource names it.
		const operation = new BusinessMessaging().description.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => (property.options ?? []) as Array<{ name: string; value?: unknown }>)
			.find((option) => option.value === 'listNumbers');
		expect(operation?.name).toBe('List Numbers');
		expect(String(error.description)).toContain(`see Account › ${operation?.name}`);
	});

	it('a real phone number ID gets no hint, though the request is not found', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'media',
					operation: 'delete',
					phoneNumberId: byId(bed.sandbox.phoneNumberIds[0]),
					mediaId: '999999999',
					requestOptions: FAST_RETRIES,
				},
			}),
		);
		expect(error.httpCode).toBe('404');
		expect(String(error.description)).not.toMatch(/phone number/i);
	});
});

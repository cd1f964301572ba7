import { OTHER_API_KEY } from 'business-messaging-sandbox';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { CUSTOMER } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Account › Block User, Unblock User and List Blocked Users against the sandbox, and the sandbox's
 * Block Users API sent raw, one check per rule of Meta's page (its rules/blockUsers.ts): both sides
 * of the operation in one file.
 */
const bed = useTestBed();
const DAY_MS = 24 * 60 * 60 * 1000;

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const run = (operation: string, fields: INodeParameters = {}) =>
	bed.harness().execute({
		parameters: {
			resource: 'account',
			operation,
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			...fields,
		},
	});

async function customerWrites(from = CUSTOMER): Promise<void> {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ phone_number_id: bed.sandbox.phoneNumberIds[0], from, text: 'Hi' }),
	});
	expect(response.ok).toBe(true);
}

describe('Account › Block User and Unblock User: Phone Number left empty', () => {
	it('blocks and unblocks on the number the customer wrote to, as the trigger’s item names it', async () => {
		const second = bed.sandbox.phoneNumberIds[1];
		const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone_number_id: second, from: CUSTOMER, text: 'Spam' }),
		});
		expect(response.ok).toBe(true);
		// The fields of the trigger's Incoming Message item that tell the chat.
		const item = { eventType: 'incomingMessage', phoneNumberId: second, from: CUSTOMER };
		for (const operation of ['blockUser', 'unblockUser'])
			await bed.harness().execute({
				parameters: {
					resource: 'account',
					operation,
					phoneNumberId: rl(''),
					customer: '={{ $json.from }}',
				},
				items: [{ json: item }],
			});
		const numbers = bed
			.requests()
			.filter((r) => r.url.endsWith('/block_users'))
			.map((r) => `${r.method} ${r.url.split('/').at(-2)}`);
		expect(numbers).toEqual([`POST ${second}`, `DELETE ${second}`]);
	});

	it('says which field is empty when the item does not come from the trigger, and sends nothing', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'account',
					operation: 'blockUser',
					phoneNumberId: rl(''),
					customer: CUSTOMER,
				},
			}),
		);
		expect(error.message).toContain(
			'Phone Number is empty, and the item does not come from a Business Messaging Trigger',
		);
		expect(bed.requests().filter((r) => r.url.endsWith('/block_users'))).toEqual([]);
	});
});

describe('Account › Block User', () => {
	it('blocks a customer who wrote, by number as typed, with one request in the Cloud API shape', async () => {
		await customerWrites();
		const [output] = await run('blockUser', { customer: '+1 (415) 555-0100' });
		expect(output.map((item) => item.json)).toEqual([{ input: CUSTOMER, wa_id: CUSTOMER }]);
		const [request] = bed.requests().filter((r) => r.url.endsWith('/block_users'));
		expect(request.method).toBe('POST');
		expect(JSON.parse(request.body ?? '')).toEqual({
			messaging_product: 'whatsapp',
			block_users: [{ user: CUSTOMER }],
		});
		const [listed] = await run('listBlockedUsers', { returnAll: true });
		expect(listed.map((item) => item.json)).toEqual([
			{ messaging_product: 'whatsapp', wa_id: CUSTOMER },
		]);
	});

	it("refuses one who has not written for 24 hours with the platform's reason for that user", async () => {
		await customerWrites();
		await bed.sandbox.state.clock.advance(DAY_MS + 1000);
		const error = await expectFailure(run('blockUser', { customer: CUSTOMER }));
		expect(`${error.message} ${error.description}`).toContain(
			`${CUSTOMER}: Re-engagement required (User has not messaged in the last 24 hours)`,
		);
	});

	it('refuses a Customer that is no number, naming the field, and sends nothing', async () => {
		const error = await expectFailure(run('blockUser', { customer: 'spammer' }));
		expect(error.message).toContain('Customer "spammer"');
		expect(bed.requests()).toEqual([]);
	});

	it("a send to a blocked customer is refused with the platform's code (130403)", async () => {
		await customerWrites();
		await run('blockUser', { customer: CUSTOMER });
		const send = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'message',
					operation: 'sendText',
					phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
					recipient: CUSTOMER,
					text: 'Hello',
				},
			}),
		);
		expect(`${send.message} ${send.description}`).toContain('130403');
	});
});

describe('Account › Unblock User', () => {
	it('unblocks: the list is empty again and the customer can be written to', async () => {
		await customerWrites();
		await run('blockUser', { customer: CUSTOMER });
		const [output] = await run('unblockUser', { customer: CUSTOMER });
		expect(output.map((item) => item.json)).toEqual([{ input: CUSTOMER, wa_id: CUSTOMER }]);
		expect(bed.requests().find((r) => r.method === 'DELETE')?.url).toMatch(/\/block_users$/);
		const [listed] = await run('listBlockedUsers', { returnAll: true });
		expect(listed).toEqual([]);
	});
});

describe('Account › List Blocked Users', () => {
	it('follows the cursors for Return All, and stops at the Limit', async () => {
		const customers = Array.from({ length: 5 }, (_, i) => String(14155550140 + i));
		for (const customer of customers) {
			await customerWrites(customer);
			await run('blockUser', { customer });
		}
		bed.sandbox.state.config.templatePageSize = { default: 2, max: 2 };
		const [all] = await run('listBlockedUsers', { returnAll: true });
		expect(all.map((item) => item.json.wa_id)).toEqual(customers);
		const [some] = await run('listBlockedUsers', { returnAll: false, limit: 3 });
		expect(some.map((item) => item.json.wa_id)).toEqual(customers.slice(0, 3));
	});
});

/** A raw request to the sandbox's API, as any client would send it. */
async function api(
	method: string,
	path: string,
	body?: unknown,
	apiKey = bed.sandbox.apiKey,
): Promise<{ status: number; body: IDataObject }> {
	const response = await fetch(`${bed.sandbox.baseUrl}${path}`, {
		method,
		headers: { apikey: apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's Block Users API, sent raw", () => {
	const number = () => bed.sandbox.phoneNumberIds[0];
	const users = (...list: string[]) => ({
		messaging_product: 'whatsapp',
		block_users: list.map((user) => ({ user })),
	});
	const block = (...list: string[]) => api('POST', `/${number()}/block_users`, users(...list));
	const unblock = (...list: string[]) => api('DELETE', `/${number()}/block_users`, users(...list));
	const listed = async (query = '') =>
		(await api('GET', `/${number()}/block_users${query}`)).body as {
			data: Array<{ wa_id: string }>;
			paging?: { cursors?: { after?: string } };
		};
	const sendText = () =>
		api('POST', `/${number()}/messages`, {
			messaging_product: 'whatsapp',
			to: CUSTOMER,
			type: 'text',
			text: { body: 'Hello' },
		});
	const errorOf = (answer: { body: IDataObject }) => answer.body.error as IDataObject;

	it('blocks a customer who wrote in the last 24 hours, by number with or without +, and lists them', async () => {
		await customerWrites();
		const answer = await block(`+${CUSTOMER}`);
		expect(answer).toEqual({
			status: 200,
			body: {
				messaging_product: 'whatsapp',
				block_users: { added_users: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }] },
			},
		});
		expect((await listed()).data).toEqual([{ messaging_product: 'whatsapp', wa_id: CUSTOMER }]);
		// Blocking again keeps one entry.
		expect((await block(CUSTOMER)).status).toBe(200);
		expect((await listed()).data).toHaveLength(1);
	});

	it('refuses, per user, one who has not written in the last 24 hours (131047), with 139100 for the request', async () => {
		await customerWrites();
		await bed.sandbox.state.clock.advance(DAY_MS + 1000);
		await customerWrites('14155550111');
		const answer = await block(CUSTOMER, '14155550111', '14155550199');
		expect(answer.status).toBe(400);
		expect(errorOf(answer).code).toBe(139100);
		expect(errorOf(answer).message).toContain('Failed to block/unblock users');
		const result = answer.body.block_users as {
			added_users: IDataObject[];
			failed_users: Array<{ input: string; wa_id?: string; errors: IDataObject[] }>;
		};
		expect(result.added_users).toEqual([{ input: '14155550111', wa_id: '14155550111' }]);
		expect(
			result.failed_users.map((f) => [
				f.input,
				f.errors[0].code,
				(f.errors[0].error_data as IDataObject).details,
			]),
		).toEqual([
			[CUSTOMER, 131047, 'User has not messaged in the last 24 hours'],
			['14155550199', 131047, 'User has not messaged in the last 24 hours'],
		]);
		expect(result.failed_users[0].wa_id).toBe(CUSTOMER);
	});

	it('refuses a user that is neither a number nor a WhatsApp ID, naming the user', async () => {
		const answer = await block('not-a-number');
		const [failed] = (answer.body.block_users as { failed_users: IDataObject[] }).failed_users;
		expect(failed).toMatchObject({ input: 'not-a-number', errors: [{ code: 100 }] });
		expect(failed.wa_id).toBeUndefined();
	});

	it('takes at most 1,000 users per request, and a well-formed body', async () => {
		const many = Array.from({ length: 1001 }, (_, i) => String(14155560000 + i));
		const refused = async (answer: Promise<{ status: number; body: IDataObject }>) => {
			const { status, body } = await answer;
			expect(status).toBe(400);
			return body.error as IDataObject;
		};
		expect((await refused(block(...many))).message).toContain('at most 1000 users');
		const post = (body: unknown) => api('POST', `/${number()}/block_users`, body);
		expect((await refused(post({ block_users: [{ user: CUSTOMER }] }))).message).toContain(
			'messaging_product',
		);
		expect(
			(await refused(post({ messaging_product: 'whatsapp', block_users: [] }))).message,
		).toContain('block_users');
		expect(
			(
				await refused(
					post({ messaging_product: 'whatsapp', block_users: [{ user: CUSTOMER, name: 'x' }] }),
				)
			).message,
		).toContain('name');
	});

	it('holds at most 64,000 blocked users per number (139101), and blocks none of a request past it', async () => {
		await customerWrites();
		// The 64,000 already there, written into the store as the API would have left them.
		const store = bed.sandbox.state.store;
		store.blockedUsers.set(
			number(),
			new Map(Array.from({ length: 64_000 }, (_, i) => [`filler-${i}`, i])),
		);
		const answer = await block(CUSTOMER);
		expect(answer.status).toBe(400);
		expect(errorOf(answer).code).toBe(139101);
		expect(errorOf(answer).message).toContain('Blocklist limit reached');
		expect(store.blockedUsers.get(number())?.size).toBe(64_000);
	});

	it('a blocked customer cannot write to the number, nor the number to them (130403); unblocked, both can', async () => {
		await customerWrites();
		await block(CUSTOMER);
		const dropped = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone_number_id: number(), from: CUSTOMER, text: 'Still there?' }),
		});
		const incoming = (await dropped.json()) as IDataObject;
		expect(incoming.dropped).toBe('blocked by the number');
		expect(incoming.delivery_id).toBeUndefined();
		const refused = await sendText();
		expect(refused.status).toBe(400);
		expect(errorOf(refused).code).toBe(130403);
		expect(errorOf(refused).message).toContain('blocked the end user');
		expect((await unblock(CUSTOMER)).body.block_users).toEqual({
			removed_users: [{ input: CUSTOMER, wa_id: CUSTOMER }],
		});
		expect((await listed()).data).toEqual([]);
		expect((await sendText()).status).toBe(200);
		// Unblocking one who is not blocked is done already (a delete).
		expect((await unblock(CUSTOMER)).status).toBe(200);
	});

	it('lists in pages with cursors, in the order they were blocked', async () => {
		const customers = ['14155550121', '14155550122', '14155550123'];
		for (const customer of customers) await customerWrites(customer);
		for (const customer of customers) await block(customer);
		const first = await listed('?limit=2');
		expect(first.data.map((d) => d.wa_id)).toEqual(customers.slice(0, 2));
		const after = first.paging?.cursors?.after;
		expect(after).toBeTruthy();
		const next = await listed(`?limit=2&after=${encodeURIComponent(after ?? '')}`);
		expect(next.data.map((d) => d.wa_id)).toEqual(customers.slice(2));
	});

	it('answers 404 for a number of another API key', async () => {
		const answer = await api('GET', `/${number()}/block_users`, undefined, OTHER_API_KEY);
		expect(answer.status).toBe(404);
	});
});

import type { INodeParameters } from 'n8n-workflow';
import { CUSTOMER } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/** Account › Block User, Unblock User and List Blocked Users, against the sandbox. */
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

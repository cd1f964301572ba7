import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import { chatSend, rl, sentBodies } from './conversationSupport';
import { OPERATION_CASES } from './faultCases';
import { expectFailure, useTestBed } from './harness';

/**
 * Customers with a WhatsApp username, known by their business-scoped user ID and maybe no
 * number: every Recipient takes the user ID as the trigger gives it, and it goes out in the
 * send's `recipient` field (Meta's "Business-scoped user IDs"; docs/API.md). Against the
 * sandbox, which refuses a user ID in `to` and knows the customer only by the user ID.
 */
const bed = useTestBed();
const USER_ID = 'US.13491208655302741918';

/** A customer with a username and no number writes to the first number; the message's ID. */
async function usernameCustomerWrites(text = 'Does it come in blue?'): Promise<string> {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			phone_number_id: bed.sandbox.phoneNumberIds[0],
			user_id: USER_ID,
			username: '@sheena',
			name: 'Sheena',
			text,
		}),
	});
	if (!response.ok) throw new Error(`the sandbox refused: ${await response.text()}`);
	return ((await response.json()) as { message_id: string }).message_id;
}

const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;

const SENDS = OPERATION_CASES.filter(
	(operation) =>
		operation.name.startsWith('Message ›') && operation.name !== 'Message › Mark as Read',
);

describe('a Recipient that is a user ID', () => {
	it('covers every send of the node', () => {
		expect(SENDS.map((s) => s.name).sort()).toEqual([
			'Message › React',
			'Message › Send Buttons',
			'Message › Send Catalog',
			'Message › Send Contacts',
			'Message › Send Flow',
			'Message › Send Link Button',
			'Message › Send List',
			'Message › Send Location',
			'Message › Send Media',
			'Message › Send Product',
			'Message › Send Product List',
			'Message › Send Template',
			'Message › Send Text',
			'Message › Send and Wait for Response',
		]);
	});

	it.each(SENDS.map((operation) => [operation.name, operation] as const))(
		'%s goes out in `recipient`, never `to`, and the output names the user ID',
		async (_name, operation) => {
			const messageId = await usernameCustomerWrites();
			bed.sandbox.state.log.clear();
			const [output] = await bed.harness().execute({
				parameters: { ...operation.parameters(bed), recipient: ` ${USER_ID} ` },
				items: operation.items?.() ?? [{ json: { messageId } }],
			});
			const [body] = sentBodies(bed).slice(-1);
			expect(body.recipient).toBe(USER_ID);
			expect(body).not.toHaveProperty('to');
			expect(output[0].json).toMatchObject({ recipient: USER_ID, userId: USER_ID });
			const sent = [...bed.sandbox.state.store.messages.values()].at(-1) as unknown as IDataObject;
			expect([sent.recipient, sent.to]).toEqual([USER_ID, undefined]);
		},
	);

	it.each([
		'@sheena',
		'US 13491208655302741918',
		'US.1349-1208',
		'user.9373795779eb',
		'sheena@example.com',
	])(
		'%p, neither a number nor a user ID, is refused before any request, naming both forms',
		async (recipient) => {
			for (const parameters of [
				chatSend(bed, 'sendText', { recipient, text: 'Hi' }),
				{
					...OPERATION_CASES.find((o) => o.name === 'Message › Send Template')!.parameters(bed),
					recipient,
				},
			]) {
				bed.sandbox.state.log.clear();
				const error = await expectFailure(bed.harness().execute({ parameters }));
				expect(error).toBeInstanceOf(NodeOperationError);
				expect(error.message).toMatch(
					/^Recipient ".*" is (neither a phone number nor a user ID|not a user ID)/,
				);
				expect(String(error.description)).toMatch(/international format.*user ID/);
				expect(bed.requests()).toEqual([]);
			}
		},
	);

	it('a parent user ID goes out the same way', async () => {
		await usernameCustomerWrites();
		await bed
			.harness()
			.execute({
				parameters: chatSend(bed, 'sendText', {
					recipient: 'US.ENT.11815799212886844830',
					text: 'Hi',
				}),
			})
			.catch(() => undefined);
		expect(sentBodies(bed).at(-1)).toMatchObject({ recipient: 'US.ENT.11815799212886844830' });
		expect(sentBodies(bed).at(-1)).not.toHaveProperty('to');
	});
});

describe('authentication templates, which the platform sends to numbers only (131062)', () => {
	const loginCode = (recipient: string) => ({
		resource: 'message',
		operation: 'sendTemplate',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient,
		template: rl(templateId('login_code')),
		variables: { mappingMode: 'defineBelow', value: { body_1: '482910', button_0_otp: '482910' } },
	});

	it('are refused for a user ID before anything is sent, naming Recipient and the rule', async () => {
		const error = await expectFailure(bed.harness().execute({ parameters: loginCode(USER_ID) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(`Recipient "${USER_ID}" is a user ID`);
		expect(error.message).toContain('authentication template');
		expect(error.message).toContain('131062');
		// Only the template was read (its category says it is one): nothing was sent.
		expect(bed.requests().every((r) => r.method === 'GET')).toBe(true);
		expect([...bed.sandbox.state.store.messages.values()]).toEqual([]);
	});

	it('as the fallback of an answer to a user ID, are refused before the answer is sent', async () => {
		await usernameCustomerWrites();
		bed.sandbox.state.log.clear();
		const error = await expectFailure(
			bed.harness().execute({
				parameters: chatSend(bed, 'sendText', {
					recipient: USER_ID,
					text: 'Your code follows.',
					ifWindowClosed: 'template',
					fallbackTemplate: rl(templateId('login_code')),
					fallbackVariables: { mappingMode: 'defineBelow', value: {} },
				}),
			}),
		);
		expect(error.message).toContain('authentication template');
		expect(sentBodies(bed)).toEqual([]);
	});

	it('still go to a number', async () => {
		const [output] = await bed.harness().execute({ parameters: loginCode('+1 415 555 0100') });
		expect(output[0].json).toMatchObject({ recipient: '14155550100', template: 'login_code' });
		expect(sentBodies(bed).at(-1)).toMatchObject({ to: '14155550100' });
	});
});

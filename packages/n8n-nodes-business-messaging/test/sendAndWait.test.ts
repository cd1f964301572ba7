import type { ExecuteOptions } from 'business-messaging-testing';
import {
	createRunExecutionData,
	WAIT_INDEFINITELY,
	type IDataObject,
	type INodeParameters,
} from 'n8n-workflow';
import {
	chatSend,
	customerSends,
	customerWrites,
	CUSTOMER,
	rl,
	sentBodies,
} from './conversationSupport';
import { expectFailure, useTestBed } from './harness';
import { captureDeliveries, changeValue, isMessage, isStatus, WaitingN8n } from './waitingSupport';

/**
 * Message › Send and Wait for Response, end to end inside the package: the node sends the
 * question to the sandbox and waits; the sandbox plays the customer; its delivery goes through
 * the trigger, which calls the waiting webhook of n8n (played by WaitingN8n), where the node's
 * own webhook checks the answer and resumes the execution.
 */
const bed = useTestBed();
const n8n = new WaitingN8n(bed);
beforeAll(() => n8n.start());
afterAll(() => n8n.close());

const ask = (parameters: IDataObject = {}) => chatSend(bed, 'sendAndWait', parameters);

const approval = () =>
	ask({
		responseType: 'approval',
		bodyText: 'Refund of 25.00 EUR for order #1001: approve?',
		limitType: 'afterInterval',
		limitAmount: 2,
		limitUnit: 'hours',
	});

/** The message the sandbox last received for the customer, as it stored it. */
async function lastSent(): Promise<IDataObject> {
	const response = await fetch(`${bed.sandbox.controlUrl}/messages`);
	const { data } = (await response.json()) as { data: IDataObject[] };
	return data.filter((m) => m.to === CUSTOMER).at(-1)!;
}

const customerAnswers = (message: IDataObject) => customerSends(bed, message);

function buttonIds(sent: IDataObject): string[] {
	const action = (sent.content as IDataObject).action as IDataObject;
	return (action.buttons as Array<{ reply: { id: string } }>).map((b) => b.reply.id);
}

/** The trigger's Options › Include Stray Answers, on. */
const STRAY: [string[], INodeParameters] = [
	['incomingMessage', 'messageStatus'],
	{ strayAnswers: true },
];

beforeEach(() => {
	n8n.reset();
	bed.sandbox.state.config.receiptDelaysMs = { sent: 0, delivered: 0, read: 0, played: 0 };
});

describe('Send and Wait for Response: the question', () => {
	it('an approval: two buttons whose IDs are signed references to this execution, and it waits', async () => {
		await customerWrites(bed);
		const run = createRunExecutionData();
		const before = Date.now();
		const [[item]] = await n8n.node().execute({ parameters: approval(), runExecutionData: run });
		const sent = await lastSent();
		const content = sent.content as IDataObject;
		expect(content).toMatchObject({
			type: 'button',
			body: { text: 'Refund of 25.00 EUR for order #1001: approve?' },
		});
		const ids = buttonIds(sent);
		expect(ids).toHaveLength(2);
		for (const [index, answer] of ['approve', 'decline'].entries()) {
			const url = new URL(ids[index].replace(/^bmw:/, 'http://n8n'));
			expect(url.pathname).toBe('/webhook-waiting/test-execution/node-under-test');
			expect(Object.fromEntries(url.searchParams)).toMatchObject({
				k: 'b',
				a: answer,
				w: item.json.waitId,
			});
			expect(url.searchParams.get('s')).toMatch(/^[\w-]{16}$/);
			// n8n's own signature of the whole address
			expect(url.searchParams.get('signature')).toBeTruthy();
			expect(ids[index].length).toBeLessThanOrEqual(256);
		}
		expect(item.json).toMatchObject({
			answered: false,
			messageId: sent.id,
			recipient: CUSTOMER,
			responseType: 'approval',
			answerThrough: 'chat',
		});
		const limit = Date.parse(String(item.json.waitLimit));
		expect(limit).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
		expect(limit).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
		expect(run.waitTill?.getTime()).toBe(limit);
	});

	it('4 to 10 choices go as a list, with descriptions; up to 3 as buttons', async () => {
		await customerWrites(bed);
		const choices = (count: number) => ({
			choice: Array.from({ length: count }, (_, i) => ({
				title: `Slot ${i + 1}`,
				value: `slot-${i + 1}`,
				description: i === 0 ? 'Mornings only' : '',
			})),
		});
		await n8n.node().execute({
			parameters: ask({ responseType: 'choice', bodyText: 'Pick a slot', choices: choices(4) }),
		});
		const list = (await lastSent()).content as IDataObject;
		const action = list.action as { button: string; sections: Array<{ rows: IDataObject[] }> };
		expect(list.type).toBe('list');
		expect(action.button).toBe('Choose');
		expect(action.sections[0].rows.map((r) => r.title)).toEqual([
			'Slot 1',
			'Slot 2',
			'Slot 3',
			'Slot 4',
		]);
		expect(action.sections[0].rows[0].description).toBe('Mornings only');
		expect(String(action.sections[0].rows[0].id).length).toBeLessThanOrEqual(200);
		await n8n.node().execute({
			parameters: ask({ responseType: 'choice', bodyText: 'Pick a slot', choices: choices(3) }),
		});
		expect(((await lastSent()).content as IDataObject).type).toBe('button');
	});

	it('No Limit waits until the answer comes; At a Date and Time until then', async () => {
		await customerWrites(bed);
		const unlimited = createRunExecutionData();
		const [[item]] = await n8n.node().execute({
			parameters: { ...approval(), limitType: 'none' },
			runExecutionData: unlimited,
		});
		expect(item.json.waitLimit).toBeNull();
		expect(unlimited.waitTill).toEqual(WAIT_INDEFINITELY);
		const until = new Date(Date.now() + 86_400_000).toISOString();
		const dated = createRunExecutionData();
		await n8n.node().execute({
			parameters: { ...approval(), limitType: 'atDateTime', limitDateTime: until },
			runExecutionData: dated,
		});
		expect(dated.waitTill?.toISOString()).toBe(until);
	});

	it.each([
		[
			'two items',
			(): ExecuteOptions => ({ parameters: approval(), items: [{ json: {} }, { json: {} }] }),
			/asks one question per execution; it got 2 items/,
		],
		[
			'one choice',
			(): ExecuteOptions => ({
				parameters: ask({
					responseType: 'choice',
					bodyText: 'Q',
					choices: { choice: [{ title: 'A' }] },
				}),
			}),
			/Choices: 2 to 10 choices; this question has 1/,
		],
		[
			'a button title of 21 characters',
			(): ExecuteOptions => ({
				parameters: ask({
					responseType: 'choice',
					bodyText: 'Q',
					choices: { choice: [{ title: 'A'.repeat(21) }, { title: 'B' }] },
				}),
			}),
			/Choices › Choice 1 › Title.*20/,
		],
		[
			'the same label twice',
			(): ExecuteOptions => ({
				parameters: { ...approval(), approveLabel: 'OK', declineLabel: 'OK' },
			}),
			/Approve Button Label and Decline Button Label are both "OK"/,
		],
		[
			'an amount of 0',
			(): ExecuteOptions => ({ parameters: { ...approval(), limitAmount: 0 } }),
			/Limit Wait Time › Amount must be a number above 0/,
		],
		[
			'a date already past',
			(): ExecuteOptions => ({
				parameters: {
					...approval(),
					limitType: 'atDateTime',
					limitDateTime: '2020-01-01T00:00:00Z',
				},
			}),
			/Limit Wait Time › Until .* is already past/,
		],
	])('refuses %s before anything is sent', async (_, run, message) => {
		await customerWrites(bed);
		const error = await expectFailure(n8n.node().execute(run()));
		expect(error.message).toMatch(message);
		expect(sentBodies(bed)).toEqual([]);
	});
});

describe('Send and Wait for Response: the answer in the chat, through the trigger', () => {
	it('a tap on Approve resumes the execution with approved: true; the trigger workflow gets nothing', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(approval());
		const sent = await lastSent();
		await customerAnswers({
			type: 'interactive',
			reply_to: sent.id,
			button_id: buttonIds(sent)[0],
		});
		const delivered = await n8n.deliver(await next(isMessage));
		expect(delivered.items).toEqual([]);
		expect(n8n.resumed).toHaveLength(1);
		const { waitKey, ...asked } = waiting;
		expect(n8n.resumed[0]).toMatchObject({
			...asked,
			answered: true,
			approved: true,
			answerTitle: 'Approve',
			answeredThrough: 'chat',
			reply: { from: CUSTOMER, replyTo: sent.id, reply: { title: 'Approve' } },
		});
		expect(n8n.resumed[0].reply).not.toHaveProperty('raw');
		// When it was answered, under n8n's own Send and Wait name too (respondedAt, since 2.30).
		expect(n8n.resumed[0].answeredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(n8n.resumed[0].respondedAt).toBe(n8n.resumed[0].answeredAt);
		// The wait's signing key stays in the waiting execution: the answer does not carry it on.
		expect(typeof waitKey).toBe('string');
		expect(n8n.resumed[0]).not.toHaveProperty('waitKey');

		// A second tap: nothing waits any more, and it starts nothing (the manager would get the
		// customer menu); with Include Stray Answers, the trigger workflow gets it, marked.
		await customerAnswers({
			type: 'interactive',
			reply_to: sent.id,
			button_id: buttonIds(sent)[1],
		});
		const secondTap = await next(isMessage);
		expect((await n8n.deliver(secondTap)).items).toEqual([]);
		const late = await n8n.deliver(secondTap, ...STRAY);
		expect(late.items).toHaveLength(1);
		expect(late.items[0]).toMatchObject({
			replyTo: sent.id,
			waiting: { resumed: false, reason: 'notWaiting' },
		});
		expect(n8n.resumed).toHaveLength(1);
	});

	it('a choice from the list resumes with the choice’s value and title', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(
			ask({
				responseType: 'choice',
				bodyText: 'Which day?',
				choices: {
					choice: ['Mon', 'Tue', 'Wed', 'Thu'].map((day) => ({
						title: day,
						value: day.toLowerCase(),
					})),
				},
			}),
		);
		const sent = await lastSent();
		const rows = (
			(sent.content as IDataObject).action as { sections: Array<{ rows: IDataObject[] }> }
		).sections[0].rows;
		await customerAnswers({ type: 'interactive', reply_to: sent.id, row_id: rows[2].id });
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({
			answered: true,
			choice: { value: 'wed', title: 'Wed' },
		});
	});

	it('an altered reference is refused by the node: the execution keeps waiting for the real tap', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(approval());
		const sent = await lastSent();
		const [approve, decline] = buttonIds(sent);
		await customerAnswers({ type: 'interactive', reply_to: sent.id, button_id: decline });
		const payload = await next(isMessage);
		const message = (changeValue(payload).messages as IDataObject[])[0];
		// The decline button's reference made to say approve: its signature no longer matches.
		const forged = decline.replace('a=decline', 'a=approve');
		expect(forged).not.toBe(decline);
		(message.interactive as { button_reply: IDataObject }).button_reply.id = forged;
		expect((await n8n.deliver(payload)).items).toEqual([]);
		const refused = await n8n.deliver(payload, ...STRAY);
		expect(refused.items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		expect(n8n.isWaiting).toBe(true);
		// Straight to the waiting webhook, the real approve reference of another wait is refused too.
		const otherWait = approve.replace(/w=[^&]+/, 'w=AAAAAAAA');
		const straightToN8n = async (reference: string) =>
			await fetch(`${n8n.url}${reference.slice('bmw:'.length)}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ event: {} }),
			});
		expect((await straightToN8n(otherWait)).status).toBe(409);
		// The right wait, but not signed with the wait's own key.
		const unsigned = approve.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA');
		expect((await straightToN8n(unsigned)).status).toBe(401);
		expect(n8n.isWaiting).toBe(true);
		// The real tap still resumes it.
		(message.interactive as { button_reply: IDataObject }).button_reply.id = decline;
		await n8n.deliver(payload);
		expect(n8n.resumed[0]).toMatchObject({ answered: true, approved: false });
	});

	it('a tap on the question of an earlier wait of the same node resumes nothing', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(approval());
		const earlier = await lastSent();
		// The node runs again in the same execution (a loop) and waits for its new question.
		const waiting = await n8n.run(approval());
		const later = await lastSent();
		await customerAnswers({
			type: 'interactive',
			reply_to: earlier.id,
			button_id: buttonIds(earlier)[0],
		});
		const refused = await n8n.deliver(await next(isMessage), ...STRAY);
		expect(refused.items[0].waiting).toMatchObject({
			resumed: false,
			reason: 'refused',
			message: 'The answer belongs to an earlier wait of this node',
		});
		expect(n8n.isWaiting).toBe(true);
		await customerAnswers({
			type: 'interactive',
			reply_to: later.id,
			button_id: buttonIds(later)[1],
		});
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({ waitId: waiting.waitId, approved: false });
	});

	it('a reference that points anywhere but the waiting webhook is never called', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(approval());
		const sent = await lastSent();
		await customerAnswers({
			type: 'interactive',
			reply_to: sent.id,
			button_id: buttonIds(sent)[0],
		});
		const payload = await next(isMessage);
		const reply = (changeValue(payload).messages as IDataObject[])[0].interactive as {
			button_reply: IDataObject;
		};
		const calls = n8n.calls.length;
		for (const id of [
			'bmw:/rest/workflows?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/../rest/x?k=b&a=approve&w=x&s=y',
			'bmw://evil.example/webhook-waiting/e/n?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/test-execution/node-under-test/more?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/test-execution/node-under-test?k=b&a=approve&w=x',
			// Another workflow's webhook through dot segments, written out or percent-encoded.
			'bmw:/webhook-waiting/../webhook/abc-path/webhook?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/%2e%2e/webhook/abc-path?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/%2E%2E/webhook?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/.%2e/webhook?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/x/..?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting/test-execution\\..\\webhook?k=b&a=approve&w=x&s=y',
			'bmw:/webhook-waiting//webhook/abc?k=b&a=approve&w=x&s=y',
			`bmw:/webhook-waiting/${'../'.repeat(300)}webhook/abc?k=b&a=approve&w=x&s=y`,
			'bmw:/webhook-waiting/test-execution/node-under-test?k=b&a=approve&w=x&s=y#/../../webhook',
		]) {
			reply.button_reply.id = id;
			// Shaped as an answer, it answers nothing: it starts nothing, unless stray answers are wanted.
			expect((await n8n.deliver(payload)).items).toEqual([]);
			const { items } = await n8n.deliver(payload, ...STRAY);
			expect(items).toHaveLength(1);
			expect(items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		}
		expect(n8n.calls.length).toBe(calls);
		expect(n8n.isWaiting).toBe(true);
	});

	it('a tap from another chat, or to another business number, resumes nothing', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(approval());
		const sent = await lastSent();
		const [approve] = buttonIds(sent);
		await customerAnswers({ type: 'interactive', reply_to: sent.id, button_id: approve });
		const real = await next(isMessage);
		// Another customer got hold of the button's ID (a forwarded screenshot, a forged delivery).
		const fromOther = structuredClone(real);
		const value = changeValue(fromOther);
		(value.messages as IDataObject[])[0].from = '14155550199';
		for (const contact of (value.contacts as IDataObject[] | undefined) ?? [])
			contact.wa_id = '14155550199';
		const toOther = structuredClone(real);
		(changeValue(toOther).metadata as IDataObject).phone_number_id = bed.sandbox.phoneNumberIds[1];
		expect((await n8n.deliver(fromOther)).items).toEqual([]);
		const otherChat = await n8n.deliver(fromOther, ...STRAY);
		expect(otherChat.items[0].waiting).toMatchObject({
			resumed: false,
			reason: 'refused',
			message: 'The answer came from another chat than the one asked',
		});
		const otherNumber = await n8n.deliver(toOther, ...STRAY);
		expect(otherNumber.items[0].waiting).toMatchObject({
			resumed: false,
			message: 'The answer came to another business number than the one that asked',
		});
		expect(n8n.isWaiting).toBe(true);
		// The customer asked still answers.
		await n8n.deliver(real);
		expect(n8n.resumed[0]).toMatchObject({ answered: true, approved: true });
	});

	it('when n8n cannot be reached, the answer reaches the trigger workflow marked unreachable', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(approval());
		const sent = await lastSent();
		await customerAnswers({
			type: 'interactive',
			reply_to: sent.id,
			button_id: buttonIds(sent)[0],
		});
		const payload = await next(isMessage);
		const url = n8n.url;
		n8n.url = 'http://127.0.0.1:9';
		try {
			const { items } = await n8n.deliver(payload);
			expect(items[0].waiting).toMatchObject({ resumed: false, reason: 'unreachable' });
		} finally {
			n8n.url = url;
		}
		expect(n8n.isWaiting).toBe(true);
	});

	it('free text: the question’s receipt opens it; the customer’s next message answers it', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(
			ask({ responseType: 'freeText', bodyText: 'What should the gift card say?' }),
		);
		const sent = await lastSent();
		expect(sent.type).toBe('text');
		expect(String(sent.callbackData)).toMatch(
			/^bmw:\/webhook-waiting\/test-execution\/node-under-test\?k=t&/,
		);
		// The receipt hands the callback data back; the trigger opens the question.
		const receipt = await n8n.deliver(await next(isStatus('sent', String(sent.id))));
		expect(receipt.items[0]).toMatchObject({
			eventType: 'messageStatus',
			bizOpaqueCallbackData: sent.callbackData,
		});
		expect(Object.keys(n8n.openQuestions())).toEqual([
			`${bed.sandbox.phoneNumberIds[0]}:${CUSTOMER}`,
		]);
		await customerAnswers({ text: 'Happy birthday, Sam!' });
		const answer = await n8n.deliver(await next(isMessage));
		expect(answer.items).toEqual([]);
		expect(n8n.resumed[0]).not.toHaveProperty('waitKey');
		const asked = { ...waiting };
		delete asked.waitKey;
		expect(n8n.resumed[0]).toMatchObject({
			...asked,
			answered: true,
			text: 'Happy birthday, Sam!',
			reply: { from: CUSTOMER, replyTo: sent.id },
		});
		expect(n8n.openQuestions()).toEqual({});
		// The question is taken: the next message is an ordinary one.
		await customerAnswers({ text: 'Thanks!' });
		const after = await n8n.deliver(await next(isMessage));
		expect(after.items[0]).toMatchObject({ text: 'Thanks!' });
		expect(after.items[0]).not.toHaveProperty('waiting');
	});
});

describe('Send and Wait for Response: Form (WhatsApp Flow)', () => {
	const flowId = (name: string) =>
		[...bed.sandbox.state.store.flows.values()].find((f) => f.name === name)?.id ?? 'missing';
	const booking = (parameters: IDataObject = {}) =>
		ask({
			responseType: 'form',
			bodyText: 'Pick a time for your visit',
			flow: rl(flowId('book_appointment')),
			flowButtonText: 'Book a visit',
			flowScreen: 'APPOINTMENT',
			limitType: 'afterInterval',
			limitAmount: 2,
			limitUnit: 'hours',
			...parameters,
		});
	const flowParameters = (sent: IDataObject) =>
		((sent.content as IDataObject).action as { parameters: IDataObject }).parameters;
	const answers = { date: '2026-12-01', time: '10:30', name: 'Ada' };

	it('outside the window, the error says a Form is asked with a message, and what reaches someone who has not written', async () => {
		const error = await expectFailure(n8n.node().execute({ parameters: booking() }));
		expect(error.description).toMatch(
			/^A Form is asked with a message, which the platform takes only within 24 hours/,
		);
		expect(error.description).toMatch(/Ask With › An Approved Template \(Any Time\)/);
		expect(error.description).not.toMatch(/Message › Send Template/);
	});

	it('asks with the Flow, its token the signed reference; the answer resumes once with the form’s fields', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(booking());
		const sent = await lastSent();
		expect(sent).toMatchObject({ type: 'interactive', content: { type: 'flow' } });
		const parameters = flowParameters(sent);
		expect(parameters).toMatchObject({
			flow_id: flowId('book_appointment'),
			flow_cta: 'Book a visit',
			flow_action_payload: { screen: 'APPOINTMENT' },
		});
		expect(String(parameters.flow_token)).toMatch(/^bmw:\/webhook-waiting\/.+[?&]k=f&/);
		expect(waiting).toMatchObject({ answered: false, responseType: 'form' });

		await customerAnswers({ type: 'flow', reply_to: sent.id, response: answers });
		const answer = await next(isMessage);
		expect((await n8n.deliver(answer)).items).toEqual([]);
		expect(n8n.resumed).toHaveLength(1);
		expect(n8n.resumed[0]).toMatchObject({
			answered: true,
			form: answers,
			answeredThrough: 'chat',
			reply: { from: CUSTOMER, replyTo: sent.id },
		});
		expect(n8n.resumed[0].form).not.toHaveProperty('flow_token');

		// The same answer delivered again: nothing waits, it starts nothing; marked when asked for.
		expect((await n8n.deliver(answer)).items).toEqual([]);
		const late = await n8n.deliver(answer, ...STRAY);
		expect(late.items[0]).toMatchObject({ waiting: { resumed: false, reason: 'notWaiting' } });
		expect(n8n.resumed).toHaveLength(1);
	});

	it('a forged or altered token, or a tap’s reference in a Flow, resumes nothing', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(booking());
		const sent = await lastSent();
		const token = String(flowParameters(sent).flow_token);
		const deliverWithToken = async (flowToken: string) => {
			await customerAnswers({
				type: 'flow',
				reply_to: sent.id,
				response: answers,
				flow_token: flowToken,
			});
			return await n8n.deliver(await next(isMessage), ...STRAY);
		};
		// Its wait's signature no longer matches: the node refuses it.
		const altered = await deliverWithToken(token.replace(/w=[^&]+/, 'w=AAAAAAAA'));
		expect(altered.items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		// A tap's reference carried by a Flow was never sent by a wait: the trigger refuses it.
		const tapKind = await deliverWithToken(token.replace('k=f', 'k=b'));
		expect(tapKind.items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		// Shaped as a reference, pointing elsewhere: never called.
		const calls = n8n.calls.length;
		const elsewhere = await deliverWithToken('bmw:/rest/workflows?k=f&w=1&s=2');
		expect(elsewhere.items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		expect(n8n.calls).toHaveLength(calls);
		// The real token, straight to the waiting webhook with no Flow answer: no form, no resume.
		const noForm = await fetch(`${n8n.url}${token.slice('bmw:'.length)}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				event: { phoneNumberId: bed.sandbox.phoneNumberIds[0], from: CUSTOMER },
			}),
		});
		expect(noForm.status).toBe(400);
		expect(await noForm.json()).toMatchObject({ resumed: false, reason: 'notForm' });
		expect(n8n.isWaiting).toBe(true);
		// The real answer still resumes it.
		await customerAnswers({ type: 'flow', reply_to: sent.id, response: answers });
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({ answered: true, form: answers });
	});

	it('refuses a bad Flow field before sending', async () => {
		await customerWrites(bed);
		const refusal = async (parameters: IDataObject) =>
			(await expectFailure(n8n.node().execute({ parameters: booking(parameters) }))).message;
		expect(await refusal({ flowScreen: ' ' })).toMatch(/First Screen/);
		expect(await refusal({ flowButtonText: 'b'.repeat(31) })).toMatch(/Button Text.*30/);
		expect(sentBodies(bed)).toEqual([]);
	});
});

describe('Send and Wait for Response: asked with a template, to someone who has not written', () => {
	const APPROVAL_TEMPLATE = {
		fallbackTemplate: rl('approval_request (en_US)', 'name'),
		fallbackVariables: {
			mappingMode: 'defineBelow',
			value: { body_1: 'Refund of 25.00 EUR for order #1001' },
		},
	};
	/** The payloads the sent template's quick-reply buttons carry, by button index. */
	function payloads(sent: IDataObject): Record<string, string> {
		const components = (sent.content as { components: IDataObject[] }).components;
		return Object.fromEntries(
			components
				.filter((c) => c.sub_type === 'quick_reply')
				.map((c) => [c.index, (c.parameters as Array<{ payload: string }>)[0].payload]),
		);
	}
	const tapTemplate = async (sent: IDataObject, index: number) =>
		await customerAnswers({ type: 'button', reply_to: sent.id, button_index: index });

	it('Ask With › An Approved Template: a tap on its quick-reply button resumes; a second tap starts nothing', async () => {
		// The manager has not written: no window is open.
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(
			ask({ responseType: 'approval', askWith: 'template', ...APPROVAL_TEMPLATE }),
		);
		expect(waiting).toMatchObject({ sentAs: 'template', template: 'approval_request' });
		const sent = await lastSent();
		expect(sent.type).toBe('template');
		const [approve, decline] = ['0', '1'].map((index) => payloads(sent)[index]);
		for (const [payload, answer] of [
			[approve, 'approve'],
			[decline, 'decline'],
		]) {
			const url = new URL(payload.replace(/^bmw:/, 'http://n8n'));
			expect(url.pathname).toBe('/webhook-waiting/test-execution/node-under-test');
			expect(url.searchParams.get('a')).toBe(answer);
			expect(payload.length).toBeLessThanOrEqual(256);
		}
		// While it waits: a payload whose signature was altered, and a reference of another kind
		// (a free-text one) in a button, resume nothing and start nothing.
		for (const forgedPayload of [
			decline.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA'),
			decline.replace('k=b', 'k=t'),
		]) {
			await customerAnswers({
				type: 'button',
				button: { payload: forgedPayload, text: 'Decline' },
			});
			const forgedTap = await next(isMessage);
			expect((await n8n.deliver(forgedTap)).items).toEqual([]);
			expect((await n8n.deliver(forgedTap, ...STRAY)).items[0].waiting).toMatchObject({
				resumed: false,
				reason: 'refused',
			});
			expect(n8n.isWaiting).toBe(true);
		}
		await tapTemplate(sent, 1);
		const delivered = await n8n.deliver(await next(isMessage));
		expect(delivered.items).toEqual([]);
		expect(n8n.resumed[0]).toMatchObject({
			answered: true,
			approved: false,
			reply: { replyTo: sent.id, reply: { payload: decline, text: 'Decline' } },
		});
		// The second tap, and a forged payload, resume nothing and start nothing.
		await tapTemplate(sent, 0);
		expect((await n8n.deliver(await next(isMessage))).items).toEqual([]);
		await customerAnswers({
			type: 'button',
			button: { payload: approve.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA'), text: 'Approve' },
		});
		const forged = await next(isMessage);
		expect((await n8n.deliver(forged)).items).toEqual([]);
		expect((await n8n.deliver(forged, ...STRAY)).items[0].waiting).toMatchObject({
			resumed: false,
			reason: 'notWaiting',
		});
		expect(n8n.resumed).toHaveLength(1);
	});

	it('If the 24-Hour Window Is Closed › Ask With a Template: the buttons are refused, the template goes', async () => {
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(
			ask({
				...approval(),
				ifWindowClosed: 'template',
				...APPROVAL_TEMPLATE,
			}),
		);
		expect(waiting).toMatchObject({ sentAs: 'template', template: 'approval_request' });
		const sent = await lastSent();
		expect(sent.type).toBe('template');
		// The interactive question went first, and was refused (131047).
		const bodies = sentBodies(bed);
		expect(bodies.map((b) => b.type)).toEqual(['interactive', 'template']);
		await tapTemplate(sent, 0);
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({ answered: true, approved: true });
	});

	it('outside the window with no template to fall back on, the error says how Send and Wait asks there, not Send Template', async () => {
		// The manager has not written: the question is refused (131047), nothing waits.
		const error = await expectFailure(n8n.node().execute({ parameters: approval() }));
		expect(error.description).toMatch(
			/^To ask someone who has not written in the last 24 hours, set Ask With › An Approved Template \(Any Time\), or keep Ask With › A Message and set If the 24-Hour Window Is Closed › Ask With a Template/,
		);
		expect(error.description).not.toMatch(
			/Start or restart the conversation with Message › Send Template/,
		);
		expect(n8n.isWaiting).toBe(false);
	});

	it('inside the window the buttons go, and the template is not sent', async () => {
		await customerWrites(bed);
		const waiting = await n8n.run(
			ask({ ...approval(), ifWindowClosed: 'template', ...APPROVAL_TEMPLATE }),
		);
		expect(waiting.sentAs).toBe('message');
		expect(sentBodies(bed).map((b) => b.type)).toEqual(['interactive']);
	});

	it('refuses a template whose quick replies do not pair with the answers, or a payload of the form, before sending', async () => {
		const approveOnly = ask({
			responseType: 'approval',
			approvalType: 'single',
			askWith: 'template',
			...APPROVAL_TEMPLATE,
		});
		const error = await expectFailure(n8n.run(approveOnly));
		expect(error.message).toBe(
			'Question Template approval_request (en_US) has 2 quick-reply buttons, and the question has 1 answer (Approve)',
		);
		const ownPayload = ask({
			responseType: 'approval',
			askWith: 'template',
			fallbackTemplate: APPROVAL_TEMPLATE.fallbackTemplate,
			fallbackVariables: {
				mappingMode: 'defineBelow',
				value: { body_1: 'Refund', button_0_payload: 'mine' },
			},
		});
		expect((await expectFailure(n8n.run(ownPayload))).message).toContain(
			'gives a payload to quick-reply button 1',
		);
		expect(sentBodies(bed)).toEqual([]);
	});

	it('the question template’s form leaves out the quick-reply payloads, which the node sets; the fallback’s keeps them', async () => {
		const form = async (operation: string) =>
			(
				await bed.harness().resourceMapping('getFallbackTemplateVariables', {
					...ask({ askWith: 'template', ifWindowClosed: 'template', ...APPROVAL_TEMPLATE }),
					operation,
				})
			).fields.map((f) => f.id);
		expect(await form('sendAndWait')).toEqual(['body_1']);
		expect(await form('sendText')).toEqual(['body_1', 'button_0_payload', 'button_1_payload']);
	});

	it('free text asked with any template: its receipt opens the question, the next message answers', async () => {
		const next = captureDeliveries(bed);
		await n8n.run(
			ask({
				responseType: 'freeText',
				askWith: 'template',
				fallbackTemplate: rl('hello_world (en_US)', 'name'),
				fallbackVariables: { mappingMode: 'defineBelow', value: {} },
			}),
		);
		const sent = await lastSent();
		expect(sent.type).toBe('template');
		await n8n.deliver(await next(isStatus('sent', String(sent.id))));
		await customerAnswers({ text: 'Yes, go ahead' });
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({ answered: true, text: 'Yes, go ahead' });
	});
});

describe('Send and Wait for Response: a customer with a username', () => {
	const USER_ID = 'US.13491208655302741918';
	const usernameCustomer = { user_id: USER_ID, username: '@sam', name: 'Sam', from: undefined };

	it('a free-text question to their user ID resumes on their next message, which has no number', async () => {
		await customerSends(bed, { ...usernameCustomer, text: 'Hi' });
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(
			ask({ recipient: USER_ID, responseType: 'freeText', bodyText: 'What should the card say?' }),
		);
		const [sent] = (
			(await (await fetch(`${bed.sandbox.controlUrl}/messages`)).json()) as {
				data: IDataObject[];
			}
		).data.slice(-1);
		expect([sent.recipient, sent.to]).toEqual([USER_ID, undefined]);
		const receipt = await n8n.deliver(await next(isStatus('sent', String(sent.id))));
		expect(receipt.items[0]).toMatchObject({ recipientUserId: USER_ID, sendTo: USER_ID });
		expect(receipt.items[0]).not.toHaveProperty('recipient');
		expect(Object.keys(n8n.openQuestions())).toEqual([
			`${bed.sandbox.phoneNumberIds[0]}:${USER_ID}`,
		]);
		await customerSends(bed, { ...usernameCustomer, text: 'Happy birthday!' });
		const answer = await n8n.deliver(await next(isMessage));
		expect(answer.items).toEqual([]);
		expect(n8n.resumed[0]).toMatchObject({
			recipient: USER_ID,
			userId: waiting.userId,
			answered: true,
			text: 'Happy birthday!',
			reply: { userId: USER_ID, sendTo: USER_ID },
		});
		expect(n8n.resumed[0].reply).not.toHaveProperty('from');
	});
});

describe('Send and Wait for Response: a free-text question cannot be taken over', () => {
	it('a forged receipt naming a made-up reference neither opens nor replaces the question', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(ask({ responseType: 'freeText', bodyText: 'Which day suits you?' }));
		const sent = await lastSent();
		const realReceipt = await next(isStatus('sent', String(sent.id)));
		const forge = (messageId: string, reference: string) => {
			const forged = structuredClone(realReceipt);
			const status = (changeValue(forged).statuses as IDataObject[])[0];
			status.id = messageId;
			status.biz_opaque_callback_data = reference;
			return forged;
		};
		// Same shape, same wait, but not the wait's signature; and the right signature for another wait.
		const reference = String(sent.callbackData);
		const badSignature = reference.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA');
		const otherWait = reference.replace(/w=[^&]+/, 'w=AAAAAAAA');
		const early = await n8n.deliver(forge('wamid.forged-1', badSignature));
		expect(early.items[0].waiting).toMatchObject({ resumed: false, reason: 'refused' });
		expect(n8n.openQuestions()).toEqual({});
		await n8n.deliver(realReceipt);
		const opened = n8n.openQuestions();
		for (const forgedReference of [badSignature, otherWait]) {
			const late = await n8n.deliver(forge('wamid.forged-2', forgedReference));
			expect(late.items[0].waiting).toMatchObject({ resumed: false });
			expect(n8n.openQuestions()).toEqual(opened);
		}
		await customerAnswers({ text: 'Tuesday' });
		await n8n.deliver(await next(isMessage));
		expect(n8n.resumed[0]).toMatchObject({ answered: true, text: 'Tuesday' });
	});
});

describe('Send and Wait for Response: Answer Through › Web Page', () => {
	it('a link button to a page of n8n; the form’s answer resumes the execution', async () => {
		await customerWrites(bed);
		await n8n.run({
			...approval(),
			bodyText: 'Approve the quote <b>#7</b>?',
			answerThrough: 'page',
			linkButtonText: 'Open the quote',
		});
		const content = (await lastSent()).content as IDataObject;
		expect(content.type).toBe('cta_url');
		const { display_text: text, url } = (content.action as { parameters: IDataObject }).parameters;
		expect(text).toBe('Open the quote');
		expect(
			String(url).startsWith(`${n8n.url}/webhook-waiting/test-execution/node-under-test?`),
		).toBe(true);
		const page = await fetch(String(url));
		const html = await page.text();
		expect(page.headers.get('content-type')).toMatch(/text\/html/);
		expect(html).toContain('Approve the quote &lt;b&gt;#7&lt;/b&gt;?');
		expect(html).toContain('value="approve"');
		expect(n8n.isWaiting).toBe(true);
		const posted = await fetch(String(url), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'answer=decline',
		});
		expect(await posted.text()).toMatch(/Thank you/);
		expect(n8n.resumed[0]).toMatchObject({
			answered: true,
			approved: false,
			answeredThrough: 'page',
		});
		expect(n8n.resumed[0].respondedAt).toBe(n8n.resumed[0].answeredAt);
	});

	it('a free-text page takes the typed answer, and refuses an empty one', async () => {
		await customerWrites(bed);
		await n8n.run(ask({ responseType: 'freeText', bodyText: 'Your size?', answerThrough: 'page' }));
		const url = String(
			(((await lastSent()).content as IDataObject).action as { parameters: IDataObject }).parameters
				.url,
		);
		const post = (body: string) =>
			fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body,
			});
		expect((await post('text=%20%20')).status).toBe(400);
		expect(n8n.isWaiting).toBe(true);
		await post('text=XL');
		expect(n8n.resumed[0]).toMatchObject({ answered: true, text: 'XL', answeredThrough: 'page' });
	});
});

describe('Options › Wait for Receipt', () => {
	const sendText = (options: IDataObject) =>
		chatSend(bed, 'sendText', { text: 'Your order has shipped.', options });

	it('waits past "delivered" for "read"; every receipt still reaches the trigger workflow', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		const waiting = await n8n.run(sendText({ waitForReceipt: 'read', receiptWaitMinutes: 5 }));
		expect(waiting).toMatchObject({ receiptStatus: 'none', waitedFor: 'read' });
		const sent = await lastSent();
		expect(String(sent.callbackData)).toMatch(/[?&]k=r&/);
		const delivered = await n8n.deliver(await next(isStatus('delivered', String(sent.id))));
		expect(delivered.items[0]).toMatchObject({ status: 'delivered' });
		expect(delivered.items[0]).not.toHaveProperty('waiting');
		expect(n8n.isWaiting).toBe(true);
		const read = await n8n.deliver(await next(isStatus('read', String(sent.id))));
		expect(read.items[0]).toMatchObject({ status: 'read' });
		expect(n8n.resumed[0]).toMatchObject({
			messageId: sent.id,
			waitedFor: 'read',
			receiptStatus: 'read',
			receipt: { status: 'read', messageId: sent.id },
		});
	});

	it('a failed receipt ends the wait for any receipt', async () => {
		await customerWrites(bed);
		const next = captureDeliveries(bed);
		await n8n.run(sendText({ waitForReceipt: 'delivered' }));
		const payload = await next(isStatus('delivered', String((await lastSent()).id)));
		const status = (changeValue(payload).statuses as IDataObject[])[0];
		status.status = 'failed';
		status.errors = [{ code: 131026, title: 'Message undeliverable' }];
		await n8n.deliver(payload);
		expect(n8n.resumed[0]).toMatchObject({ receiptStatus: 'failed' });
	});

	it('refuses two items, or a limit of 0, before anything is sent', async () => {
		await customerWrites(bed);
		const two = await expectFailure(
			n8n.node().execute({
				parameters: sendText({ waitForReceipt: 'read' }),
				items: [{ json: {} }, { json: {} }],
			}),
		);
		expect(two.message).toMatch(/Wait for Receipt waits for one message per execution/);
		const zero = await expectFailure(
			n8n
				.node()
				.execute({ parameters: sendText({ waitForReceipt: 'read', receiptWaitMinutes: 0 }) }),
		);
		expect(zero.message).toMatch(/Receipt Wait Limit \(Minutes\) must be a number above 0/);
		expect(sentBodies(bed)).toEqual([]);
	});
});

describe('Template › Create › Wait for the Review', () => {
	const create = (name: string, extra: IDataObject = {}) => ({
		resource: 'template',
		operation: 'create',
		businessAccountId: { __rl: true, mode: 'id', value: bed.sandbox.businessAccountId },
		name,
		language: 'en_US',
		category: 'UTILITY',
		content: 'json',
		componentsJson: JSON.stringify([
			{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Maria']] } },
		]),
		waitForReview: true,
		...extra,
	});

	it('goes on with the decision: APPROVED, or REJECTED with the reason', async () => {
		bed.sandbox.state.config.reviewDelayMs = 500;
		const [[approved]] = await bed.harness().execute({ parameters: create('wait_review_ok') });
		expect(approved.json).toMatchObject({
			name: 'wait_review_ok',
			status: 'APPROVED',
			reviewed: true,
		});
		expect(approved.json).not.toHaveProperty('rejectedReason');
		const [[rejected]] = await bed.harness().execute({ parameters: create('reject_wait_review') });
		expect(rejected.json).toMatchObject({
			status: 'REJECTED',
			reviewed: true,
			rejectedReason: 'INCORRECT_CATEGORY',
		});
	});

	it('at the limit, goes on with reviewed: false and the status PENDING', async () => {
		bed.sandbox.state.config.reviewDelayMs = 60_000;
		const [[item]] = await bed.harness().execute({
			parameters: create('wait_review_slow', { reviewWaitMinutes: 0.01 }),
		});
		expect(item.json).toMatchObject({ status: 'PENDING', reviewed: false });
	});
});

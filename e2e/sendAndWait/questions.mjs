// The Send and Wait suite's checks of questions answered in the chat (e2e/sendAndWait.mjs): each
// takes the suite's WaitSession (session.mjs).
import { assert, check } from '../checks.mjs';
import { CUSTOMER, MANAGER } from './workflows.mjs';

/** The question with a short limit, asked first: n8n's wait tracker resumes it within a minute, while the other checks run. */
export async function askWithLimit(s) {
	await check(`${s.mode}: a question with a 3-second limit waits`, async () => {
		s.limited = await s.ask(s.flows.limit);
	});
}

/** An approval answered by a tap on Approve. */
export async function approvalTapped(s) {
	await check(
		`${s.mode}: an approval request waits; the customer taps Approve; the next node runs with approved: true`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.approval);
			const buttons = sent.content.action.buttons.map((b) => b.reply);
			assert(
				sent.type === 'interactive' &&
					sent.content.type === 'button' &&
					buttons.map((b) => b.title).join() === 'Approve,Decline' &&
					buttons.every((b) => b.id.startsWith('bmw:/webhook-waiting/')),
				`question sent: ${JSON.stringify(sent.content)}`,
			);
			await s.tap(sent, { button_id: buttons[0].id });
			const run = await s.finished(s.flows.approval, execution.id);
			assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
			const [answer] = run.after;
			assert(
				answer?.answered === true &&
					answer.approved === true &&
					answer.answerTitle === 'Approve' &&
					answer.messageId === sent.id &&
					answer.reply?.from === CUSTOMER &&
					// When it was answered, also by n8n's own Send and Wait name (since 2.30).
					typeof answer.answeredAt === 'string' &&
					answer.respondedAt === answer.answeredAt,
				`After got ${JSON.stringify(answer)}`,
			);
			s.flows.approval.answered = { sent, execution };
		},
	);
}

/** A WhatsApp Flow filled in; the same answer again resumes nothing. */
export async function formFilled(s) {
	await check(
		`${s.mode}: Form (WhatsApp Flow): the customer fills the Flow; the next node runs with the form's fields; the same answer again resumes nothing and starts nothing`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.form);
			const parameters = sent.content?.action?.parameters ?? {};
			assert(
				sent.type === 'interactive' &&
					sent.content.type === 'flow' &&
					parameters.flow_name === 'book_appointment' &&
					String(parameters.flow_token).startsWith('bmw:/webhook-waiting/'),
				`question sent: ${JSON.stringify(sent.content)}`,
			);
			const form = { date: '2026-12-01', time: '10:30', name: 'Lea' };
			const answer = () =>
				s.control('/incoming', {
					phone_number_id: s.sandbox.phoneNumberIds[0],
					from: CUSTOMER,
					type: 'flow',
					reply_to: sent.id,
					response: form,
				});
			await answer();
			const run = await s.finished(s.flows.form, execution.id);
			assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
			const [after] = run.after;
			assert(
				after?.answered === true &&
					JSON.stringify(after.form) === JSON.stringify(form) &&
					after.messageId === sent.id,
				`After got ${JSON.stringify(after)}`,
			);
			const before = (await s.executions(s.flows.form)).length;
			const again = await answer();
			const started = await s.reachedTrigger([again.message_id]);
			assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
			assert((await s.executions(s.flows.form)).length === before, 'a new execution started');
		},
	);
}

/** A second tap on the answered approval resumes nothing. */
export async function secondTap(s) {
	await check(
		`${s.mode}: a second tap on the answered question resumes nothing and starts nothing`,
		async () => {
			const { sent, execution } = s.flows.approval.answered;
			const before = (await s.executions(s.flows.approval)).length;
			const late = await s.tap(sent, { button_id: sent.content.action.buttons[1].reply.id });
			const started = await s.reachedTrigger([late.message_id]);
			assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
			const list = await s.executions(s.flows.approval);
			const run = await s.finished(s.flows.approval, execution.id);
			assert(list.length === before, `${list.length - before} new executions`);
			assert(run.after.length === 1 && run.after[0].approved === true, 'the answer changed');
		},
	);
}

/** A tap whose reference was altered, and a replay straight to n8n, resume nothing. */
export async function forgedTap(s) {
	await check(
		`${s.mode}: a forged answer (a tap whose reference was altered) resumes nothing`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.approval);
			const approve = sent.content.action.buttons[0].reply.id;
			const decline = sent.content.action.buttons[1].reply.id;
			// The decline button's reference made to say "approve": its signature no longer matches.
			const forged = decline.replace('a=decline', 'a=approve');
			assert(forged !== decline, 'the reference did not hold a=decline');
			const forgedTap = s.tapDelivery(sent, forged, 'Approve');
			const answered = await s.deliver(forgedTap);
			assert(answered.ok, `the trigger answered ${answered.status}`);
			const forgedId = forgedTap.entry[0].changes[0].value.messages[0].id;
			const started = await s.reachedTrigger([forgedId]);
			assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
			const [current] = (await s.executions(s.flows.approval)).filter((e) => e.id === execution.id);
			assert(current.status === 'waiting', `execution ${execution.id} is ${current.status}`);
			// Called directly, without the trigger, the forged reference is refused too.
			const direct = await fetch(`${s.main}${forged.slice('bmw:'.length)}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ event: {} }),
			});
			const directBody = await direct.text();
			assert(!/"resumed":true/.test(directBody), `direct call: ${direct.status} ${directBody}`);
			// The customer's real tap still resumes it.
			await s.tap(sent, { button_id: decline });
			const run = await s.finished(s.flows.approval, execution.id);
			assert(
				run.after[0]?.answered === true && run.after[0].approved === false,
				`After got ${JSON.stringify(run.after)}`,
			);
			// A replay of the real answer, straight to n8n, resumes nothing either.
			const replay = await fetch(`${s.main}${approve.slice('bmw:'.length)}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ event: {} }),
			});
			const replayBody = await replay.text();
			assert(!/"resumed":true/.test(replayBody), `replay: ${replay.status} ${replayBody}`);
			const again = await s.finished(s.flows.approval, execution.id);
			assert(again.after[0].approved === false, 'the replay changed the answer');
		},
	);
}

/** A manager outside the window approves through a template's quick-reply button. */
export async function templateApproval(s) {
	await check(
		`${s.mode}: a manager who has not written approves through the template's quick-reply button; a second tap and a forged payload resume nothing and start nothing`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.templateApproval, MANAGER);
			const payloads = (sent.content.components ?? [])
				.filter((c) => c.sub_type === 'quick_reply')
				.map((c) => c.parameters[0].payload);
			assert(
				sent.type === 'template' &&
					sent.template?.name === 'approval_request' &&
					payloads.length === 2 &&
					payloads.every((p) => p.startsWith('bmw:/webhook-waiting/')),
				`question sent: ${JSON.stringify(sent)}`,
			);
			const templateTap = (index) =>
				s.control('/incoming', {
					phone_number_id: s.sandbox.phoneNumberIds[0],
					from: MANAGER,
					type: 'button',
					reply_to: sent.id,
					button_index: index,
				});
			await templateTap(0);
			const run = await s.finished(s.flows.templateApproval, execution.id);
			assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
			assert(
				run.after[0]?.answered === true &&
					run.after[0].approved === true &&
					run.after[0].reply?.reply?.text === 'Approve',
				`After got ${JSON.stringify(run.after)}`,
			);
			const before = (await s.executions(s.flows.templateApproval)).length;
			const second = await templateTap(1);
			const forgedTap = s.tapDelivery(sent, 'unused', 'Approve');
			const message = forgedTap.entry[0].changes[0].value.messages[0];
			message.from = MANAGER;
			forgedTap.entry[0].changes[0].value.contacts = [{ wa_id: MANAGER }];
			delete message.interactive;
			Object.assign(message, {
				type: 'button',
				button: {
					payload: payloads[1].replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA'),
					text: 'Decline',
				},
			});
			const answered = await s.deliver(forgedTap);
			assert(answered.ok, `the trigger answered ${answered.status}`);
			const started = await s.reachedTrigger([second.message_id, message.id]);
			assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
			assert(
				(await s.executions(s.flows.templateApproval)).length === before,
				'a tap started the approval workflow again',
			);
			const again = await s.finished(s.flows.templateApproval, execution.id);
			assert(again.after[0].approved === true, 'a later tap changed the answer');
		},
	);
}

/** A choice of 4 goes as a list. */
export async function choiceAsList(s) {
	await check(
		`${s.mode}: a choice of 4 goes as a list; the chosen row's value comes out`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.choice);
			const rows = sent.content.action.sections[0].rows;
			assert(
				sent.content.type === 'list' &&
					sent.content.action.button === 'Pick a slot' &&
					rows.length === 4 &&
					rows[2].description === '8:00 to 12:00',
				`question sent: ${JSON.stringify(sent.content)}`,
			);
			await s.tap(sent, { row_id: rows[2].id });
			const run = await s.finished(s.flows.choice, execution.id);
			assert(
				run.after[0]?.choice?.value === 'tue-am' && run.after[0].choice.title === 'Tuesday morning',
				`After got ${JSON.stringify(run.after)}`,
			);
		},
	);
}

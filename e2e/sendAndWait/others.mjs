// The Send and Wait suite's other checks (e2e/sendAndWait.mjs): free text, the web page, a
// receipt, a template's review, and the limit running out. Each takes the suite's WaitSession.
import { assert, check } from '../checks.mjs';
import { waitFor } from '../../tools/n8n/index.mjs';
import { CUSTOMER, USERNAME_CUSTOMER } from './workflows.mjs';

/** A free-text question answered by the customer's next message. */
export async function freeTextAnswered(s) {
	await check(
		`${s.mode}: a free-text question is answered by the customer's next message`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.freeText);
			assert(
				sent.type === 'text' && sent.callbackData?.startsWith('bmw:/webhook-waiting/'),
				`question sent: ${JSON.stringify(sent)}`,
			);
			await s.receiptsReached(sent);
			const text = 'Happy birthday, Sam! From all of us';
			await s.control('/incoming', {
				phone_number_id: s.sandbox.phoneNumberIds[0],
				from: CUSTOMER,
				text,
			});
			const run = await s.finished(s.flows.freeText, execution.id);
			assert(
				run.after[0]?.answered === true &&
					run.after[0].text === text &&
					run.after[0].messageId === sent.id,
				`After got ${JSON.stringify(run.after)}`,
			);
			const items = await s.triggerItems();
			assert(
				!items.some((item) => item.text === text),
				'the answer also started the trigger workflow',
			);
		},
	);
}

/** A free-text question to a customer known only by their user ID. */
export async function freeTextByUserId(s) {
	await check(
		`${s.mode}: a free-text question to a customer with a username goes to their user ID and is answered by their next message`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.freeTextByUserId, USERNAME_CUSTOMER);
			assert(
				sent?.recipient === USERNAME_CUSTOMER && sent.to === undefined,
				`question sent: ${JSON.stringify(sent)}`,
			);
			await s.receiptsReached(sent);
			const text = 'Put "Mug Fan" on it';
			await s.control('/incoming', {
				phone_number_id: s.sandbox.phoneNumberIds[0],
				user_id: USERNAME_CUSTOMER,
				text,
			});
			const run = await s.finished(s.flows.freeTextByUserId, execution.id).catch(async (error) => {
				// What the trigger made of the answer and the question's receipts says why.
				const seen = (await s.triggerItems()).filter(
					(item) => item.text === text || item.messageId === sent.id,
				);
				const saved = await (
					await fetch(`${s.main}/rest/workflows/${s.flows.trigger.id}`, {
						headers: { cookie: s.cookie },
					})
				).json();
				const asked = (await s.executions(s.flows.freeTextByUserId)).find(
					(e) => String(e.id) === String(execution.id),
				);
				throw new Error(
					`${error.message}; the trigger got ${JSON.stringify(seen.map((i) => ({ ...i, raw: undefined })))}; its static data ${JSON.stringify(saved.data?.staticData)}; the execution is ${asked?.status}`,
				);
			});
			assert(
				run.after[0]?.answered === true &&
					run.after[0].text === text &&
					run.after[0].reply?.userId === USERNAME_CUSTOMER,
				`After got ${JSON.stringify(run.after)}`,
			);
		},
	);
}

/** Answer Through Web Page: a link button to a page of n8n. */
export async function answeredOnPage(s) {
	await check(
		`${s.mode}: Answer Through Web Page: a link button to a page of n8n, answered there`,
		async () => {
			const { execution, sent } = await s.ask(s.flows.page);
			assert(sent.content.type === 'cta_url', `question sent: ${JSON.stringify(sent.content)}`);
			const url = sent.content.action.parameters.url;
			const page = await fetch(url);
			const html = await page.text();
			assert(
				page.ok &&
					html.includes('Approve the quote of 120.00 EUR?') &&
					html.includes('value="approve"'),
				`page: ${page.status} ${html.slice(0, 300)}`,
			);
			const posted = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'answer=approve',
			});
			const thanks = await posted.text();
			assert(
				posted.ok && /Thank you/.test(thanks),
				`answer: ${posted.status} ${thanks.slice(0, 300)}`,
			);
			const run = await s.finished(s.flows.page, execution.id);
			assert(
				run.after[0]?.approved === true && run.after[0].answeredThrough === 'page',
				`After got ${JSON.stringify(run.after)}`,
			);
		},
	);
}

/** Send Text › Wait for Receipt. */
export async function receiptAwaited(s) {
	await check(
		`${s.mode}: Send Text › Wait for Receipt: read waits past "delivered" and goes on at "read"`,
		async () => {
			await s.control('/config', { receiptDelaysMs: { sent: 0, delivered: 300, read: 4000 } });
			try {
				const { execution, sent } = await s.ask(s.flows.receipt);
				assert(
					sent.callbackData?.startsWith('bmw:/webhook-waiting/'),
					`message sent: ${JSON.stringify(sent)}`,
				);
				await waitFor(
					async () =>
						(await s.triggerItems()).some(
							(item) => item.messageId === sent.id && item.status === 'delivered',
						),
					30_000,
					'the delivered receipt to reach the trigger workflow',
				);
				const [current] = (await s.executions(s.flows.receipt)).filter(
					(e) => e.id === execution.id,
				);
				assert(current.status === 'waiting', `after "delivered" it is ${current.status}`);
				const run = await s.finished(s.flows.receipt, execution.id);
				const [after] = run.after;
				assert(
					run.status === 'success' &&
						after?.receiptStatus === 'read' &&
						after.waitedFor === 'read' &&
						after.messageId === sent.id &&
						typeof after.receiptAt === 'string',
					`After got ${JSON.stringify(run.after)}`,
				);
			} finally {
				await s.control('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
			}
		},
	);
}

/** Template › Create › Wait for the Review. */
export async function reviewAwaited(s) {
	await check(
		`${s.mode}: Template › Create › Wait for the Review goes on with the decision and its reason`,
		async () => {
			await s.control('/config', { reviewDelayMs: 3000 });
			try {
				for (const [name, status] of [
					['e2e_wait_review_ok', 'APPROVED'],
					['reject_e2e_wait_review', 'REJECTED'],
				]) {
					const before = (await s.executions(s.flows.review)).length;
					const started = await s.startFlow('create-template', {
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ name }),
					});
					assert(started.ok, `the create-template webhook answered ${started.status}`);
					let execution;
					await waitFor(
						async () => {
							const list = await s.executions(s.flows.review);
							execution = list.length > before ? list[0] : undefined;
							return Boolean(execution);
						},
						30_000,
						'the create-template execution',
					);
					const run = await s.finished(s.flows.review, execution.id);
					const [after] = run.after;
					assert(
						run.status === 'success' &&
							after?.name === name &&
							after.status === status &&
							after.reviewed === true &&
							(status === 'REJECTED' ? after.rejectedReason === 'INCORRECT_CATEGORY' : true),
						`After got ${JSON.stringify(run.after)}`,
					);
				}
			} finally {
				await s.control('/config', { reviewDelayMs: 10_000 });
			}
		},
	);
}

/** The question with a short limit, once the limit ran out. */
export async function limitRanOut(s) {
	await check(
		`${s.mode}: when the limit runs out, the next node runs with answered: false`,
		async () => {
			assert(s.limited, 'the question with a limit did not start');
			const { execution, sent } = s.limited;
			const run = await s.finished(s.flows.limit, execution.id);
			assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
			assert(
				run.after[0]?.answered === false &&
					run.after[0].messageId === sent.id &&
					run.after[0].waitLimit,
				`After got ${JSON.stringify(run.after)}`,
			);
			// A tap after the limit resumes nothing, and starts nothing.
			const late = await s.tap(sent, { button_id: sent.content.action.buttons[0].reply.id });
			const started = await s.reachedTrigger([late.message_id]);
			assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
			const again = await s.finished(s.flows.limit, execution.id);
			assert(again.after[0].answered === false, 'the late tap changed the outcome');
		},
	);
}

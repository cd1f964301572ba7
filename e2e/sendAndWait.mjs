// End-to-end: Message › Send and Wait for Response in a real n8n, against the sandbox playing
// the customer. Workflows started by a Webhook node ask a question and wait; the sandbox's
// deliveries reach an active Business Messaging Trigger, which resumes them. Regular mode by
// default; with --queue, n8n's queue mode (a main, a worker, a webhook process): the question
// is sent on the worker, the answer arrives at the webhook process, and the execution resumes
// on the worker again. Prints "N passed, N failed"; exits 1 on a failure.
// Runs alone, or with the other suites on one n8n (e2e/suites.mjs).
//   node e2e/sendAndWait.mjs [--queue]
import { createHmac } from 'node:crypto';
import { assert, check, executionsOf, savedExecution, waitFor } from './checks.mjs';
import { SANDBOX_CREDENTIAL } from '../tools/n8n/index.mjs';
import { isMain, runSuites } from './suite.mjs';

/** The trigger's signing credential: its own, so that the suite shares an n8n with others. */
const webhookCredential = { id: 'bmWaitWebhookSig', name: 'e2e wait: trigger webhook' };

/** Send and Wait for Response with an active trigger. */
export const sendAndWaitSuite = { active: 'the waiting workflows', prepare };

async function prepare({ n8n, sandbox, mode }) {
	const customer = '14155550188';
	/** A manager asked for approvals, who has not written to the business: no window is open. */
	const manager = '14155550177';
	/** A customer with a username, known only by their user ID. */
	const usernameCustomer = 'US.20260000000000000188';
	const secret = 'e2e-wait-signing-secret';
	const triggerId = 'bm-wait-trigger';
	const number = { __rl: true, mode: 'list', value: sandbox.phoneNumberIds[0] };

	/** A workflow: a Webhook node at `path`, then Send and Wait with `parameters`, then "After". */
	function askFlow(id, path, parameters) {
		return nodeFlow(id, path, {
			resource: 'message',
			operation: 'sendAndWait',
			phoneNumberId: number,
			recipient: `+${customer}`,
			...parameters,
		});
	}

	/** A workflow: a Webhook node at `path`, then the node ("Ask") with `parameters`, then "After". */
	function nodeFlow(id, path, parameters) {
		return {
			id,
			name: `e2e wait: ${path}`,
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: `${id}-hook`,
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: `${id}-hook`,
					parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				},
				{
					id: `${id}-ask`,
					name: 'Ask',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					position: [220, 0],
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters,
				},
				{
					id: `${id}-after`,
					name: 'After',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [440, 0],
					parameters: {},
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
				Ask: { main: [[{ node: 'After', type: 'main', index: 0 }]] },
			},
		};
	}

	const flows = {
		trigger: {
			id: 'bmWaitTrigger001',
			name: 'e2e wait: trigger',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: {},
			nodes: [
				{
					id: 'bmWaitTrigger',
					name: 'Business Messaging Trigger',
					type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
					typeVersion: 1,
					position: [0, 0],
					webhookId: triggerId,
					credentials: { businessMessagingSignatureApi: webhookCredential },
					parameters: {
						events: ['incomingMessage', 'messageStatus', 'templateStatus'],
						deliveryAuth: 'signature',
					},
				},
			],
		},
		approval: askFlow('bmWaitApproval01', 'ask-approval', {
			responseType: 'approval',
			bodyText: 'Refund of 25.00 EUR for order #5005: approve?',
			headerType: 'text',
			headerText: 'Refund request',
			limitType: 'afterInterval',
			limitAmount: 1,
			limitUnit: 'hours',
		}),
		choice: askFlow('bmWaitChoice0001', 'ask-choice', {
			responseType: 'choice',
			bodyText: 'When should we deliver order #5005?',
			choices: {
				choice: [
					{ title: 'Monday morning', value: 'mon-am' },
					{ title: 'Monday afternoon', value: 'mon-pm' },
					{ title: 'Tuesday morning', value: 'tue-am', description: '8:00 to 12:00' },
					{ title: 'Tuesday afternoon', value: 'tue-pm' },
				],
			},
			listButton: 'Pick a slot',
		}),
		templateApproval: askFlow('bmWaitTemplate01', 'ask-template', {
			responseType: 'approval',
			recipient: `+${manager}`,
			askWith: 'template',
			fallbackTemplate: { __rl: true, mode: 'name', value: 'approval_request (en_US)' },
			fallbackVariables: {
				mappingMode: 'defineBelow',
				value: { body_1: 'Refund of 25.00 EUR for order #5005' },
			},
			limitType: 'afterInterval',
			limitAmount: 1,
			limitUnit: 'hours',
		}),
		form: askFlow('bmWaitForm000001', 'ask-form', {
			responseType: 'form',
			bodyText: 'Pick a time for your visit',
			flow: { __rl: true, mode: 'name', value: 'book_appointment' },
			flowButtonText: 'Book a visit',
			flowScreen: 'APPOINTMENT',
			flowScreenDataInput: 'fields',
			flowScreenData: { field: [{ name: 'name', value: 'Lea' }] },
		}),
		freeText: askFlow('bmWaitFreeText01', 'ask-free-text', {
			responseType: 'freeText',
			bodyText: 'What should we write on the gift card?',
		}),
		freeTextByUserId: askFlow('bmWaitFreeTextU1', 'ask-free-text-user', {
			responseType: 'freeText',
			bodyText: 'Which name goes on the mug?',
			recipient: usernameCustomer,
		}),
		limit: askFlow('bmWaitLimit00001', 'ask-limit', {
			responseType: 'approval',
			bodyText: 'Nobody will answer this one in time.',
			limitType: 'afterInterval',
			limitAmount: 0.05,
			limitUnit: 'minutes',
		}),
		page: askFlow('bmWaitPage000001', 'ask-page', {
			responseType: 'approval',
			answerThrough: 'page',
			bodyText: 'Approve the quote of 120.00 EUR?',
			linkButtonText: 'Open the quote',
		}),
		receipt: nodeFlow('bmWaitReceipt001', 'send-receipt', {
			resource: 'message',
			operation: 'sendText',
			phoneNumberId: number,
			recipient: `+${customer}`,
			text: 'Your order #5005 has shipped.',
			options: { waitForReceipt: 'read', receiptWaitMinutes: 5 },
		}),
		review: nodeFlow('bmWaitReview0001', 'create-template', {
			resource: 'template',
			operation: 'create',
			businessAccountId: { __rl: true, mode: 'id', value: sandbox.businessAccountId },
			name: '={{ $json.body.name }}',
			language: 'en_US',
			category: 'UTILITY',
			content: 'json',
			componentsJson: JSON.stringify([
				{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Maria']] } },
			]),
			waitForReview: true,
			reviewWaitMinutes: 2,
		}),
	};

	n8n.importWebhookCredential(secret, { as: webhookCredential });
	n8n.importActiveWorkflows(Object.values(flows));
	return {
		readyPath: `${triggerId}/webhook`,
		secrets: [secret],
		async run({ main, hooks, cookie }) {
			const { control } = sandbox;
			const triggerUrl = `${hooks}/webhook/${triggerId}/webhook`;
			await control('/webhook', { url: triggerUrl, secret }, 'PUT');
			await control('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
			// The customer wrote first: the questions below are answers inside their 24-hour window.
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				name: 'Lea',
				text: 'Hi, about my order #5005',
			});
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				user_id: usernameCustomer,
				username: '@mugfan',
				name: 'Mug Fan',
				text: 'Hi, can you print a name on a mug?',
			});

			const executions = (flow) => executionsOf(main, cookie, flow.id);
			/**
			 * POSTs to a flow's Webhook node once n8n serves it: in one queue-mode run the trigger's
			 * webhook was served and ask-limit's still answered 404 (a 404 started nothing, so asking
			 * again is safe).
			 */
			const startFlow = async (path, init = {}) => {
				let response;
				await waitFor(
					async () => {
						response = await fetch(`${hooks}/webhook/${path}`, { method: 'POST', ...init });
						return response.status !== 404;
					},
					60_000,
					`the ${path} webhook to be served`,
				);
				return response;
			};
			/** Starts a flow through its Webhook node; resolves with its execution once it waits. */
			const ask = async (flow, to = customer) => {
				const before = (await executions(flow)).length;
				const path = flow.nodes[0].parameters.path;
				const started = await startFlow(path);
				assert(started.ok, `the ${path} webhook answered ${started.status}`);
				let waiting;
				await waitFor(
					async () => {
						const list = await executions(flow);
						waiting = list.length > before ? list[0] : undefined;
						return waiting && !['new', 'running'].includes(waiting.status);
					},
					60_000,
					`${flow.name} to wait`,
				);
				assert(waiting.status === 'waiting', `execution ${waiting.id} is ${waiting.status}`);
				const sent = (await control('/messages')).data
					.filter((m) => m.to === to || m.recipient === to)
					.at(-1);
				return { execution: waiting, sent };
			};
			/** The execution once it has finished; the items "Ask" and "After" output. */
			const finished = async (flow, id) => {
				await waitFor(
					async () => {
						const list = await executions(flow);
						const run = list.find((e) => String(e.id) === String(id));
						return run && !['new', 'running', 'waiting'].includes(run.status);
					},
					90_000,
					`execution ${id} to finish`,
				);
				const { status, data } = await savedExecution(main, cookie, id);
				const items = (name) =>
					(data.resultData.runData[name]?.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json);
				return { status, ask: items('Ask'), after: items('After'), runs: data.resultData.runData };
			};
			/** The trigger's executions, newest first, with the items they started with. */
			const triggerItems = async () => {
				const list = await executionsOf(main, cookie, flows.trigger.id);
				await waitFor(
					async () =>
						(await executionsOf(main, cookie, flows.trigger.id)).every(
							(e) => !['new', 'running'].includes(e.status),
						),
					30_000,
					'the trigger executions to finish',
				);
				const items = [];
				for (const run of list) {
					const { data } = await savedExecution(main, cookie, run.id);
					for (const item of data.resultData.runData['Business Messaging Trigger']?.[0]?.data
						?.main?.[0] ?? [])
						items.push(item.json);
				}
				return items;
			};
			const tap = (sent, answer) =>
				control('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: customer,
					type: 'interactive',
					reply_to: sent.id,
					...answer,
				});
			/** A delivery signed with the trigger's secret, as the platform would sign it. */
			const deliver = async (payload) => {
				const body = JSON.stringify(payload);
				const signature = createHmac('sha256', secret).update(body).digest('hex');
				return await fetch(triggerUrl, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-hub-signature-256': `sha256=${signature}`,
					},
					body,
				});
			};
			const tapDelivery = (sent, id, title) => ({
				object: 'whatsapp_business_account',
				entry: [
					{
						id: 'waba',
						changes: [
							{
								field: 'messages',
								value: {
									messaging_product: 'whatsapp',
									metadata: { phone_number_id: sandbox.phoneNumberIds[0] },
									contacts: [{ wa_id: customer, profile: { name: 'Lea' } }],
									messages: [
										{
											from: customer,
											id: `wamid.forged${Date.now()}`,
											timestamp: String(Math.floor(Date.now() / 1000)),
											type: 'interactive',
											context: { from: '15550001', id: sent.id },
											interactive: { type: 'button_reply', button_reply: { id, title } },
										},
									],
								},
							},
						],
					},
				],
			});

			// The limit's question goes first: n8n's wait tracker resumes it within a minute, while the
			// other checks run (its check comes last).
			let limited;
			await check(`${mode}: a question with a 3-second limit waits`, async () => {
				limited = await ask(flows.limit);
			});

			await check(
				`${mode}: an approval request waits; the customer taps Approve; the next node runs with approved: true`,
				async () => {
					const { execution, sent } = await ask(flows.approval);
					const buttons = sent.content.action.buttons.map((b) => b.reply);
					assert(
						sent.type === 'interactive' &&
							sent.content.type === 'button' &&
							buttons.map((b) => b.title).join() === 'Approve,Decline' &&
							buttons.every((b) => b.id.startsWith('bmw:/webhook-waiting/')),
						`question sent: ${JSON.stringify(sent.content)}`,
					);
					await tap(sent, { button_id: buttons[0].id });
					const run = await finished(flows.approval, execution.id);
					assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
					const [answer] = run.after;
					assert(
						answer?.answered === true &&
							answer.approved === true &&
							answer.answerTitle === 'Approve' &&
							answer.messageId === sent.id &&
							answer.reply?.from === customer,
						`After got ${JSON.stringify(answer)}`,
					);
					flows.approval.answered = { sent, execution };
				},
			);

			/**
			 * Whether the trigger workflow got any of the messages: asked once every delivery the sandbox
			 * made was answered (n8n records an execution before it answers the delivery that starts it).
			 */
			const reachedTrigger = async (messageIds) => {
				await control('/webhook/flush', {});
				return (await triggerItems()).filter((item) => messageIds.includes(item.messageId));
			};

			await check(
				`${mode}: Form (WhatsApp Flow): the customer fills the Flow; the next node runs with the form's fields; the same answer again resumes nothing and starts nothing`,
				async () => {
					const { execution, sent } = await ask(flows.form);
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
						control('/incoming', {
							phone_number_id: sandbox.phoneNumberIds[0],
							from: customer,
							type: 'flow',
							reply_to: sent.id,
							response: form,
						});
					await answer();
					const run = await finished(flows.form, execution.id);
					assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
					const [after] = run.after;
					assert(
						after?.answered === true &&
							JSON.stringify(after.form) === JSON.stringify(form) &&
							after.messageId === sent.id,
						`After got ${JSON.stringify(after)}`,
					);
					const before = (await executions(flows.form)).length;
					const again = await answer();
					const started = await reachedTrigger([again.message_id]);
					assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
					assert((await executions(flows.form)).length === before, 'a new execution started');
				},
			);

			await check(
				`${mode}: a second tap on the answered question resumes nothing and starts nothing`,
				async () => {
					const { sent, execution } = flows.approval.answered;
					const before = (await executions(flows.approval)).length;
					const late = await tap(sent, { button_id: sent.content.action.buttons[1].reply.id });
					const started = await reachedTrigger([late.message_id]);
					assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
					const list = await executions(flows.approval);
					const run = await finished(flows.approval, execution.id);
					assert(list.length === before, `${list.length - before} new executions`);
					assert(run.after.length === 1 && run.after[0].approved === true, 'the answer changed');
				},
			);

			await check(
				`${mode}: a forged answer (a tap whose reference was altered) resumes nothing`,
				async () => {
					const { execution, sent } = await ask(flows.approval);
					const approve = sent.content.action.buttons[0].reply.id;
					const decline = sent.content.action.buttons[1].reply.id;
					// The decline button's reference made to say "approve": its signature no longer matches.
					const forged = decline.replace('a=decline', 'a=approve');
					assert(forged !== decline, 'the reference did not hold a=decline');
					const forgedTap = tapDelivery(sent, forged, 'Approve');
					const answered = await deliver(forgedTap);
					assert(answered.ok, `the trigger answered ${answered.status}`);
					const forgedId = forgedTap.entry[0].changes[0].value.messages[0].id;
					const started = await reachedTrigger([forgedId]);
					assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
					const [current] = (await executions(flows.approval)).filter((e) => e.id === execution.id);
					assert(current.status === 'waiting', `execution ${execution.id} is ${current.status}`);
					// Called directly, without the trigger, the forged reference is refused too.
					const direct = await fetch(`${main}${forged.slice('bmw:'.length)}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ event: {} }),
					});
					const directBody = await direct.text();
					assert(!/"resumed":true/.test(directBody), `direct call: ${direct.status} ${directBody}`);
					// The customer's real tap still resumes it.
					await tap(sent, { button_id: decline });
					const run = await finished(flows.approval, execution.id);
					assert(
						run.after[0]?.answered === true && run.after[0].approved === false,
						`After got ${JSON.stringify(run.after)}`,
					);
					// A replay of the real answer, straight to n8n, resumes nothing either.
					const replay = await fetch(`${main}${approve.slice('bmw:'.length)}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ event: {} }),
					});
					const replayBody = await replay.text();
					assert(!/"resumed":true/.test(replayBody), `replay: ${replay.status} ${replayBody}`);
					const again = await finished(flows.approval, execution.id);
					assert(again.after[0].approved === false, 'the replay changed the answer');
				},
			);

			await check(
				`${mode}: a manager who has not written approves through the template's quick-reply button; a second tap and a forged payload resume nothing and start nothing`,
				async () => {
					const { execution, sent } = await ask(flows.templateApproval, manager);
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
						control('/incoming', {
							phone_number_id: sandbox.phoneNumberIds[0],
							from: manager,
							type: 'button',
							reply_to: sent.id,
							button_index: index,
						});
					await templateTap(0);
					const run = await finished(flows.templateApproval, execution.id);
					assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
					assert(
						run.after[0]?.answered === true &&
							run.after[0].approved === true &&
							run.after[0].reply?.reply?.text === 'Approve',
						`After got ${JSON.stringify(run.after)}`,
					);
					const before = (await executions(flows.templateApproval)).length;
					const second = await templateTap(1);
					const forgedTap = tapDelivery(sent, 'unused', 'Approve');
					const message = forgedTap.entry[0].changes[0].value.messages[0];
					message.from = manager;
					forgedTap.entry[0].changes[0].value.contacts = [{ wa_id: manager }];
					delete message.interactive;
					Object.assign(message, {
						type: 'button',
						button: {
							payload: payloads[1].replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAA'),
							text: 'Decline',
						},
					});
					const answered = await deliver(forgedTap);
					assert(answered.ok, `the trigger answered ${answered.status}`);
					const started = await reachedTrigger([second.message_id, message.id]);
					assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
					assert(
						(await executions(flows.templateApproval)).length === before,
						'a tap started the approval workflow again',
					);
					const again = await finished(flows.templateApproval, execution.id);
					assert(again.after[0].approved === true, 'a later tap changed the answer');
				},
			);

			await check(
				`${mode}: a choice of 4 goes as a list; the chosen row's value comes out`,
				async () => {
					const { execution, sent } = await ask(flows.choice);
					const rows = sent.content.action.sections[0].rows;
					assert(
						sent.content.type === 'list' &&
							sent.content.action.button === 'Pick a slot' &&
							rows.length === 4 &&
							rows[2].description === '8:00 to 12:00',
						`question sent: ${JSON.stringify(sent.content)}`,
					);
					await tap(sent, { row_id: rows[2].id });
					const run = await finished(flows.choice, execution.id);
					assert(
						run.after[0]?.choice?.value === 'tue-am' &&
							run.after[0].choice.title === 'Tuesday morning',
						`After got ${JSON.stringify(run.after)}`,
					);
				},
			);

			/** The question's receipts (with its callback data) reach the trigger before the answer. */
			const receiptsReached = (sent) =>
				waitFor(
					async () =>
						(await triggerItems()).some(
							(item) => item.eventType === 'messageStatus' && item.messageId === sent.id,
						),
					30_000,
					'the question’s receipts',
				);

			await check(
				`${mode}: a free-text question is answered by the customer's next message`,
				async () => {
					const { execution, sent } = await ask(flows.freeText);
					assert(
						sent.type === 'text' && sent.callbackData?.startsWith('bmw:/webhook-waiting/'),
						`question sent: ${JSON.stringify(sent)}`,
					);
					await receiptsReached(sent);
					const text = 'Happy birthday, Sam! From all of us';
					await control('/incoming', {
						phone_number_id: sandbox.phoneNumberIds[0],
						from: customer,
						text,
					});
					const run = await finished(flows.freeText, execution.id);
					assert(
						run.after[0]?.answered === true &&
							run.after[0].text === text &&
							run.after[0].messageId === sent.id,
						`After got ${JSON.stringify(run.after)}`,
					);
					const items = await triggerItems();
					assert(
						!items.some((item) => item.text === text),
						'the answer also started the trigger workflow',
					);
				},
			);

			await check(
				`${mode}: a free-text question to a customer with a username goes to their user ID and is answered by their next message`,
				async () => {
					const { execution, sent } = await ask(flows.freeTextByUserId, usernameCustomer);
					assert(
						sent?.recipient === usernameCustomer && sent.to === undefined,
						`question sent: ${JSON.stringify(sent)}`,
					);
					await receiptsReached(sent);
					const text = 'Put "Mug Fan" on it';
					await control('/incoming', {
						phone_number_id: sandbox.phoneNumberIds[0],
						user_id: usernameCustomer,
						text,
					});
					const run = await finished(flows.freeTextByUserId, execution.id).catch(async (error) => {
						// What the trigger made of the answer and the question's receipts says why.
						const seen = (await triggerItems()).filter(
							(item) => item.text === text || item.messageId === sent.id,
						);
						const saved = await (
							await fetch(`${main}/rest/workflows/${flows.trigger.id}`, { headers: { cookie } })
						).json();
						const asked = (await executions(flows.freeTextByUserId)).find(
							(e) => String(e.id) === String(execution.id),
						);
						throw new Error(
							`${error.message}; the trigger got ${JSON.stringify(seen.map((i) => ({ ...i, raw: undefined })))}; its static data ${JSON.stringify(saved.data?.staticData)}; the execution is ${asked?.status}`,
						);
					});
					assert(
						run.after[0]?.answered === true &&
							run.after[0].text === text &&
							run.after[0].reply?.userId === usernameCustomer,
						`After got ${JSON.stringify(run.after)}`,
					);
				},
			);

			await check(
				`${mode}: Answer Through Web Page: a link button to a page of n8n, answered there`,
				async () => {
					const { execution, sent } = await ask(flows.page);
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
					const run = await finished(flows.page, execution.id);
					assert(
						run.after[0]?.approved === true && run.after[0].answeredThrough === 'page',
						`After got ${JSON.stringify(run.after)}`,
					);
				},
			);

			await check(
				`${mode}: Send Text › Wait for Receipt: read waits past "delivered" and goes on at "read"`,
				async () => {
					await control('/config', { receiptDelaysMs: { sent: 0, delivered: 300, read: 4000 } });
					try {
						const { execution, sent } = await ask(flows.receipt);
						assert(
							sent.callbackData?.startsWith('bmw:/webhook-waiting/'),
							`message sent: ${JSON.stringify(sent)}`,
						);
						await waitFor(
							async () =>
								(await triggerItems()).some(
									(item) => item.messageId === sent.id && item.status === 'delivered',
								),
							30_000,
							'the delivered receipt to reach the trigger workflow',
						);
						const [current] = (await executions(flows.receipt)).filter(
							(e) => e.id === execution.id,
						);
						assert(current.status === 'waiting', `after "delivered" it is ${current.status}`);
						const run = await finished(flows.receipt, execution.id);
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
						await control('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
					}
				},
			);

			await check(
				`${mode}: Template › Create › Wait for the Review goes on with the decision and its reason`,
				async () => {
					await control('/config', { reviewDelayMs: 3000 });
					try {
						for (const [name, status] of [
							['e2e_wait_review_ok', 'APPROVED'],
							['reject_e2e_wait_review', 'REJECTED'],
						]) {
							const before = (await executions(flows.review)).length;
							const started = await startFlow('create-template', {
								headers: { 'content-type': 'application/json' },
								body: JSON.stringify({ name }),
							});
							assert(started.ok, `the create-template webhook answered ${started.status}`);
							let execution;
							await waitFor(
								async () => {
									const list = await executions(flows.review);
									execution = list.length > before ? list[0] : undefined;
									return Boolean(execution);
								},
								30_000,
								'the create-template execution',
							);
							const run = await finished(flows.review, execution.id);
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
						await control('/config', { reviewDelayMs: 10_000 });
					}
				},
			);

			await check(
				`${mode}: when the limit runs out, the next node runs with answered: false`,
				async () => {
					assert(limited, 'the question with a limit did not start');
					const { execution, sent } = limited;
					const run = await finished(flows.limit, execution.id);
					assert(run.status === 'success', `execution ${execution.id}: ${run.status}`);
					assert(
						run.after[0]?.answered === false &&
							run.after[0].messageId === sent.id &&
							run.after[0].waitLimit,
						`After got ${JSON.stringify(run.after)}`,
					);
					// A tap after the limit resumes nothing, and starts nothing.
					const late = await tap(sent, { button_id: sent.content.action.buttons[0].reply.id });
					const started = await reachedTrigger([late.message_id]);
					assert(started.length === 0, `the trigger workflow got ${JSON.stringify(started)}`);
					const again = await finished(flows.limit, execution.id);
					assert(again.after[0].answered === false, 'the late tap changed the outcome');
				},
			);
		},
	};
}

if (isMain(import.meta.url))
	await runSuites([sendAndWaitSuite], {
		queue: process.argv.includes('--queue'),
		port: Number(process.env.BM_N8N_PORT ?? 5698),
	});

// In the served n8n: the example workflows, the CRM webhook and the inbox fed by the sandbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, check, executionsOf, savedOutput, waitFor } from '../checks.mjs';
import { EXAMPLE_WEBHOOK_SECRET, EXAMPLES, exampleTriggerUrl } from '../../tools/n8n/examples.mjs';

/** The example workflows in the served n8n: the CRM webhook, and the inbox fed by the sandbox. */
export async function servedExampleFlow(context) {
	const ex = examplesSession(context);
	await crmDealWon(ex);
	await ex.post('/webhook', {
		url: exampleTriggerUrl(ex.base, ex.examples),
		secret: EXAMPLE_WEBHOOK_SECRET,
	});
	for (const step of [
		photoSaved,
		textAnswered,
		orderStatus,
		usernameCustomer,
		secondNumber,
		shopInTheChat,
		bookWithAFlow,
		oneAppSeveralWorkflows,
	])
		await step(ex);
}

/**
 * What the example checks share: the served n8n and its executions, the sandbox, the examples,
 * and the ways to read what the sandbox took.
 */
function examplesSession({ sandbox, base, cookie, control, post, examples, filesDir }) {
	const executionsOfWorkflow = (workflowId) => executionsOf(base, cookie, workflowId);
	const finished = (list) => list.every((e) => !['new', 'running', 'waiting'].includes(e.status));
	/** Waits for `count` finished executions of the workflow; all must have succeeded. */
	const settled = async (workflowId, count) => {
		await waitFor(
			async () => {
				const list = await executionsOfWorkflow(workflowId);
				return list.length >= count && finished(list);
			},
			30_000,
			`${count} finished executions of ${workflowId}`,
		);
		const list = await executionsOfWorkflow(workflowId);
		assert(list.length === count, `${list.length} executions, expected ${count}`);
		assert(
			list.every((e) => e.status === 'success'),
			`statuses ${list.map((e) => e.status)}`,
		);
		return list;
	};
	/** A utility template with one body text, made through the API: PENDING until reviewed. */
	const createTemplate = (name, text) =>
		fetch(`${sandbox.baseUrl}/${sandbox.businessAccountId}/message_templates`, {
			method: 'POST',
			headers: { apikey: sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({
				name,
				language: 'en_US',
				category: 'UTILITY',
				components: [{ type: 'BODY', text }],
			}),
		});
	const messagesTo = async (to) =>
		(await control('/messages')).data.filter((m) => m.to === to || m.recipient === to);
	/** The last message the sandbox took for `to`, waited for until `accept(message)` holds. */
	const lastMessageTo = async (to, accept, what) => {
		let message;
		await waitFor(
			async () => {
				message = (await messagesTo(to)).at(-1);
				return message !== undefined && accept(message);
			},
			30_000,
			what,
		);
		return message;
	};
	return {
		sandbox,
		base,
		cookie,
		control,
		post,
		examples,
		filesDir,
		executionsOfWorkflow,
		finished,
		settled,
		createTemplate,
		messagesTo,
		lastMessageTo,
	};
}

/** The CRM example: its webhook sends the order confirmation. */
async function crmDealWon(ex) {
	const { base, messagesTo } = ex;
	await check(
		'example "CRM deal won": the CRM webhook sends the order confirmation and answers its wamid',
		async () => {
			const deal = {
				deal: { id: '4004', items: '2 bags of Rwanda Huye', delivery_day: 'Tuesday' },
				contact: { first_name: 'Lea', phone: '+44 20 7946 0958' },
			};
			const response = await fetch(`${base}/webhook/crm-deal-won`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(deal),
			});
			const answer = await response.json();
			assert(
				response.status === 200 && /^wamid\./.test(answer.messageId),
				`answered ${response.status}: ${JSON.stringify(answer)}`,
			);
			const [message] = await messagesTo('442079460958');
			assert(
				message?.id === answer.messageId &&
					message.template?.name === 'order_confirmation' &&
					message.template.language === 'en_US',
				`sandbox: ${JSON.stringify(message)}`,
			);
		},
	);
}

/** The inbox: a photo saved to disk and answered as a reply. */
async function photoSaved(ex) {
	const { sandbox, post, filesDir, settled, messagesTo } = ex;
	await check(
		'example "customer messages": a photo is saved to disk and answered as a reply',
		async () => {
			const customer = '14155550123';
			const incoming = await (
				await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: customer,
					name: 'Sam',
					type: 'image',
				})
			).json();
			await settled(EXAMPLES.inbox, 1);
			const saved = readdirSync(filesDir).filter((f) =>
				f.startsWith(`whatsapp-${customer}-${incoming.media_id}.`),
			);
			assert(saved.length === 1, `files: ${readdirSync(filesDir)}`);
			const media = await fetch(
				`${sandbox.baseUrl}/downloadMedia/${incoming.media_id}?phone_number_id=${sandbox.phoneNumberIds[0]}`,
				{ method: 'POST', headers: { apikey: sandbox.apiKey } },
			);
			const bytes = Buffer.from(await media.arrayBuffer());
			assert(
				media.ok && bytes.length > 0 && bytes.equals(readFileSync(join(filesDir, saved[0]))),
				'the saved file differs from the media',
			);
			const [reply] = await messagesTo(customer);
			assert(
				reply?.type === 'text' && reply.replyTo === incoming.message_id,
				`reply: ${JSON.stringify(reply)}`,
			);
		},
	);
}

/** The inbox: a text answered with buttons; a template rejection becomes a notification. */
async function textAnswered(ex) {
	const { sandbox, base, cookie, post, filesDir, settled, createTemplate, messagesTo } = ex;
	await check(
		'example "customer messages": a text is answered with three buttons, a template rejection becomes a notification',
		async () => {
			const customer = '14155550124';
			const incoming = await (
				await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: customer,
					text: 'Do you ship to Canada?',
				})
			).json();
			await settled(EXAMPLES.inbox, 2);
			const [reply] = await messagesTo(customer);
			assert(
				reply?.type === 'interactive' &&
					reply.content.type === 'button' &&
					reply.content.action.buttons.map((b) => b.reply.id).join() ===
						'order-status,price-list,human' &&
					reply.replyTo === incoming.message_id,
				`reply: ${JSON.stringify(reply)}`,
			);
			assert(
				readdirSync(filesDir).every((f) => !f.includes(customer)),
				'a text saved a file',
			);
			const created = await createTemplate('appointment_reminder', 'Your appointment is tomorrow.');
			const pending = {
				...(await created.json()),
				name: 'appointment_reminder',
				language: 'en_US',
			};
			assert(
				created.ok && pending.status === 'PENDING',
				`create answered ${created.status}: ${JSON.stringify(pending)}`,
			);
			await post(`/templates/${pending.id}/review`, {
				outcome: 'REJECTED',
				reason: 'INVALID_FORMAT',
			});
			const [latest] = await settled(EXAMPLES.inbox, 3);
			const detail = await (
				await fetch(`${base}/rest/executions/${latest.id}`, { headers: { cookie } })
			).text();
			const subject = `Template ${pending.name} (${pending.language}): REJECTED`;
			assert(
				detail.includes(subject) && detail.includes('It was rejected (INVALID_FORMAT)'),
				`the notification is not in execution ${latest.id}`,
			);
		},
	);
}

/** The inbox: the order status list, a chosen order, the price list. */
async function orderStatus(ex) {
	const { sandbox, post, settled, messagesTo } = ex;
	await check(
		'example "customer messages": Order status lists the orders, a chosen order gets its status, Price list gets a document',
		async () => {
			const customer = '14155550124'; // the customer above, answered with the three buttons
			const [buttons] = await messagesTo(customer);
			const tap = async (reply) => {
				const response = await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: customer,
					type: 'interactive',
					...reply,
				});
				const answer = await response.json();
				assert(response.ok, `the sandbox refused the tap: ${JSON.stringify(answer)}`);
				return answer.message_id;
			};
			const latestTo = async () => (await messagesTo(customer)).pop();

			const orderStatus = await tap({ reply_to: buttons.id, button_id: 'order-status' });
			await settled(EXAMPLES.inbox, 4);
			const list = await latestTo();
			const rows = list?.content?.action?.sections?.flatMap((section) => section.rows) ?? [];
			assert(
				list?.content?.type === 'list' &&
					list.replyTo === orderStatus &&
					rows.map((row) => row.id).join() === 'order-1001,order-1002',
				`list: ${JSON.stringify(list)}`,
			);
			const chosen = await tap({ reply_to: list.id, row_id: 'order-1002' });
			await settled(EXAMPLES.inbox, 5);
			const status = await latestTo();
			assert(
				status?.type === 'text' &&
					status.replyTo === chosen &&
					status.content.body.startsWith('Order #1002: Being roasted, ships Friday.'),
				`status: ${JSON.stringify(status)}`,
			);

			const priceList = await tap({ reply_to: buttons.id, button_id: 'price-list' });
			await settled(EXAMPLES.inbox, 6);
			const document = await latestTo();
			assert(
				document?.type === 'document' &&
					document.replyTo === priceList &&
					document.content.filename === 'Acme price list.txt' &&
					document.content.caption === 'Our price list',
				`document: ${JSON.stringify(document)}`,
			);
			const file = await fetch(
				`${sandbox.baseUrl}/downloadMedia/${document.content.id}?phone_number_id=${sandbox.phoneNumberIds[0]}`,
				{ method: 'POST', headers: { apikey: sandbox.apiKey } },
			);
			const text = await file.text();
			assert(
				file.ok &&
					text.startsWith('Acme Coffee Roasters: price list') &&
					text.includes('Free delivery from 40 USD.'),
				`the document holds ${JSON.stringify(text.slice(0, 200))}`,
			);
		},
	);
}

/** The inbox: a customer known only by a username is answered by user ID. */
async function usernameCustomer(ex) {
	const { sandbox, post, settled, messagesTo } = ex;
	await check(
		'example "customer messages": a customer with a username and no number is answered by user ID',
		async () => {
			const userId = 'US.20260000000000000124';
			const incoming = await (
				await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					user_id: userId,
					username: '@lisbonmugs',
					name: 'Rui',
					text: 'Do you ship to Lisbon?',
				})
			).json();
			await settled(EXAMPLES.inbox, 7);
			const [reply] = await messagesTo(userId);
			assert(
				reply?.type === 'interactive' &&
					reply.recipient === userId &&
					reply.to === undefined &&
					reply.replyTo === incoming.message_id,
				`reply: ${JSON.stringify(reply)}`,
			);
		},
	);
}

/** The inbox: a customer who writes to the second number is answered from it. */
async function secondNumber(ex) {
	const { sandbox, post, settled, messagesTo } = ex;
	await check(
		'example "customer messages": a customer who writes to the second number is answered from it, with no Sender chosen',
		async () => {
			const customer = '14155550125';
			const second = sandbox.phoneNumberIds[1];
			const incoming = await (
				await post('/incoming', { phone_number_id: second, from: customer, text: 'Hola!' })
			).json();
			await settled(EXAMPLES.inbox, 8);
			const [reply] = await messagesTo(customer);
			assert(
				reply?.type === 'interactive' &&
					reply.phoneNumberId === second &&
					reply.replyTo === incoming.message_id,
				`reply: ${JSON.stringify(reply)}`,
			);
		},
	);
}

/** The shop: the product list, an order, its confirmation; the order redelivered is skipped. */
async function shopInTheChat(ex) {
	const { sandbox, base, control, post, examples, settled, messagesTo, lastMessageTo } = ex;
	await check(
		'example "shop in the chat": a customer gets the product list, orders from it, and the order is confirmed with a template and its total; the order redelivered is skipped',
		async () => {
			await post('/webhook', {
				url: exampleTriggerUrl(base, examples, EXAMPLES.shop),
				secret: EXAMPLE_WEBHOOK_SECRET,
			});
			const customer = '14155550131';
			await post('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				name: 'Noor',
				text: 'What coffee do you have?',
			});
			await settled(EXAMPLES.shop, 1);
			const list = await lastMessageTo(customer, () => true, 'the product list');
			const sections = list.content?.action?.sections ?? [];
			assert(
				list.type === 'interactive' &&
					list.content.type === 'product_list' &&
					sections.map((section) => section.title).join() === 'Whole beans,Ground' &&
					sections.flatMap((section) => section.product_items).length === 7,
				`the list: ${JSON.stringify(list.content)}`,
			);
			const ordered = await (
				await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: customer,
					name: 'Noor',
					type: 'order',
					reply_to: list.id,
					items: [
						{ product_retailer_id: 'SKU-00001', quantity: 2 },
						{ product_retailer_id: 'SKU-00010', quantity: 1 },
					],
				})
			).json();
			await settled(EXAMPLES.shop, 2);
			// The total, from the prices the delivered order carries (the sandbox took them from the catalog).
			const order = (await control('/incoming')).data.find((m) => m.id === ordered.message_id);
			const items = order?.message?.order?.product_items ?? [];
			assert(items.length === 2, `the order: ${JSON.stringify(order)}`);
			const cents = items.reduce(
				(sum, item) => sum + Math.round(item.item_price * 100) * item.quantity,
				0,
			);
			const total = `${(cents / 100).toFixed(2)} ${items[0].currency}`;
			const confirmation = await lastMessageTo(
				customer,
				(message) => message.type === 'template',
				'the confirmation',
			);
			const body = confirmation.content?.components?.find((c) => c.type === 'body');
			const said = (body?.parameters ?? []).map((p) => p.text).join(' | ');
			assert(
				confirmation.template.name === 'order_confirmation' &&
					said.includes(`3 items for ${total}`) &&
					confirmation.replyTo === ordered.message_id,
				`the confirmation: ${JSON.stringify(confirmation)}; expected ${total}`,
			);
			// The platform delivers the order again (at least once): Skip Redeliveries starts nothing.
			await control('/webhook/flush');
			const delivery = (await control('/webhook/deliveries')).data.find((d) =>
				JSON.stringify(d.payload).includes(ordered.message_id),
			);
			assert(delivery, 'the order delivery');
			await post('/webhook/redeliver', { id: delivery.id });
			await post('/webhook/flush', {});
			await settled(EXAMPLES.shop, 2);
			const confirmations = (await messagesTo(customer)).filter((m) => m.type === 'template');
			assert(confirmations.length === 1, `${confirmations.length} confirmations`);
		},
	);
}

/** The booking: the Flow sent, its form answered, the waiting execution confirms. */
async function bookWithAFlow(ex) {
	const { sandbox, base, post, examples, settled, lastMessageTo } = ex;
	await check(
		'example "book with a Flow": the customer gets the Flow, sends the form; the waiting execution confirms the booking with its fields',
		async () => {
			await post('/webhook', {
				url: exampleTriggerUrl(base, examples, EXAMPLES.book),
				secret: EXAMPLE_WEBHOOK_SECRET,
			});
			const customer = '14155550132';
			await post('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				name: 'Lea',
				text: 'Can I book a tasting?',
			});
			const flow = await lastMessageTo(customer, () => true, 'the Flow');
			const parameters = flow.content?.action?.parameters ?? {};
			assert(
				flow.type === 'interactive' &&
					flow.content.type === 'flow' &&
					parameters.flow_name === 'book_appointment' &&
					parameters.flow_action_payload?.data?.name === 'Lea',
				`the Flow: ${JSON.stringify(flow.content)}`,
			);
			await post('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				type: 'flow',
				reply_to: flow.id,
				response: { date: '2026-12-01', time: '10:30', name: 'Lea' },
			});
			// One execution: it waited for the form and went on; the form started no other.
			await settled(EXAMPLES.book, 1);
			const confirmation = await lastMessageTo(
				customer,
				(message) => message.type === 'text',
				'the confirmation',
			);
			assert(
				confirmation.content?.body ===
					'Booked, Lea: 2026-12-01 at 10:30. See you at the tasting room!',
				`the confirmation: ${JSON.stringify(confirmation)}`,
			);
		},
	);
}

/** The router: a message and a template decision handed to their sub-workflows; a forged delivery reported. */
async function oneAppSeveralWorkflows(ex) {
	const { sandbox, base, cookie, post, examples, settled, createTemplate, lastMessageTo } = ex;
	await check(
		'example "one app, several workflows": the router hands a message and a template decision to their sub-workflows (the answer from the number written to, no Sender chosen), and reports a forged delivery',
		async () => {
			const routerUrl = exampleTriggerUrl(base, examples, EXAMPLES.router);
			await post('/webhook', { url: routerUrl, secret: EXAMPLE_WEBHOOK_SECRET });
			const customer = '14155550133';
			const second = sandbox.phoneNumberIds[1];
			const incoming = await (
				await post('/incoming', {
					phone_number_id: second,
					from: customer,
					name: 'Ines',
					text: 'Is the shop open on Sunday?',
				})
			).json();
			await settled(EXAMPLES.router, 1);
			await settled(EXAMPLES.routedMessages, 1);
			const answer = await lastMessageTo(customer, () => true, 'the answer');
			assert(
				answer.type === 'text' &&
					answer.phoneNumberId === second &&
					answer.replyTo === incoming.message_id &&
					answer.content?.body?.startsWith('Thanks, Ines! Your message reached '),
				`the answer: ${JSON.stringify(answer)}`,
			);

			const created = await createTemplate('pickup_ready', 'Your order is ready for pickup.');
			const template = await created.json();
			assert(created.ok, `create answered ${created.status}: ${JSON.stringify(template)}`);
			await post(`/templates/${template.id}/review`, { outcome: 'APPROVED' });
			await settled(EXAMPLES.router, 2);
			const [decision] = await settled(EXAMPLES.routedTemplates, 1);
			const [notification] = await savedOutput(
				base,
				cookie,
				decision.id,
				'Template status notification',
			);
			assert(
				notification?.subject === 'Template pickup_ready (en_US): APPROVED' &&
					notification.text === 'It can be sent now.',
				`the notification: ${JSON.stringify(notification)}`,
			);

			// Someone posts to the router's URL without the app secret: refused, and reported once.
			for (let i = 0; i < 3; i++) {
				const forged = await fetch(routerUrl, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
					},
					body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
				});
				assert(forged.status === 401, `a forged delivery answered ${forged.status}`);
			}
			const [report] = await settled(EXAMPLES.router, 3);
			const [alert] = await savedOutput(base, cookie, report.id, 'Alert: deliveries refused');
			assert(
				alert?.subject === 'WhatsApp deliveries refused (401)' &&
					!JSON.stringify(alert).includes(EXAMPLE_WEBHOOK_SECRET),
				`the alert: ${JSON.stringify(alert)}`,
			);
			await settled(EXAMPLES.routedMessages, 1);
			await settled(EXAMPLES.routedTemplates, 1);
		},
	);
}

// Action workflows run once each in the served n8n, through their webhooks (the conversation
// sends, a PNG byte for byte, media, templates, the catalog), each output checked against the
// sandbox.
import { assert, check } from '../checks.mjs';
import { N8N_VERSION } from '../../tools/n8n/index.mjs';
import { actionWorkflows, LONG_ANSWER } from './actionWorkflows.mjs';
import { outputOf, randomPng, sha256 } from './workflows.mjs';

/**
 * Imports the action workflows, published when n8n starts (before it starts: n8n's CLI imports).
 * Returns what actionFlows checks them with.
 */
export async function importActionWorkflows({ n8n, sandbox, control }) {
	const templates = (await control('/templates')).data;
	const orderConfirmation = templates.find(
		(t) => t.name === 'order_confirmation' && t.language === 'en_US',
	).id;

	const number = { __rl: true, mode: 'list', value: sandbox.phoneNumberIds[0] };
	// A customer who wrote a minute ago: the chat sends below are inside their 24-hour window.
	const chatCustomer = '14155550177';
	const customerMessage = await (
		await fetch(`${sandbox.controlUrl}/incoming`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				phone_number_id: sandbox.phoneNumberIds[0],
				from: chatCustomer,
				name: 'Noor',
				text: 'Can I see the latte art before I order?',
			}),
		})
	).json();
	const chat = { resource: 'message', phoneNumberId: number, recipient: `+${chatCustomer}` };
	const png = randomPng(24, 16);
	const account = { __rl: true, mode: 'id', value: sandbox.businessAccountId };
	const flows = actionWorkflows({
		sandbox,
		number,
		chat,
		customerMessage,
		orderConfirmation,
		png,
		account,
	});
	n8n.importActiveWorkflows(Object.values(flows));
	return { flows, chatCustomer, customerMessage, png };
}

/**
 * Runs each action workflow in the served n8n and checks it. Leaves in `context.buttonsSent` the
 * reply buttons it sent, which the trigger flow taps.
 */
export async function actionFlows(context, imported) {
	const { sandbox, control, post, execute, run, n8n } = context;
	// The customer taps a button of Send Buttons in the trigger flow (triggerChecks).
	const buttonsSent = {};
	const checks = { ...imported, execute, run, control, sandbox, n8n, post, buttonsSent };
	await readChecks(checks);
	await chatChecks(checks);
	await uploadChecks(checks);
	await voiceNoteCheck(checks);
	await bubblesCheck(checks);
	await businessProfileCheck(checks);
	await conversationalAutomationCheck(checks);
	await marketingMessagesCheck(checks);
	await pricingAnalyticsCheck(checks);
	await templateChecks(checks);
	await buttonsCheck(checks);
	context.buttonsSent = buttonsSent;
}

/** The reads, a template sent with its variables, and a PNG sent byte for byte. */
async function readChecks({ flows, execute, control, sandbox, chatCustomer, png }) {
	await check(`n8n ${N8N_VERSION} runs Account › List Numbers`, async () => {
		const items = await execute(flows.listNumbers);
		assert(
			items.length === 2 && items[0].phone_number_id === sandbox.phoneNumberIds[0],
			`got ${JSON.stringify(items)}`,
		);
	});
	await check(
		'Message › Send Template sends the variables form and outputs the wamid',
		async () => {
			const [item] = await execute(flows.sendTemplate);
			assert(
				/^wamid\./.test(item?.messageId) && item.recipient === '14155550100',
				`got ${JSON.stringify(item)}`,
			);
			const messages = (await control('/messages')).data;
			assert(
				messages.some((m) => m.id === item.messageId),
				'the sandbox has no such message',
			);
		},
	);
	await check('Product › Get Many returns the whole catalog', async () => {
		const items = await execute(flows.products);
		assert(
			items.length === 50 && items[0].retailer_id === 'SKU-00001',
			`got ${items.length} items`,
		);
	});
	await check('Media › Download outputs the file as binary data', async () => {
		const [item] = await execute(flows.download);
		assert(
			item?.mimeType === 'image/png' && item.fileName === 'latte-art.png',
			`got ${JSON.stringify(item)}`,
		);
	});
	await check(
		'Message › Send Media: a PNG made in the workflow reaches the sandbox byte for byte',
		async () => {
			const [item] = await execute(flows.sendPhoto);
			assert(
				/^wamid\./.test(item?.messageId) && item.type === 'image' && item.uploaded?.mediaId,
				`got ${JSON.stringify(item)}`,
			);
			const message = (await control('/messages')).data.find((m) => m.id === item.messageId);
			assert(
				message?.type === 'image' &&
					message.to === chatCustomer &&
					message.content?.id === item.uploaded.mediaId &&
					message.content.caption === 'Your latte art',
				`sandbox: ${JSON.stringify(message)}`,
			);
			// As a client would fetch it: the media URL, then the file at that URL.
			const apiGet = (url) => fetch(url, { headers: { apikey: sandbox.apiKey } });
			const described = await apiGet(
				`${sandbox.baseUrl}/${message.content.id}?phone_number_id=${sandbox.phoneNumberIds[0]}`,
			);
			const { url, mime_type: mimeType } = await described.json();
			const file = await apiGet(url);
			const bytes = Buffer.from(await file.arrayBuffer());
			assert(
				file.ok && mimeType === 'image/png' && sha256(bytes) === sha256(png),
				`stored ${bytes.length} bytes (${mimeType}, sha256 ${sha256(bytes)}), sent ${png.length} (sha256 ${sha256(png)})`,
			);
		},
	);
}

/** A read receipt, a reaction, a list, and more sends in one run. */
async function chatChecks({ flows, execute, run, control, customerMessage }) {
	await check(
		'Message › Mark as Read with typing: the sandbox records the read receipt and the typing indicator',
		async () => {
			const [item] = await execute(flows.markAsRead);
			assert(item?.success === true && item.typing === true, `got ${JSON.stringify(item)}`);
			const received = (await control('/incoming')).data.find(
				(m) => m.id === customerMessage.message_id,
			);
			assert(
				received?.readAt !== undefined && received.typingIndicator === true,
				`sandbox: ${JSON.stringify(received)}`,
			);
		},
	);
	await check('Message › React puts the emoji on the customer’s message', async () => {
		const [item] = await execute(flows.react);
		const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
		assert(
			message?.type === 'reaction' &&
				message.content?.message_id === customerMessage.message_id &&
				message.content.emoji === '👍',
			`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}`,
		);
	});
	await check('Message › Send List sends its rows in one section', async () => {
		const [item] = await execute(flows.sendList);
		const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
		const rows = message?.content?.action?.sections?.flatMap((section) => section.rows) ?? [];
		assert(
			message?.type === 'interactive' &&
				message.content.type === 'list' &&
				message.content.action.button === 'Your orders' &&
				rows.map((row) => row.id).join() === 'order-5005,order-5006',
			`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}`,
		);
	});
	await check(
		'Send Location, Send Contacts, Send Link Button land as sent; a text outside the window falls back to a template',
		async () => {
			const ran = await run(flows.moreSends);
			const sent = (await control('/messages')).data;
			const byId = (node) => sent.find((m) => m.id === outputOf(ran, node)[0]?.messageId);
			const location = byId('Send Location');
			const contacts = byId('Send Contacts');
			const link = byId('Send Link Button');
			assert(
				location?.type === 'location' && location.content.latitude === 52.5200066,
				`location ${JSON.stringify(location)}`,
			);
			assert(
				contacts?.type === 'contacts' &&
					contacts.content[0]?.name?.formatted_name === 'Acme Support',
				`contacts ${JSON.stringify(contacts)}`,
			);
			assert(
				link?.type === 'interactive' &&
					link.content.type === 'cta_url' &&
					link.content.action.parameters.url === 'https://shop.example.com/track/5005',
				`link button ${JSON.stringify(link)}`,
			);
			const [fallback] = outputOf(ran);
			const template = sent.find((m) => m.id === fallback?.messageId);
			assert(
				fallback?.sentAs === 'template' &&
					template?.type === 'template' &&
					template.template?.name === 'hello_world' &&
					template.to === '14155550199',
				`fallback ${JSON.stringify(fallback)}, sandbox ${JSON.stringify(template)}`,
			);
		},
	);
}

/** Media › Upload, then Get URL. */
async function uploadChecks({ flows, run, sandbox, png }) {
	await check('Media › Upload stores the file once, Get URL gives its address', async () => {
		const ran = await run(flows.uploadAndUrl);
		const [uploaded] = outputOf(ran, 'Upload');
		const [info] = outputOf(ran);
		const headers = { apikey: sandbox.apiKey };
		const bytes = Buffer.from(await (await fetch(info?.url, { headers })).arrayBuffer());
		assert(
			uploaded?.mediaType === 'image' &&
				info?.mediaId === uploaded.mediaId &&
				info.fileSize === png.length &&
				bytes.equals(png),
			`upload ${JSON.stringify(uploaded)}, url ${JSON.stringify(info)}`,
		);
	});
}

/** Templates made in the form (a Flow button, a Multi-Product button), then sent. */
async function templateChecks({ flows, execute, control, post }) {
	/** Creates the template from the form, approves it (the sandbox's review), then sends it. */
	const createdThenSent = async (create, send) => {
		const [created] = await execute(create);
		assert(created?.id && created.status === 'PENDING', `created ${JSON.stringify(created)}`);
		const review = await post(`/templates/${created.id}/review`, { outcome: 'APPROVED' });
		assert(review.ok, `review: ${review.status} ${await review.text()}`);
		const stored = (await control('/templates')).data.find((t) => t.id === created.id);
		const [sent] = await execute(send);
		const message = (await control('/messages')).data.find((m) => m.id === sent?.messageId);
		assert(message, `sent ${JSON.stringify(sent)}`);
		return { stored, message };
	};
	await check(
		'Template › Create: a template with a Flow button made in the form is created, then sent with its flow token and data',
		async () => {
			const { stored, message } = await createdThenSent(
				flows.createFlowTemplate,
				flows.sendFlowTemplate,
			);
			const button = stored.components.find((c) => c.type === 'BUTTONS')?.buttons?.[0];
			assert(
				button?.type === 'FLOW' &&
					button.flow_name === 'book_appointment' &&
					button.navigate_screen === 'APPOINTMENT',
				`the template: ${JSON.stringify(stored.components)}`,
			);
			const sentButton = message.content.components.find((c) => c.sub_type === 'flow');
			assert(
				JSON.stringify(sentButton?.parameters) ===
					JSON.stringify([
						{
							type: 'action',
							action: { flow_token: 'visit-7', flow_action_data: { name: 'Noor' } },
						},
					]),
				`sent: ${JSON.stringify(message.content)}`,
			);
		},
	);
	await check(
		'Template › Create: a template with a Multi-Product button made in the form is created, then sent with two sections of the catalog',
		async () => {
			const { stored, message } = await createdThenSent(
				flows.createMpmTemplate,
				flows.sendMpmTemplate,
			);
			const button = stored.components.find((c) => c.type === 'BUTTONS')?.buttons?.[0];
			assert(button?.type === 'MPM', `the template: ${JSON.stringify(stored.components)}`);
			// Its Time-to-Live (Seconds), a marketing one of a day.
			assert(stored.message_send_ttl_seconds === 86_400, `TTL: ${stored.message_send_ttl_seconds}`);
			const action = message.content.components.find((c) => c.sub_type === 'mpm')?.parameters?.[0]
				?.action;
			assert(
				action?.thumbnail_product_retailer_id === 'SKU-00002' &&
					action.sections
						.map((s) => `${s.title}: ${s.product_items.map((p) => p.product_retailer_id)}`)
						.join(' | ') === 'Whole beans: SKU-00001,SKU-00002 | Ground: SKU-00010',
				`sent: ${JSON.stringify(message.content)}`,
			);
		},
	);
}

/** Send Media › Voice Note from a file made in the workflow. */
async function voiceNoteCheck({ flows, execute, control, chatCustomer }) {
	await check(
		'Message › Send Media › Voice Note: an OGG/Opus file made in the workflow goes as a voice note',
		async () => {
			const [item] = await execute(flows.sendVoiceNote);
			const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
			assert(
				message?.type === 'audio' &&
					message.to === chatCustomer &&
					message.content?.id === item.uploaded?.mediaId &&
					message.content.voice === true,
				`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}`,
			);
		},
	);
}

/**
 * Send Text › Split Into Bubbles: a 3,000-character answer as ordered bubbles, "typing…" before
 * each and a pause growing with it (the sandbox's log shows both). The platform's pace for one
 * customer stops it at the third bubble; the retry with the same Idempotency Key, through n8n's
 * own deduplication store, sends only the rest, and a third run nothing.
 */
async function bubblesCheck({ flows, run, control, post, chatCustomer, customerMessage }) {
	await check(
		'Message › Send Text › Split Into Bubbles: ordered bubbles with "typing…" and pauses; a retried item sends none twice',
		async () => {
			const texts = async () =>
				(await control('/messages')).data
					.filter((m) => m.to === chatCustomer && m.type === 'text')
					.map((m) => m.content.body)
					.filter((body) => LONG_ANSWER.includes(body));
			const { data: before } = await control('/requests');
			const since = before.at(-1)?.seq ?? 0;
			await post('/config', { pairRate: { messages: 2, perSeconds: 3600 } });
			let stopped;
			try {
				stopped = (await run(flows.sendBubbles)).resultData?.error;
			} finally {
				await post('/config', { pairRate: { messages: 0 } });
			}
			assert(
				/^Bubbles 1–2 of \d+ were sent \(wamid\.[^,]+, wamid\.[^)]+\)\. Bubble 3 was not sent\. A retry with the same Idempotency Key sends bubbles 3–\d+ only\./.test(
					stopped?.description ?? '',
				),
				`the first run: ${JSON.stringify(stopped)}`,
			);
			const [retried] = outputOf(await run(flows.sendBubbles));
			const sent = await texts();
			assert(
				sent.join(' ').split(/\s+/).join(' ') === LONG_ANSWER.split(/\s+/).join(' ') &&
					sent.length === retried?.messageIds?.length &&
					retried.bubbles.filter((b) => b.sentBefore).length === 2,
				`sent ${sent.length} bubbles; the retry output ${JSON.stringify(retried)}`,
			);
			const [again] = outputOf(await run(flows.sendBubbles));
			assert(
				again?.idempotency?.replayed === true && (await texts()).length === sent.length,
				`a third run: ${JSON.stringify(again)}`,
			);
			// The log: "typing…" on the customer's message before each bubble; the pause before each
			// bubble after the first (of a run) at least the time to type it at 400 a second.
			const log = (await control(`/requests?since=${since}`)).data
				.filter((r) => r.method === 'POST' && /\/messages$/.test(r.url) && r.status === 200)
				.map((r) => ({ time: r.time, body: JSON.parse(r.body) }));
			const pairs = [];
			for (const [index, entry] of log.entries())
				if (entry.body.type === 'text' && log[index - 1]?.body.status === 'read')
					pairs.push({ typing: log[index - 1], bubble: entry });
			assert(
				pairs.length === sent.length &&
					pairs.every(({ typing }) => typing.body.message_id === customerMessage.message_id) &&
					pairs.map(({ bubble }) => bubble.body.text.body).join('|') === sent.join('|'),
				`the log's typing and bubbles: ${JSON.stringify(log.map((l) => l.body.status ?? l.body.type))}`,
			);
			const paused = pairs.filter((_, index) => index !== 0 && index !== 2);
			const short = paused.find(
				({ typing, bubble }) =>
					bubble.time - typing.time < (bubble.body.text.body.length / 400) * 1000 - 5,
			);
			assert(!short, `a pause shorter than typing it: ${JSON.stringify(short)}`);
		},
	);
}

/** Account › Update Business Profile with a photo made in the workflow, then Get. */
async function businessProfileCheck({ flows, run, control, sandbox }) {
	await check(
		'Account › Update Business Profile: About, a website and a photo (the resumable upload), read back by Get',
		async () => {
			const since = (await control('/requests')).data.at(-1)?.seq ?? 0;
			const ran = await run(flows.businessProfile);
			const [updated] = outputOf(ran, 'Update Profile');
			const [profile] = outputOf(ran);
			assert(
				updated?.success === true &&
					updated.updated?.join() === 'about,websites,profile_picture_handle' &&
					updated.profilePhoto?.mimeType === 'image/png',
				`the update's output: ${JSON.stringify(updated)}`,
			);
			assert(
				profile?.about === 'Specialty coffee, roasted every Monday ☕' &&
					profile.websites?.join() === 'https://example.com/coffee' &&
					/^https:\/\//.test(profile.profile_picture_url ?? '') &&
					profile.phoneNumberId === sandbox.phoneNumberIds[0],
				`Get's output: ${JSON.stringify(profile)}`,
			);
			const log = (await control(`/requests?since=${since}`)).data.map(
				(r) => `${r.method} ${r.url.split('?')[0]}`,
			);
			assert(
				log.includes('POST /v3/app/uploads') &&
					log.some((line) => line.startsWith('POST /v3/upload:')),
				'the photo went through the resumable upload',
			);
		},
	);
}

/** Account › Update Conversational Automation, then Get. */
async function conversationalAutomationCheck({ flows, run }) {
	await check(
		'Account › Update Conversational Automation: an ice breaker, a command and the welcome message, read back by Get',
		async () => {
			const ran = await run(flows.conversationalAutomation);
			const [updated] = outputOf(ran, 'Update Automation');
			const [automation] = outputOf(ran);
			assert(
				updated?.updated?.join() === 'enable_welcome_message,prompts,commands',
				`the update's output: ${JSON.stringify(updated)}`,
			);
			assert(
				automation?.enable_welcome_message === true &&
					automation.prompts?.join() === 'Where is my order?' &&
					automation.commands?.[0]?.command_name === 'order',
				`Get's output: ${JSON.stringify(automation)}`,
			);
		},
	);
}

/** Send Template › Send Through › Marketing Messages API. */
async function marketingMessagesCheck({ flows, execute, control, chatCustomer }) {
	await check(
		'Message › Send Template › Send Through › Marketing Messages API: a MARKETING template to /marketing_messages',
		async () => {
			const since = (await control('/requests')).data.at(-1)?.seq ?? 0;
			const [item] = await execute(flows.sendMarketing);
			const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
			const [request] = (await control(`/requests?since=${since}`)).data.filter(
				(r) => r.method === 'POST',
			);
			assert(
				item?.sentThrough === 'marketingMessages' &&
					message?.to === chatCustomer &&
					message.sentThrough === 'marketing_messages' &&
					message.activitySharing === true &&
					/\/marketing_messages$/.test(request?.url ?? '') &&
					JSON.parse(request.body).product_policy === 'STRICT',
				`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}, request ${JSON.stringify(request)}`,
			);
		},
	);
}

/** Analytics › Get Pricing Analytics over the run's own sends, by category. */
async function pricingAnalyticsCheck({ flows, execute }) {
	await check(
		'Analytics › Get Pricing Analytics: what the run’s delivered messages cost, per day and category',
		async () => {
			const items = await execute(flows.pricingAnalytics);
			const categories = items.map((item) => item.pricingCategory);
			assert(
				items.length > 0 &&
					items.every(
						(item) => item.volume > 0 && typeof item.cost === 'number' && item.currency === 'USD',
					) &&
					// The run's template sends (delivered within seconds), and its answers in the chat.
					categories.includes('UTILITY') &&
					categories.includes('SERVICE'),
				`items: ${JSON.stringify(items)}`,
			);
		},
	);
}

/** Send Buttons, whose buttons the trigger flow taps once n8n serves it. */
async function buttonsCheck({ flows, execute, control, chatCustomer, buttonsSent }) {
	await check('Message › Send Buttons sends two reply buttons', async () => {
		const [item] = await execute(flows.sendButtons);
		const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
		assert(
			message?.type === 'interactive' &&
				message.content.type === 'button' &&
				message.content.action.buttons.map((b) => b.reply.id).join() ===
					'deliver-tomorrow,deliver-later',
			`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}`,
		);
		Object.assign(buttonsSent, { messageId: item.messageId, customer: chatCustomer });
	});
}

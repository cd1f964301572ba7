// End-to-end: the package inside a real n8n (installed once into a cache), against the
// sandbox. Imports a credential and workflows, runs each action workflow headless with
// `n8n execute`, and checks its output. Prints "N passed, N failed"; exits 1 on a failure.
//   node e2e/run.mjs
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { assert, check, executionsOf, finish, savedOutput, waitFor } from './checks.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';
import {
	EXAMPLE_WEBHOOK_SECRET,
	EXAMPLES,
	importExamples,
	inboxWebhookUrl,
} from '../tools/n8n/examples.mjs';
import {
	createN8nHome,
	ensureN8n,
	N8N_MAJOR,
	N8N_VERSION,
	SANDBOX_CREDENTIAL,
	startSandbox,
} from '../tools/n8n/index.mjs';

/** The signing secret of the trigger workflow triggerChecks runs (its webhook credential). */
const TRIGGER_SECRET = 'e2e-signing-secret';

/** Everything n8n printed (CLI outputs, the server's log), for the secret scan. */
const said = [];
const heard = (text) => (said.push(text), text);

function workflow(id, name, node) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { Start: { main: [[{ node: 'Business Messaging', type: 'main', index: 0 }]] } },
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-bm`,
				name: 'Business Messaging',
				type: 'n8n-nodes-business-messaging.businessMessaging',
				typeVersion: 1,
				position: [300, 0],
				credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
				...node,
			},
		],
	};
}

/** A workflow whose manual trigger runs `steps` (n8n's own nodes), then the Business Messaging node. */
function chain(id, name, steps, node) {
	const [start, bm] = workflow(id, name, node).nodes;
	const nodes = [
		start,
		...steps.map((step, i) => ({ id: `${id}-${i}`, position: [150 * (i + 1), 0], ...step })),
		{ ...bm, position: [150 * (steps.length + 1), 0] },
	];
	const connections = Object.fromEntries(
		nodes
			.slice(0, -1)
			.map((from, i) => [
				from.name,
				{ main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return { ...workflow(id, name, node), nodes, connections };
}

/** A valid PNG of random pixels: bytes no other file of the run has. */
function randomPng(width, height) {
	const chunk = (type, data) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(body));
		return Buffer.concat([length, body, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bits per channel
	header[9] = 2; // RGB
	const row = 1 + width * 3; // a filter byte (0: none), then the pixels
	const pixels = Buffer.alloc(row * height);
	for (let y = 0; y < height; y++) randomBytes(width * 3).copy(pixels, y * row + 1);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(pixels)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The output items of a node (by default the Business Messaging node) in `n8n execute --rawOutput`'s JSON. */
function outputOf(stdout, nodeName = 'Business Messaging') {
	// Log lines come first; the result is the JSON from the first line that is just "{".
	const start = stdout.search(/^\{\s*$/m);
	if (start < 0) throw new Error(`no result in the output of n8n execute: ${stdout.slice(-500)}`);
	const run = JSON.parse(stdout.slice(start));
	const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? {};
	const error = run.data?.resultData?.error ?? run.resultData?.error;
	if (error) throw new Error(`the workflow failed: ${error.message}`);
	return (runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}

await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: Number(process.env.BM_N8N_PORT ?? 5688) });
try {
	const control = async (path) => (await fetch(sandbox.controlUrl + path)).json();
	const templates = (await control('/templates')).data;
	const orderConfirmation = templates.find(
		(t) => t.name === 'order_confirmation' && t.language === 'en_US',
	).id;
	n8n.importSandboxCredential(sandbox);

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
	/** n8n's own nodes that make `png` the input item's binary file `data`, named `fileName`. */
	const pngFile = (fileName) => [
		{
			name: 'PNG as base64',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				assignments: {
					assignments: [{ id: 'png', name: 'png', value: png.toString('base64'), type: 'string' }],
				},
				options: {},
			},
		},
		{
			name: 'Convert to File',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			parameters: {
				operation: 'toBinary',
				sourceProperty: 'png',
				options: { fileName, mimeType: 'image/png' },
			},
		},
	];
	const flows = {
		sendPhoto: chain(
			'bmE2eSendPhoto01',
			'e2e: send a photo from a binary',
			pngFile('latte-art-e2e.png'),
			{
				parameters: {
					...chat,
					operation: 'sendMedia',
					mediaType: 'image',
					fileSource: 'binary',
					binaryPropertyName: 'data',
					caption: 'Your latte art',
				},
			},
		),
		markAsRead: workflow('bmE2eMarkAsRead1', 'e2e: mark as read, typing', {
			parameters: {
				resource: 'message',
				operation: 'markAsRead',
				phoneNumberId: number,
				messageId: customerMessage.message_id,
				typing: true,
			},
		}),
		react: workflow('bmE2eReact000001', 'e2e: react', {
			parameters: {
				...chat,
				operation: 'react',
				messageId: customerMessage.message_id,
				reactionAction: 'react',
				emoji: '👍',
			},
		}),
		sendList: workflow('bmE2eSendList001', 'e2e: send list', {
			parameters: {
				...chat,
				operation: 'sendList',
				bodyText: 'Which order is your question about?',
				listButton: 'Your orders',
				rowsInput: 'fields',
				rows: {
					row: [
						{ title: 'Order #5005', id: 'order-5005', description: '2 bags of Kenya Nyeri' },
						{ title: 'Order #5006', id: 'order-5006' },
					],
				},
			},
		}),
		moreSends: chain(
			'bmE2eMoreSends01',
			'e2e: location, contacts, link button, and a text that falls back to a template',
			[
				{
					name: 'Send Location',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						...chat,
						operation: 'sendLocation',
						latitude: 52.5200066,
						longitude: 13.404954,
						locationName: 'Acme Coffee Roasters',
					},
				},
				{
					name: 'Send Contacts',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						...chat,
						operation: 'sendContacts',
						contacts: { contact: [{ name: 'Acme Support', phone: '+1 555 012 3401' }] },
					},
				},
				{
					name: 'Send Link Button',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						...chat,
						operation: 'sendLinkButton',
						bodyText: 'Your order has shipped.',
						buttonText: 'Track it',
						url: 'https://shop.example.com/track/5005',
					},
				},
			],
			{
				// To a customer who never wrote: the window is closed, the template goes instead.
				parameters: {
					...chat,
					recipient: '+1 415 555 0199',
					operation: 'sendText',
					text: 'Your order has shipped.',
					ifWindowClosed: 'template',
					fallbackTemplate: { __rl: true, mode: 'name', value: 'hello_world (en_US)' },
					fallbackVariables: { mappingMode: 'defineBelow', value: {} },
				},
			},
		),
		uploadAndUrl: chain(
			'bmE2eUploadUrl01',
			'e2e: upload a file once, get its URL',
			[
				...pngFile('menu-e2e.png'),
				{
					name: 'Upload',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						resource: 'media',
						operation: 'upload',
						phoneNumberId: number,
						binaryPropertyName: 'data',
					},
				},
			],
			{
				parameters: {
					resource: 'media',
					operation: 'getUrl',
					phoneNumberId: number,
					mediaId: '={{ $json.mediaId }}',
				},
			},
		),
		sendButtons: workflow('bmE2eSendButtons', 'e2e: send buttons', {
			parameters: {
				...chat,
				operation: 'sendButtons',
				bodyText: 'Your order #5005 is ready. Deliver it tomorrow?',
				buttonsInput: 'fields',
				replyButtons: {
					button: [
						{ title: 'Yes, tomorrow', id: 'deliver-tomorrow' },
						{ title: 'Later', id: 'deliver-later' },
					],
				},
				headerType: 'none',
			},
		}),
		listNumbers: workflow('bmE2eListNumbers', 'e2e: list numbers', {
			parameters: { resource: 'account', operation: 'listNumbers' },
		}),
		sendTemplate: workflow('bmE2eSendTemplat', 'e2e: send template', {
			parameters: {
				resource: 'message',
				operation: 'sendTemplate',
				phoneNumberId: number,
				recipient: '+1 (415) 555-0100',
				template: { __rl: true, mode: 'list', value: orderConfirmation },
				variables: {
					mappingMode: 'defineBelow',
					value: {
						header_1: '#3003',
						body_1: 'Ana',
						body_2: 'a bag of Kenya Nyeri',
						body_3: 'Friday',
						button_0_url: '3003',
					},
				},
			},
		}),
		products: workflow('bmE2eGetProducts', 'e2e: get products', {
			parameters: {
				resource: 'product',
				operation: 'getMany',
				catalogId: { __rl: true, mode: 'id', value: sandbox.catalogId },
				returnAll: true,
			},
		}),
		download: workflow('bmE2eDownloadMed', 'e2e: download media', {
			parameters: {
				resource: 'media',
				operation: 'download',
				phoneNumberId: number,
				mediaId: sandbox.mediaIds[0],
			},
		}),
	};
	for (const flow of Object.values(flows)) {
		const file = join(n8n.userFolder, `${flow.id}.json`);
		writeFileSync(file, JSON.stringify(flow));
		n8n.cli(['import:workflow', `--input=${file}`]);
	}
	const execute = (flow, nodeName) => outputOf(heard(runWorkflow(flow.id)), nodeName);
	/** `n8n execute`'s stdout; when the workflow failed (exit 1), the error it printed. */
	const runWorkflow = (id) => {
		try {
			return n8n.cli(['execute', `--id=${id}`, '--rawOutput']);
		} catch (error) {
			if (!error.stdout) throw error;
			heard(String(error.stdout));
			heard(String(error.stderr ?? ''));
			outputOf(String(error.stdout));
			const said = `${error.stdout}\n${error.stderr ?? ''}`
				.trim()
				.split('\n')
				.slice(-5)
				.join(' / ');
			throw new Error(`n8n execute exited with ${error.status}: ${said}`);
		}
	};
	const filesDir = join(n8n.userFolder, 'files');
	const examples = importExamples(n8n, { sandboxBaseUrl: sandbox.baseUrl, filesDir });

	await check(`n8n ${N8N_VERSION} runs Account › List Numbers`, () => {
		const items = execute(flows.listNumbers);
		assert(
			items.length === 2 && items[0].phone_number_id === sandbox.phoneNumberIds[0],
			`got ${JSON.stringify(items)}`,
		);
	});
	await check(
		'Message › Send Template sends the variables form and outputs the wamid',
		async () => {
			const [item] = execute(flows.sendTemplate);
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
	await check('Product › Get Many returns the whole catalog', () => {
		const items = execute(flows.products);
		assert(
			items.length === 50 && items[0].retailer_id === 'SKU-00001',
			`got ${items.length} items`,
		);
	});
	await check('Media › Download outputs the file as binary data', () => {
		const [item] = execute(flows.download);
		assert(
			item?.mimeType === 'image/png' && item.fileName === 'latte-art.png',
			`got ${JSON.stringify(item)}`,
		);
	});
	await check(
		'Message › Send Media: a PNG made in the workflow reaches the sandbox byte for byte',
		async () => {
			const [item] = execute(flows.sendPhoto);
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
	await check(
		'Message › Mark as Read with typing: the sandbox records the read receipt and the typing indicator',
		async () => {
			const [item] = execute(flows.markAsRead);
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
		const [item] = execute(flows.react);
		const message = (await control('/messages')).data.find((m) => m.id === item?.messageId);
		assert(
			message?.type === 'reaction' &&
				message.content?.message_id === customerMessage.message_id &&
				message.content.emoji === '👍',
			`output ${JSON.stringify(item)}, sandbox ${JSON.stringify(message)}`,
		);
	});
	await check('Message › Send List sends its rows in one section', async () => {
		const [item] = execute(flows.sendList);
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
	// Sent now; the customer taps a button once n8n serves the trigger (triggerChecks).
	const buttonsSent = {};
	await check(
		'Send Location, Send Contacts, Send Link Button land as sent; a text outside the window falls back to a template',
		async () => {
			const stdout = heard(runWorkflow(flows.moreSends.id));
			const sent = (await control('/messages')).data;
			const byId = (node) => sent.find((m) => m.id === outputOf(stdout, node)[0]?.messageId);
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
			const [fallback] = outputOf(stdout);
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
	await check('Media › Upload stores the file once, Get URL gives its address', async () => {
		const stdout = heard(runWorkflow(flows.uploadAndUrl.id));
		const [uploaded] = outputOf(stdout, 'Upload');
		const [info] = outputOf(stdout);
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
	await check('Message › Send Buttons sends two reply buttons', async () => {
		const [item] = execute(flows.sendButtons);
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
	await check(
		'example "nightly catalog sync": 250 sheet rows go out in 3 batch requests and land in the catalog',
		async () => {
			const stdout = heard(n8n.cli(['execute', `--id=${EXAMPLES.catalog}`, '--rawOutput']));
			const batches = outputOf(stdout, 'Create or replace products');
			assert(
				batches.length === 3 && batches.map((b) => b.productCount).join() === '100,100,50',
				`got ${JSON.stringify(batches.map((b) => b.productCount))}`,
			);
			await fetch(`${sandbox.controlUrl}/clock/advance`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ ms: 60_000 }),
			});
			const listed = await fetch(
				`${sandbox.baseUrl}/${sandbox.catalogId}/products?limit=1&summary=true&filter=${encodeURIComponent(JSON.stringify({ retailer_id: { eq: 'SKU-00250' } }))}&fields=${encodeURIComponent('["retailer_id","price","name"]')}`,
				{ headers: { apikey: sandbox.apiKey } },
			);
			const body = await listed.json();
			assert(
				body.data?.[0]?.retailer_id === 'SKU-00250',
				`listing: ${JSON.stringify(body).slice(0, 300)}`,
			);
			const sheet = await (await fetch(`${sandbox.controlUrl}/demo/products.csv?rows=250`)).text();
			const row = sheet.trimEnd().split('\r\n').pop();
			assert(
				row.startsWith(`SKU-00250,${body.data[0].name},`),
				`the product does not match its row: ${row} / ${JSON.stringify(body.data[0])}`,
			);
		},
	);
	await triggerChecks(n8n, control, examples, filesDir, buttonsSent);
	await check(SECRET_SCAN, async () => {
		await scanForKey({
			sandbox,
			n8n,
			texts: said,
			minRequests: 20,
			secrets: [EXAMPLE_WEBHOOK_SECRET, TRIGGER_SECRET],
		});
	});
} finally {
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}

/**
 * The trigger in a served n8n: activate a trigger workflow, point the sandbox's webhook at it,
 * have the sandbox deliver real events, and count the executions n8n recorded.
 */
async function triggerChecks(n8n, control, examples, filesDir, buttonsSent) {
	const secret = TRIGGER_SECRET;
	const webhookCredential = { id: 'bmE2eWebhookSig1', name: 'e2e trigger webhook' };
	n8n.importWebhookCredential(secret, { as: webhookCredential });
	const webhookId = 'bm-e2e-trigger';
	const flow = {
		id: 'bmE2eTriggerFlow',
		name: 'e2e: trigger',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: 'bmE2eTrigger',
				name: 'Business Messaging Trigger',
				type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				credentials: { businessMessagingSignatureApi: webhookCredential },
				parameters: {
					events: ['incomingMessage', 'messageStatus', 'templateStatus'],
					deliveryAuth: 'signature',
				},
			},
		],
	};
	const file = join(n8n.userFolder, 'trigger.json');
	writeFileSync(file, JSON.stringify(flow));
	n8n.cli(['import:workflow', `--input=${file}`]);
	n8n.activate(flow.id);
	const server = n8n.start();
	server.stdout.on('data', (chunk) => said.push(String(chunk)));
	server.stderr.on('data', (chunk) => said.push(String(chunk)));
	const base = n8n.env.N8N_WEBHOOK_URL.replace(/\/$/, '');
	try {
		await waitFor(
			async () => (await fetch(`${base}/healthz/readiness`)).ok,
			60_000,
			'n8n to be ready',
		);
		const hook = `${base}/webhook/${webhookId}/webhook`;
		// Activation follows readiness: the URL answers 404 until the workflow is registered.
		await waitFor(
			async () =>
				(
					await fetch(hook, {
						method: 'POST',
						body: '{}',
						headers: { 'content-type': 'application/json' },
					})
				).status !== 404,
			60_000,
			'the webhook to be registered',
		);
		const owner = {
			email: 'e2e@example.com',
			firstName: 'E2e',
			lastName: 'Runner',
			password: 'E2e-password-1',
		};
		const setup = await fetch(`${base}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(owner),
		});
		const cookie = (setup.headers.get('set-cookie') ?? '').split(';')[0];
		const executions = () => executionsOf(base, cookie, flow.id);
		const post = (path, body) =>
			fetch(`${sandbox.controlUrl}${path}`, {
				method: path === '/webhook' ? 'PUT' : 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
		await post('/webhook', { url: hook, secret });
		await post('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });

		/** The credential's Test button, as the editor presses it: n8n's verdict. */
		const testCredential = async (data) => {
			const response = await fetch(`${base}/rest/credentials/test`, {
				method: 'POST',
				headers: { cookie, 'content-type': 'application/json' },
				body: JSON.stringify({
					credentials: {
						id: SANDBOX_CREDENTIAL.id,
						name: 'test',
						type: 'businessMessagingApi',
						data,
					},
				}),
			});
			return (await response.json()).data;
		};
		await check(
			"the credential's test button: OK for the demo key, a clear failure for a wrong one",
			async () => {
				const good = await testCredential({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
				const bad = await testCredential({ baseUrl: sandbox.baseUrl, apiKey: 'wrong-key' });
				assert(good?.status === 'OK', `demo key: ${JSON.stringify(good)}`);
				// n8n 1.x answers a refused key with its own words, before the credential's rules.
				const refused =
					N8N_MAJOR === 1
						? /API key was refused|Authorization failed - please check your credentials/
						: /API key was refused/;
				assert(
					bad?.status === 'Error' && refused.test(bad.message),
					`wrong key: ${JSON.stringify(bad)}`,
				);
			},
		);
		await check(
			"the credential's test follows no redirect: the other host gets nothing, and the test says why",
			async () => {
				const heard = [];
				const listen = (handler) =>
					new Promise((resolve) => {
						const server = createServer(handler).listen(0, '127.0.0.1', () => resolve(server));
					});
				const thief = await listen((req, res) => {
					heard.push(req.headers);
					res.setHeader('content-type', 'application/json');
					res.end('{"data":[]}');
				});
				const redirecting = await listen((req, res) => {
					res.statusCode = 302;
					res.setHeader('location', `http://127.0.0.1:${thief.address().port}/v3/getuserdetails`);
					res.end();
				});
				try {
					const result = await testCredential({
						baseUrl: `http://127.0.0.1:${redirecting.address().port}/v3`,
						apiKey: sandbox.apiKey,
					});
					assert(heard.length === 0, `the other host got ${heard.length} request(s)`);
					// n8n 1.x applies no credential rule to an answer it takes as an error: it says the
					// status in its own words.
					const said = N8N_MAJOR === 1 ? /redirect|status code 302/ : /redirect/;
					assert(
						result?.status === 'Error' && said.test(result.message),
						`the test said ${JSON.stringify(result)}`,
					);
				} finally {
					thief.close();
					redirecting.close();
				}
			},
		);
		await check(
			'the trigger in n8n: a forged delivery is refused (401) and starts nothing',
			async () => {
				const response = await fetch(hook, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-hub-signature-256': 'sha256=' + '0'.repeat(64),
					},
					body: JSON.stringify({ object: 'x', entry: [] }),
				});
				assert(response.status === 401, `answered ${response.status}`);
				assert((await executions()).length === 0, 'an execution was started');
			},
		);
		await check(
			'the trigger in n8n: an incoming message, a template approval and three receipts start 5 executions',
			async () => {
				await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: '14155550100',
					type: 'image',
				});
				const pending = (await control('/templates')).data.find((t) => t.status === 'PENDING');
				await post(`/templates/${pending.id}/review`, { outcome: 'APPROVED' });
				const hello = (await control('/templates')).data.find((t) => t.name === 'hello_world');
				const sent = await fetch(`${sandbox.baseUrl}/${sandbox.phoneNumberIds[0]}/messages`, {
					method: 'POST',
					headers: { apikey: sandbox.apiKey, 'content-type': 'application/json' },
					body: JSON.stringify({
						messaging_product: 'whatsapp',
						to: '14155550100',
						type: 'template',
						template: { name: hello.name, language: { code: 'en_US' } },
					}),
				});
				assert(sent.ok, `send answered ${sent.status}`);
				// n8n answers on receipt: wait until the executions have finished, not just started.
				await waitFor(
					async () => {
						const list = await executions();
						return (
							list.length >= 5 &&
							list.every((e) => !['new', 'running', 'waiting'].includes(e.status))
						);
					},
					30_000,
					'5 finished executions',
				);
				const list = await executions();
				assert(list.length === 5, `${list.length} executions`);
				assert(
					list.every((e) => e.status === 'success'),
					`statuses ${list.map((e) => e.status)}`,
				);
				const deliveries = (await control('/webhook/deliveries')).data;
				assert(
					deliveries.length === 5 &&
						deliveries.every((d) => d.status === 'delivered' && d.attempts === 1),
					`deliveries ${JSON.stringify(deliveries.map((d) => [d.status, d.lastStatus]))}`,
				);
			},
		);
		await check(
			'the trigger in n8n: a tap on a reply button arrives with the button’s ID and the message it answers',
			async () => {
				assert(buttonsSent.messageId, 'Send Buttons sent nothing to tap');
				const tap = await post('/incoming', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from: buttonsSent.customer,
					type: 'interactive',
					reply_to: buttonsSent.messageId,
					button_id: 'deliver-later',
				});
				if (!tap.ok) throw new Error(`the sandbox refused the tap: ${await tap.text()}`);
				await waitFor(
					async () => {
						const list = await executions();
						return (
							list.length >= 6 &&
							list.every((e) => !['new', 'running', 'waiting'].includes(e.status))
						);
					},
					30_000,
					'the tap’s execution',
				);
				const [latest] = await executions();
				assert(latest.status === 'success', `execution ${latest.id}: ${latest.status}`);
				const [item] = await savedOutput(base, cookie, latest.id, 'Business Messaging Trigger');
				assert(
					item?.messageType === 'interactive' &&
						item.reply?.id === 'deliver-later' &&
						item.reply.title === 'Later' &&
						item.replyTo === buttonsSent.messageId,
					`trigger item: ${JSON.stringify(item)}`,
				);
			},
		);
		await exampleChecks({ base, cookie, control, post, examples, filesDir });
	} finally {
		server.kill('SIGTERM');
		await new Promise((resolve) => server.once('exit', resolve));
	}
}

/** The example workflows in the served n8n: the CRM webhook, and the inbox fed by the sandbox. */
async function exampleChecks({ base, cookie, control, post, examples, filesDir }) {
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
	const messagesTo = async (to) =>
		(await control('/messages')).data.filter((m) => m.to === to || m.recipient === to);

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

	await post('/webhook', { url: inboxWebhookUrl(base, examples), secret: EXAMPLE_WEBHOOK_SECRET });
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
			const created = await fetch(
				`${sandbox.baseUrl}/${sandbox.businessAccountId}/message_templates`,
				{
					method: 'POST',
					headers: { apikey: sandbox.apiKey, 'content-type': 'application/json' },
					body: JSON.stringify({
						name: 'appointment_reminder',
						language: 'en_US',
						category: 'UTILITY',
						components: [{ type: 'BODY', text: 'Your appointment is tomorrow.' }],
					}),
				},
			);
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

finish();

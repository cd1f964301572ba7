// The editor as a user meets it: Debian's chromium, headless, driven by playwright-core against
// a real n8n with this package and the sandbox. Each step is a check; the moments a person
// choosing this package should see are saved under docs/images/ for the README.
//   node e2e/browser.mjs        (needs: apt-get install chromium)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, selectors } from 'playwright-core';
import { assert, check, finish } from './checks.mjs';
import {
	EXAMPLE_WEBHOOK_SECRET,
	EXAMPLES,
	importExamples,
	exampleTriggerUrl,
	loadExamples,
} from '../tools/n8n/examples.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';
import { SANDBOX_CREDENTIAL, WEBHOOK_CREDENTIAL } from '../tools/n8n/home.mjs';
import {
	createApiKey,
	createN8nHome,
	DEMO_OWNER,
	ensureN8n,
	N8N_VERSION,
	ownerSession,
	publishPending,
	startSandbox,
	waitFor,
} from '../tools/n8n/index.mjs';

const CHROMIUM = process.env.BM_CHROMIUM ?? '/usr/bin/chromium';
const PORT = 5740;
const images = new URL('../docs/images/', import.meta.url).pathname;

if (!existsSync(CHROMIUM)) {
	console.error(`the browser test needs Chromium at ${CHROMIUM}: apt-get install chromium`);
	process.exit(1);
}
await ensureN8n((line) => console.log(line));
mkdirSync(images, { recursive: true });
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: PORT });
n8n.importSandboxCredential(sandbox);
const filesDir = join(n8n.userFolder, 'files');
// The routing example is added in the editor, as a user adds it (its sub-workflows are here).
const examples = importExamples(n8n, {
	sandboxBaseUrl: sandbox.baseUrl,
	filesDir,
	leaveOut: [EXAMPLES.router],
});
const server = n8n.start();
let printed = '';
server.stdout.on('data', (chunk) => (printed += chunk));
server.stderr.on('data', (chunk) => (printed += chunk));
const base = `http://127.0.0.1:${PORT}`;
// n8n's own tests find elements by data-test-id.
selectors.setTestIdAttribute('data-test-id');
const browser = await chromium.launch({
	executablePath: CHROMIUM,
	args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
	await waitFor(async () => (await fetch(`${base}/healthz/readiness`)).ok, 120_000, 'n8n');
	// The owner account through the REST API, as n8n's own browser tests do; its cookie logs the browser in.
	const cookie = await ownerSession(base, DEMO_OWNER.firstName, DEMO_OWNER);
	await publishPending(n8n, base, cookie);
	const [cookieName, cookieValue] = cookie.split('=');
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
	await context.addCookies([
		{ name: cookieName, value: cookieValue, domain: '127.0.0.1', path: '/' },
	]);
	const page = await context.newPage();
	page.setDefaultTimeout(20_000);
	const shot = async (name) => page.screenshot({ path: join(images, `${name}.png`) });
	const param = (label) => page.locator('.parameter-item').filter({ hasText: label }).first();
	/** A field's text box, by parameter name. */
	const input = (name, scope = page) =>
		scope.getByTestId(`parameter-input-${name}`).locator('input, textarea').first();
	/** The text on screen, where the page also holds hidden copies of it. */
	const visible = (text) => page.getByText(text, { exact: true }).filter({ visible: true }).first();
	/** The options a dropdown shows. */
	const option = (text) =>
		page.getByRole('option').filter({ visible: true }).filter({ hasText: text }).first();
	/** Picks `text` in the dropdown of parameter `name`. */
	const choose = async (name, text, scope = page) => {
		await scope.getByTestId(`parameter-input-${name}`).click();
		await option(text).click();
	};
	/** A new workflow, the node panel open on our node found by `search`. */
	const openOurNode = async (search) => {
		await page.goto(`${base}/workflow/new`);
		await page.getByTestId('canvas-add-button').click();
		await page.getByTestId('node-creator-search-bar').fill(search);
		await page
			.getByTestId('node-creator-item-name')
			.getByText('Business Messaging', { exact: true })
			.click();
	};
	/** A new workflow with our action node, opened on one of its actions. */
	const addAction = async (action) => {
		await openOurNode('Business Messaging');
		// An empty canvas lists the triggers first, the actions folded.
		await page.getByText(/^Actions \(\d+\)$/).click();
		await page.getByTestId('node-creator-item-name').getByText(action, { exact: true }).click();
	};
	/** A new workflow with our trigger, found by "whatsapp", its panel open. */
	const addTrigger = async () => {
		await openOurNode('whatsapp');
		await page
			.getByTestId('node-creator-item-name')
			.getByText('On incoming message', { exact: true })
			.click();
	};
	/** Adds the option `label` of the node's first Options collection (its Add option list). */
	const addOption = async (label) => {
		await page.getByTestId('collection-parameter-add').filter({ visible: true }).first().click();
		await page
			.getByTestId('collection-parameter-option')
			.filter({ visible: true })
			.filter({ hasText: label })
			.first()
			.click();
	};
	/**
	 * Opens the credential list `select`. n8n may mount the field anew just after it appears (it
	 * fills the node's other credentials then): a click on the old one opens nothing, as measured
	 * with two API credentials saved, so the click is made again until the list is open.
	 */
	const openCredentialList = async (select) => {
		const expanded = select.locator('input[aria-expanded="true"]');
		for (let attempt = 1; ; attempt++) {
			await select.click();
			const opened = await expanded
				.waitFor({ timeout: 2000 })
				.then(() => true)
				.catch(() => false);
			if (opened) return;
			if (attempt === 3) throw new Error('the credential list did not open in 3 clicks');
		}
	};
	/**
	 * After Ctrl+S: the workflow as n8n's database holds it, once the save has landed. The editor
	 * shows the workflow's ID before a slow save is in the database (a busy machine), so the ID in
	 * the address alone is not proof of it.
	 */
	const savedWorkflow = async () => {
		await page.waitForURL(/\/workflow\/[A-Za-z0-9]+/);
		let saved;
		await waitFor(
			async () => {
				const id = new URL(page.url()).pathname.split('/')[2];
				const response = await fetch(`${base}/rest/workflows/${id}`, { headers: { cookie } });
				saved = response.ok ? (await response.json()).data : undefined;
				return Array.isArray(saved?.nodes) && saved.nodes.length > 0;
			},
			30_000,
			'the workflow saved in n8n',
		);
		return saved;
	};
	/** The panel's credential field labelled `label`. */
	const credentialSlot = (label) =>
		page
			.getByTestId('node-credentials-slot')
			.filter({ visible: true })
			.filter({ has: page.getByText(label, { exact: true }) });
	/** Picks the credential `name` (else the first) in the field labelled `label`, unless n8n did. */
	const pickCredential = async (label, name) => {
		const select = credentialSlot(label).getByTestId('node-credentials-select');
		const shown = await select.locator('input').first().inputValue();
		if (shown && (!name || shown === name)) return;
		await openCredentialList(select);
		// Each item's test ID ends with its credential's ID; the last one creates a new credential.
		await page
			.locator('[data-test-id^="node-credentials-select-item-"]:not([data-test-id$="-new"])')
			.filter({ visible: true })
			.filter({ hasText: name ?? '' })
			.first()
			.click();
	};
	/**
	 * Creates a credential from the field labelled `label`, filling `fields` by their labels. With
	 * no credential of its type yet, n8n shows a Connect button in place of the list.
	 */
	const newCredential = async (label, fields) => {
		const slot = credentialSlot(label);
		const connect = slot.getByTestId('node-credentials-empty-state').locator('button');
		if (await connect.isVisible()) await connect.click();
		else {
			await openCredentialList(slot.getByTestId('node-credentials-select'));
			await page.getByTestId('node-credentials-select-item-new').filter({ visible: true }).click();
		}
		for (const [field, value] of Object.entries(fields))
			await page
				.getByTestId('credential-connection-parameter')
				.filter({ hasText: field })
				.locator('input')
				.fill(value);
		await page.getByTestId('credential-save-button').click();
		// Saved, the dialog closes and the field holds the new credential.
		await waitFor(
			async () =>
				(await slot
					.getByTestId('node-credentials-select')
					.locator('input')
					.first()
					.inputValue()) !== '',
			20_000,
			'the new credential in the field',
		);
	};
	const pickFromList = async (label, search, item) => {
		await param(label).getByTestId('rlc-input').click();
		if (search) await page.getByTestId('rlc-search').fill(search);
		await page.getByTestId('rlc-item').filter({ hasText: item }).first().click();
	};

	await check(
		`n8n ${N8N_VERSION} in Chromium: a new credential with base URL and key passes its test; a wrong key gets a clear failure`,
		async () => {
			await page.goto(`${base}/home/credentials`);
			await page.getByRole('button', { name: 'Create credential' }).first().click();
			await page
				.getByTestId('new-credential-type-select')
				.locator('input')
				.fill('Business Messaging');
			await page
				.getByTestId('new-credential-type-select-option')
				.filter({ hasText: 'Business Messaging API' })
				.first()
				.click();
			await page.getByTestId('new-credential-type-button').click();
			const field = (label) =>
				page
					.getByTestId('credential-connection-parameter')
					.filter({ hasText: label })
					.locator('input');
			await field('Base URL').fill(sandbox.baseUrl);
			await field('API Key').fill(sandbox.apiKey);
			await page.getByTestId('credential-save-button').click();
			await page.getByText('Connection tested successfully').waitFor();
			await shot('credential-test-ok');
			await field('API Key').fill('wrong-key');
			await page.getByTestId('credential-save-button').click();
			await page.getByText('Couldn’t connect with these settings').waitFor();
			await page.getByText('More details').click();
			await page.getByText(/The API key was refused/).waitFor();
			await shot('credential-wrong-key');
			// Put it right again: the later steps pick a credential of this type.
			await field('API Key').fill(sandbox.apiKey);
			await page.getByTestId('credential-save-button').click();
			await page.getByText('Connection tested successfully').waitFor();
			await page.keyboard.press('Escape');
		},
	);

	await check(
		'Workflow 2, send a template with variables: no JSON, a form titled Template Variables whose labels are read whole; a value left empty is named by its label, with its example',
		async () => {
			await addAction('Send a template message');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 (415) 555-0100');
			await pickFromList('Template', 'order', 'order_confirmation (en_US)');
			const labels = [
				'Header {{1}} (e.g. #1001)',
				'Body {{1}} (e.g. Maria)',
				// No room for its example: the template's own words around {{2}} say what goes there.
				'“…order of {{2}}. It…”',
				'Body {{3}} (e.g. Monday)',
				'"Track order" URL end',
			];
			const values = ['#4242', 'Ana', '', 'Friday', '4242'];
			const mapper = page.getByTestId('resource-mapper-container');
			await mapper.getByText('Template Variables', { exact: true }).waitFor();
			for (const [i, label] of labels.entries()) {
				const field = mapper.locator('.parameter-item').filter({ hasText: label }).first();
				if (values[i]) await field.getByTestId('parameter-input-field').fill(values[i]);
				// n8n cuts a label that does not fit, with no way to read the rest: each fits.
				const cut = await field
					.getByText(label, { exact: true })
					.first()
					.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
				assert(!cut, `the label ${label} is cut`);
			}
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			await output
				.getByText('Template Variables › “…order of {{2}}. It…” is required')
				.first()
				.waitFor();
			await output
				.getByText(/2 bags of Ethiopia Yirgacheffe/)
				.first()
				.waitFor();
			const body2 = mapper
				.locator('.parameter-item')
				.filter({ hasText: '“…order of {{2}}. It…”' })
				.first();
			await body2.getByTestId('parameter-input-field').fill('a bag of Kenya Nyeri');
			// The refusal's toast off the picture; the output panel still shows it.
			for (const close of await page.locator('.el-notification__closeBtn').all())
				await close.click();
			await shot('send-template-form');
			await page.getByTestId('node-execute-button').first().click();
			await output
				.getByText(/wamid\./)
				.first()
				.waitFor();
			await shot('send-template-output');
			const sent = (await (await fetch(`${sandbox.controlUrl}/messages`)).json()).data.find(
				(m) => m.to === '14155550100',
			);
			assert(
				sent?.template?.name === 'order_confirmation',
				`the sandbox got ${JSON.stringify(sent)}`,
			);
		},
	);

	/** A customer writes to the sandbox's first number: answers are accepted for 24 hours. */
	const customerWrites = async () => {
		const response = await fetch(`${sandbox.controlUrl}/incoming`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550100',
				text: 'Is my order ready?',
			}),
		});
		assert(response.ok, `the sandbox refused the customer's message: ${await response.text()}`);
	};
	const lastSent = async () =>
		(await (await fetch(`${sandbox.controlUrl}/messages`)).json()).data.at(-1);

	const control = async (path, body, method = 'POST') => {
		const response = await fetch(`${sandbox.controlUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const answer = await response.text();
		assert(response.ok, `${path}: ${response.status} ${answer}`);
		return JSON.parse(answer);
	};
	/** The first message the sandbox got that `matches`, once it came. */
	const sentMessage = async (matches) => {
		for (let tries = 0; tries < 150; tries++) {
			const found = (await (await fetch(`${sandbox.controlUrl}/messages`)).json()).data.find(
				matches,
			);
			if (found) return found;
			await new Promise((r) => setTimeout(r, 200));
		}
		return undefined;
	};
	/** Types an expression into the field labelled `label`, switched to Expression. */
	const expression = async (label, text) => {
		const field = param(label);
		await field.hover();
		await field.getByText('Expression', { exact: true }).click();
		await field.getByTestId('inline-expression-editor-input').click();
		// The editor closes the braces itself.
		await page.keyboard.type(text);
	};
	/** Opens the node panel from the canvas's first + and picks our node's `action` found by `search`. */
	const addNext = async (search, action) => {
		// The first output's +: a trigger of version 1.2 has its Refusals output below Events.
		await page.getByTestId('canvas-handle-plus').first().click();
		await page.getByTestId('node-creator-search-bar').fill(search);
		await page
			.getByTestId('node-creator-item-name')
			.getByText('Business Messaging', { exact: true })
			.click();
		await page.getByTestId('node-creator-item-name').getByText(action, { exact: true }).click();
	};
	/** Until n8n has saved the execution as waiting: until then, it answers its resume address with an error. */
	const untilWaiting = async (executionId) => {
		let status;
		for (let tries = 0; tries < 100 && status !== 'waiting'; tries++) {
			const response = await fetch(`${base}/rest/executions/${executionId}`, {
				headers: { cookie },
			});
			const body = response.ok ? await response.json() : {};
			status = body.data?.status ?? body.status;
			if (status !== 'waiting') await new Promise((r) => setTimeout(r, 200));
		}
		assert(status === 'waiting', `execution ${executionId} is ${status}`);
	};

	await check(
		'Workflow 1, answer a customer with buttons: found by "whatsapp" and "send buttons", Sender left empty; a customer who writes to the second number is answered from it',
		async () => {
			await addTrigger();
			// A new trigger checks the app's signature: its credential, right under Authentication.
			await pickCredential(
				'Credential for Business Messaging Webhook Signature API',
				WEBHOOK_CREDENTIAL.name,
			);
			await page.getByTestId('ndv-close-button').click();
			await addNext('send buttons', 'Send a message with buttons');
			// The Docs link lands on its section: nothing after the anchor.
			const docs = await page
				.getByTestId('ndv')
				.getByRole('link', { name: /Docs/ })
				.getAttribute('href');
			assert(/README\.md#operations$/.test(docs ?? ''), `Docs link: ${docs}`);
			// Sender stays empty: it says what that means.
			await param('Sender').getByText('The number the customer wrote to').waitFor();
			await expression('Recipient', '{{ $json.sendTo');
			await input('bodyText').fill('Thanks for your message! How can we help?');
			const buttons = page.getByTestId('fixed-collection-replyButtons');
			for (const [i, title] of ['Order status', 'Price list', 'Talk to us'].entries()) {
				await buttons.getByText('Add Button (up to 3)').click();
				await buttons.getByTestId('parameter-input-title').nth(i).locator('input').fill(title);
			}
			await shot('send-buttons-form');
			await page.getByTestId('ndv-close-button').click();
			// The canvas names the operation and the trigger's event as the form does.
			const subtitles = await page.getByTestId('canvas-node').allInnerTexts();
			assert(
				subtitles.some((t) => t.includes('Incoming Message')) &&
					subtitles.some((t) => t.includes('Send Buttons')),
				`canvas: ${JSON.stringify(subtitles)}`,
			);
			await page.keyboard.press('Control+s');
			const { nodes } = await savedWorkflow();
			const trigger = nodes.find((n) => n.type.endsWith('.businessMessagingTrigger'));
			// The platform delivers to the trigger's Test URL while the editor listens.
			await control(
				'/webhook',
				{
					url: `${base}/webhook-test/${trigger.webhookId}/webhook`,
					secret: EXAMPLE_WEBHOOK_SECRET,
				},
				'PUT',
			);
			await page.getByTestId('execute-workflow-button').click();
			await page.getByText('Waiting for you to create an event in Business Messaging').waitFor();
			const second = sandbox.phoneNumberIds[1];
			const { message_id: written } = await control('/incoming', {
				phone_number_id: second,
				from: '14155550166',
				name: 'Sam',
				text: 'Hi! Do you ship to Canada?',
			});
			const sent = await sentMessage((m) => m.to === '14155550166');
			assert(
				sent?.type === 'interactive' &&
					sent.phoneNumberId === second &&
					sent.content.action.buttons.map((b) => b.reply.title).join() ===
						'Order status,Price list,Talk to us',
				`the customer who wrote ${written} got ${JSON.stringify(sent)}`,
			);
			await page.getByText('Workflow executed successfully').first().waitFor();
			// The toast and the item counts slide in.
			await page.waitForTimeout(1000);
			await shot('send-buttons-output');
		},
	);

	await check(
		'Message › Send Media: the kinds, the file sources (input binary, link, media ID), a caption; a document by link sent',
		async () => {
			await customerWrites();
			await addAction('Send a media message');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 (415) 555-0100');
			await choose('mediaType', /^Document/);
			// The sources a user chooses from, input binary first.
			await page.getByTestId('parameter-input-fileSource').click();
			for (const source of ['Input Binary', 'Link', 'Media ID']) await option(source).waitFor();
			await shot('send-media-sources');
			await option(/^Link/).click();
			await input('link').fill('https://shop.example.com/price-list.pdf');
			await input('caption').fill('Our price list');
			await input('fileName').fill('Price list.pdf');
			await shot('send-media-form');
			await page.getByTestId('node-execute-button').first().click();
			await page
				.getByTestId('output-panel')
				.getByText(/wamid\./)
				.first()
				.waitFor();
			const sent = await lastSent();
			const document = sent?.content;
			assert(
				sent?.type === 'document' &&
					document?.link === 'https://shop.example.com/price-list.pdf' &&
					document?.filename === 'Price list.pdf',
				`the sandbox got ${JSON.stringify(sent)}`,
			);
		},
	);

	await check(
		'Template › Create with the form: text header, body with two variables, footer, URL button, no JSON; PENDING',
		async () => {
			await addAction('Create a template');
			await param('Business Account').getByTestId('rlc-input').click();
			await page.getByTestId('rlc-item').first().click();
			await input('name').fill('shipping_update');
			await choose('headerType', /^Text/);
			await input('headerText').fill('Order {{1}}');
			await input('headerExample').fill('#1001');
			// Typed as a user types: "{{1}}" must stay text, not turn the field into an expression.
			await input('body').click();
			await page.keyboard.type('Hi {{1}}, your order ships on {{2}}.');
			const examples = page.getByTestId('fixed-collection-bodyExamples');
			await examples.getByTestId('fixed-collection-add').click();
			await examples.getByTestId('fixed-collection-add').click();
			await examples.getByTestId('parameter-input-value').nth(0).locator('input').fill('Maria');
			await examples.getByTestId('parameter-input-value').nth(1).locator('input').fill('Monday');
			await input('footer').fill('Acme Coffee Roasters');
			const buttons = page.getByTestId('fixed-collection-buttons');
			await buttons.getByTestId('fixed-collection-add').click();
			await choose('type', 'URL', buttons);
			await input('text', buttons).fill('Track order');
			await input('url', buttons).fill('https://shop.example.com/track');
			// A URL button shows only its own fields; its example only for a URL that ends in {{1}}.
			for (const other of ['code', 'phoneNumber', 'urlExample'])
				assert(
					(await buttons.getByTestId(`parameter-input-${other}`).count()) === 0,
					`a URL button shows ${other}`,
				);
			await shot('template-create-form');
			await page.getByTestId('node-execute-button').first().click();
			await page.getByTestId('output-panel').getByText('PENDING').first().waitFor();
			await shot('template-create-output');
			const created = (await (await fetch(`${sandbox.controlUrl}/templates`)).json()).data.find(
				(t) => t.name === 'shipping_update',
			);
			const kinds = (created?.components ?? []).map((c) => c.type).join();
			assert(
				created?.status === 'PENDING' && kinds === 'HEADER,BODY,FOOTER,BUTTONS',
				`the sandbox got ${JSON.stringify(created)}`,
			);
			const body = created.components.find((c) => c.type === 'BODY');
			assert(
				body.text === 'Hi {{1}}, your order ships on {{2}}.' &&
					JSON.stringify(body.example) === '{"body_text":[["Maria","Monday"]]}',
				`body ${JSON.stringify(body)}`,
			);
		},
	);

	await check(
		'the trigger panel shows its webhook URL, where to register it, and the event filters',
		async () => {
			await page.goto(`${base}/workflow/bmExampleInbox001/inb-trigger-01`);
			await page.getByText('Copy the Production URL above into the provider dashboard').waitFor();
			for (const text of [
				'Events',
				'Incoming Message',
				'Template Status',
				'Authentication',
				'Download Incoming Media',
			])
				await visible(text).waitFor();
			await visible('Webhook URLs').click();
			await visible('Production URL').click();
			await page
				.getByText(`${base}/webhook/b7e4c2d0-3f1a-4e8b-9c55-7a6b5c4d3e2f/webhook`)
				.filter({ visible: true })
				.first()
				.waitFor();
			await shot('trigger-panel');
		},
	);

	await check(
		'a new trigger (1.1), Numbers: Filtered Only says publishing registers nothing; Sent Here says publishing points the numbers here',
		async () => {
			const created = await fetch(`${base}/rest/workflows`, {
				method: 'POST',
				headers: { cookie, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'Numbers of a new trigger',
					settings: { executionOrder: 'v1' },
					connections: {},
					nodes: [
						{
							id: 'numbers-trigger',
							name: 'Business Messaging Trigger',
							type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
							typeVersion: 1.1,
							position: [0, 0],
							webhookId: 'numbers-of-a-new-trigger',
							credentials: {
								businessMessagingApi: SANDBOX_CREDENTIAL,
								businessMessagingSignatureApi: WEBHOOK_CREDENTIAL,
							},
							parameters: { events: ['incomingMessage'], deliveryAuth: 'signature' },
						},
					],
				}),
			});
			const { data } = await created.json();
			assert(created.ok && data?.id, `workflow not created: ${created.status}`);
			await page.goto(`${base}/workflow/${data.id}/numbers-trigger`);
			const notice = (start) => page.getByText(start, { exact: false }).filter({ visible: true });
			const filtered = notice('Publishing registers nothing');
			const sentHere = notice('Publishing makes these numbers send');
			await choose('numberRouting', 'Chosen Numbers, Filtered Only');
			await visible('Phone Number Names or IDs').waitFor();
			await filtered.first().waitFor();
			assert((await sentHere.count()) === 0, 'the Sent Here notice shows with the filter');
			await choose('numberRouting', 'Chosen Numbers, Sent Here');
			await sentHere.first().waitFor();
			await filtered.first().waitFor({ state: 'detached' });
			// The credential's numbers, listed as the number with its ID.
			await choose('phoneNumberIds', `(ID ${sandbox.phoneNumberIds[1]})`);
			await page.keyboard.press('Escape');
			await visible('Numbers').click();
			await shot('trigger-numbers');
		},
	);

	await check(
		'Product › Get Many: a condition from the form, run, the matching products out',
		async () => {
			await addAction('Get many products');
			// The catalogs connected to the account, in a list: no ID to look up.
			await pickFromList('Catalog', '', 'Acme Coffee Shop');
			const conditions = page.getByTestId('fixed-collection-conditions');
			await conditions.getByTestId('fixed-collection-add').click();
			await conditions.getByTestId('parameter-input-operator').click();
			await page
				.getByRole('option')
				.filter({ visible: true })
				.filter({ hasText: 'Contains (Any Case)' })
				.first()
				.click();
			await conditions.getByTestId('parameter-input-value').locator('input').fill('kenya');
			await page.getByTestId('parameter-input-returnAll').click();
			await shot('product-get-many-form');
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			// 50 seeded products, one origin in ten: 5 from Kenya.
			await output.getByText('5 items').first().waitFor();
			await output
				.getByText(/Kenya Nyeri/)
				.first()
				.waitFor();
		},
	);

	await check(
		'Media › Download runs from the form and shows the file in the output panel',
		async () => {
			await addAction('Download a media file');
			await pickFromList('Phone Number', '', '+15550123401');
			await param('Media ID').getByTestId('parameter-input-field').fill(sandbox.mediaIds[0]);
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			await output.getByText('latte-art.png').first().waitFor();
			await shot('media-download-output');
		},
	);
	await check(
		'Workflow 3, ask a manager for an approval: found by "approval", asked with an approved template since the manager never wrote; their tap on its quick-reply button resumes the node',
		async () => {
			// The chat's answers reach the inbox example's active trigger, which hands them over.
			await control(
				'/webhook',
				{ url: exampleTriggerUrl(base, examples), secret: EXAMPLE_WEBHOOK_SECRET },
				'PUT',
			);
			await page.goto(`${base}/workflow/new`);
			await page.getByTestId('canvas-add-button').click();
			await page.getByTestId('node-creator-search-bar').fill('manual');
			await page.getByTestId('node-creator-item-name').getByText('Manual Trigger').click();
			await addNext('approval', 'Send a message and wait for the answer');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 415 555 0177');
			await choose('askWith', 'An Approved Template');
			await pickFromList('Question Template', 'approval', 'approval_request (en_US)');
			const mapper = page.getByTestId('resource-mapper-container');
			await mapper.getByText('Question Template Variables').waitFor();
			await mapper
				.locator('.parameter-item')
				// 'Approval needed: {{1}}', its example too long for the label.
				.filter({ hasText: '“…needed: {{1}}”' })
				.first()
				.getByTestId('parameter-input-field')
				.fill('Refund of 25.00 EUR for order #1001');
			await page.getByTestId('parameter-input-askWith').scrollIntoViewIfNeeded();
			await shot('send-and-wait-form');
			await page.getByTestId('node-execute-button').first().click();
			const sent = await sentMessage((m) => m.to === '14155550177');
			assert(sent?.type === 'template', `the manager got ${JSON.stringify(sent)}`);
			// The manager taps Approve once the execution waits (n8n saves it as waiting just after
			// the node sent the question); the buttons' payloads name it.
			const payload = sent.content.components.find((c) => c.sub_type === 'quick_reply')
				.parameters[0].payload;
			await untilWaiting(payload.split('/')[2]);
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550177',
				type: 'button',
				reply_to: sent.id,
				button_index: 0,
			});
			const output = page.getByTestId('output-panel');
			await output.getByText('answeredThrough').first().waitFor({ timeout: 60_000 });
			await shot('send-and-wait-output');
		},
	);

	await check(
		'Chat › Hand Over from the editor, no JSON (a note in Options): the inbox example answers that customer nothing; Hand Back, and it answers again',
		async () => {
			// The inbox example's trigger (Process Memory, as the node's default) takes the chat.
			await control(
				'/webhook',
				{ url: exampleTriggerUrl(base, examples), secret: EXAMPLE_WEBHOOK_SECRET },
				'PUT',
			);
			const customer = '14155550189';
			const answersTo = async () =>
				(await (await fetch(`${sandbox.controlUrl}/messages`)).json()).data.filter(
					(m) => m.to === customer,
				).length;
			await addAction('Hand a chat over to a person');
			await pickFromList('Phone Number', '', '+15550123401');
			await param('Customer').getByTestId('parameter-input-field').fill('+1 415 555 0189');
			await addOption('Note');
			await param('Note').locator('textarea, input').first().fill('Asked for a refund');
			await shot('chat-hand-over-form');
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			await output.getByText('handedOverAt').first().waitFor();
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				text: 'Where is my refund?',
			});
			await control('/webhook/flush', {});
			// The example would answer within a second or two: give it five.
			await new Promise((resolve) => setTimeout(resolve, 5_000));
			assert((await answersTo()) === 0, `${await answersTo()} answers to a handed-over chat`);
			// The same node, its operation switched: the chat's fields stay.
			await choose('operation', 'Hand Back to the Workflow');
			await page.getByTestId('node-execute-button').first().click();
			await output.getByText('handedBackAt').first().waitFor();
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: customer,
				text: 'Thanks, anyone there?',
			});
			await waitFor(async () => (await answersTo()) === 1, 30_000, 'the example’s answer');
		},
	);

	await check(
		'the trigger’s handover options from the form, no JSON: Pause the Workflow When a Person Answers, Skip Chats a Person Is Handling › Marked',
		async () => {
			await page.goto(`${base}/workflow/bmExampleInbox001/inb-trigger-01`);
			await addOption('Pause the Workflow When a Person Answers');
			await param('Pause the Workflow When a Person Answers').locator('input').first().fill('15');
			await addOption('Skip Chats a Person Is Handling');
			await choose('skipHandledChats', 'No, Start the Workflow, Marked');
			await visible('Skip Chats a Person Is Handling').waitFor();
			await page.keyboard.press('Escape');
			await page.keyboard.press('Control+s');
			await waitFor(
				async () => {
					const saved = await (
						await fetch(`${base}/rest/workflows/bmExampleInbox001`, { headers: { cookie } })
					).json();
					const options = saved.data.nodes.find((n) => n.id === 'inb-trigger-01').parameters
						.options;
					return options.pauseWhenPersonAnswers === 15 && options.skipHandledChats === 'mark';
				},
				20_000,
				'the saved options',
			);
		},
	);

	await check(
		'Message › Send and Wait for Response from the editor: an approval answered on the Web Page; the node waits, then shows approved',
		async () => {
			await customerWrites();
			await addAction('Send a message and wait for the answer');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 (415) 555-0100');
			await input('bodyText').fill('Refund of 25.00 EUR for order #1001: approve?');
			await choose('answerThrough', /^Web Page/);
			await input('linkButtonText').fill('Open the request');
			await input('limitAmount').fill('2');
			await choose('limitUnit', /^Hours/);
			await page.getByTestId('node-execute-button').first().click();
			// The question went out as a link button to this n8n's page; the execution waits.
			let sent;
			for (let tries = 0; tries < 100 && sent?.content?.type !== 'cta_url'; tries++) {
				await new Promise((r) => setTimeout(r, 200));
				sent = await lastSent();
			}
			const url = sent?.content?.action?.parameters?.url;
			assert(
				typeof url === 'string' && url.startsWith(`${base}/webhook-waiting/`),
				`the sandbox got ${JSON.stringify(sent)}`,
			);
			// The customer opens the page once the execution waits: n8n saves it as waiting just after
			// the node sent the question, and answers its page with an error until then.
			await untilWaiting(new URL(url).pathname.split('/')[2]);
			// The customer opens the page and taps Approve.
			const form = await fetch(url);
			assert(form.ok, `the page answered ${form.status}: ${(await form.text()).slice(0, 300)}`);
			const answered = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'answer=approve',
			});
			assert(answered.ok, `the answer got ${answered.status}`);
			const output = page.getByTestId('output-panel');
			await output.getByText('answeredThrough').first().waitFor({ timeout: 60_000 });
		},
	);

	await check(
		'Message › Send Flow from the editor: the flow picked from the sender account’s list, the form filled, run: the Flow goes out with its token in the output',
		async () => {
			await customerWrites();
			await addAction('Send a flow message');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 (415) 555-0100');
			await pickFromList('Flow', 'book', 'book_appointment');
			await input('flowButtonText').fill('Book a visit');
			await input('flowScreen').fill('APPOINTMENT');
			await choose('flowScreenDataInput', /^Using Fields Below/);
			const data = page.getByTestId('fixed-collection-flowScreenData');
			await data.getByText('Add Field').click();
			await data.getByTestId('parameter-input-name').locator('input').fill('name');
			await data.getByTestId('parameter-input-value').locator('input').fill('Ada');
			await input('bodyText').fill('Pick a day and time for your visit to the tasting room.');
			await shot('send-flow-form');
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			await output.getByText('flowToken').first().waitFor();
			const sent = await sentMessage((m) => m.to === '14155550100' && m.content?.type === 'flow');
			const parameters = sent?.content?.action?.parameters ?? {};
			assert(
				parameters.flow_cta === 'Book a visit' &&
					parameters.flow_action_payload?.screen === 'APPOINTMENT' &&
					parameters.flow_action_payload?.data?.name === 'Ada' &&
					typeof parameters.flow_token === 'string',
				`the sandbox got ${JSON.stringify(sent)}`,
			);
		},
	);

	await check(
		'Message › Send Product List from the editor: two sections, their products searched in the catalog’s list, run: the list goes out',
		async () => {
			await customerWrites();
			await addAction('Send a product list message');
			await pickFromList('Sender', '', '+15550123401');
			await param('Recipient').getByTestId('parameter-input-field').fill('+1 (415) 555-0100');
			await pickFromList('Catalog', '', 'Acme Coffee Shop');
			await input('headerText').fill('Acme Coffee this week');
			await input('bodyText').fill('Open a coffee, add it to your cart and send it.');
			const sections = page.getByTestId('fixed-collection-productSections');
			const picks = [
				['Whole beans', ['kenya', 'Kenya Nyeri Whole Bean']],
				['Ground', ['rwanda', 'Rwanda Huye Ground']],
			];
			for (const [i, [title, [search, item]]] of picks.entries()) {
				await sections.getByText('Add Section (up to 10)').click();
				const section = sections.getByTestId('fixed-collection-products').nth(i);
				await sections.getByTestId('parameter-input-title').nth(i).locator('input').fill(title);
				await section.getByText('Add Product').click();
				await section.getByTestId('rlc-input').first().click();
				await page.getByTestId('rlc-search').fill(search);
				await page.getByTestId('rlc-item').filter({ hasText: item }).first().click();
			}
			await shot('send-product-list-form');
			await page.getByTestId('node-execute-button').first().click();
			const output = page.getByTestId('output-panel');
			await output.getByText('productRetailerIds').first().waitFor();
			const sent = await sentMessage(
				(m) => m.to === '14155550100' && m.content?.type === 'product_list',
			);
			const listed = (sent?.content?.action?.sections ?? []).map(
				(section) => `${section.title}: ${section.product_items.length}`,
			);
			assert(
				listed.join() === 'Whole beans: 1,Ground: 1',
				`the sandbox got ${JSON.stringify(sent)}`,
			);
		},
	);

	await check(
		'One app, several workflows: the routing example imported from its file in the editor and published; a customer’s message is answered by its sub-workflow, a forged delivery is refused and reported in the router’s executions',
		async () => {
			const { workflow } = loadExamples({ sandboxBaseUrl: sandbox.baseUrl, filesDir }).find(
				(example) => example.workflow.id === EXAMPLES.router,
			);
			const file = join(n8n.userFolder, 'one-app-several-workflows.json');
			writeFileSync(file, JSON.stringify(workflow));
			await page.goto(`${base}/workflow/new`);
			await page.getByTestId('workflow-menu').click();
			await page.getByTestId('workflow-menu-item-import').hover();
			const [chooser] = await Promise.all([
				page.waitForEvent('filechooser'),
				page.getByTestId('workflow-menu-item-import-from-file').click(),
			]);
			await chooser.setFiles(file);
			await page.getByTestId('canvas-node').filter({ hasText: 'Answer customers' }).waitFor();
			await page.keyboard.press('Control+s');
			const { id } = await savedWorkflow();
			await page.getByTestId('workflow-open-publish-modal-button').click();
			await page.getByTestId('workflow-publish-button').click();
			// n8n says what publishing a trigger workflow means.
			await page.getByRole('dialog').getByText('Workflow published').waitFor();
			await page.getByRole('button', { name: 'Got it' }).click();
			await page.getByText('Workflow published').waitFor({ state: 'hidden' });
			await shot('routing-example');
			const published = await (
				await fetch(`${base}/rest/workflows/${id}`, { headers: { cookie } })
			).json();
			assert(published.data.active, `the router is not published: ${published.data.active}`);
			// The Production URL, as the trigger's panel shows it.
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Business Messaging Trigger' })
				.dblclick();
			await visible('Webhook URLs').click();
			await visible('Production URL').click();
			const url = (
				await page
					.getByTestId('ndv')
					.getByText(/\/webhook\/[^ ]+\/webhook/)
					.first()
					.innerText()
			).trim();
			assert(url.startsWith(`${base}/webhook/`), `the panel shows ${url}`);
			await page.getByTestId('ndv-close-button').click();
			await control('/webhook', { url, secret: EXAMPLE_WEBHOOK_SECRET }, 'PUT');
			const { message_id: written } = await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[1],
				from: '14155550188',
				name: 'Ines',
				text: 'Are you open on Sunday?',
			});
			const answer = await sentMessage((m) => m.to === '14155550188');
			assert(
				answer?.type === 'text' &&
					answer.phoneNumberId === sandbox.phoneNumberIds[1] &&
					answer.replyTo === written,
				`the customer got ${JSON.stringify(answer)}`,
			);
			// Someone posts to the URL without the app secret.
			const forged = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
			});
			assert(forged.status === 401, `the forged delivery got ${forged.status}`);
			await page.goto(`${base}/workflow/${id}/executions`);
			// The newest run, the report: its alert node shows what was refused and what to do.
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Alert: deliveries refused' })
				.dblclick();
			await page
				.getByTestId('output-panel')
				.getByText('WhatsApp deliveries refused (401)')
				.first()
				.waitFor();
			await shot('routing-example-refusal');
		},
	);

	/**
	 * A workflow of the Business Messaging Trigger alone, made in the editor as a user makes it:
	 * the app's signature credential, its state in the database (the State credential made from
	 * the panel the first time, with `stateKey`), and `option` › Order; saved as `name`, published.
	 */
	const sharedAppWorkflow = async (name, option, stateKey) => {
		await addTrigger();
		await choose('deliveryAuth', /^Signature/);
		await pickCredential(
			'Credential for Business Messaging Webhook Signature API',
			WEBHOOK_CREDENTIAL.name,
		);
		await choose('keepStateIn', /^Database/);
		const stateField = 'Credential for Business Messaging State Store API';
		await visible(stateField).waitFor();
		if (stateKey)
			await newCredential(stateField, { 'n8n API URL': `${base}/api/v1`, 'API Key': stateKey });
		else await pickCredential(stateField);
		await visible(/^Several workflows on one app/).waitFor();
		await addOption(option);
		await choose(option === 'Message Types' ? 'messageTypes' : 'leaveOutMessageTypes', 'Order');
		await page.keyboard.press('Escape');
		if (stateKey) {
			// The notice says which trigger receives the app's events; the dropdown has faded.
			await visible(/^Several workflows on one app/).scrollIntoViewIfNeeded();
			await page.getByRole('option').filter({ visible: true }).first().waitFor({ state: 'hidden' });
			await shot('trigger-sharing');
		}
		await page.getByTestId('ndv-close-button').click();
		await page.getByTestId('inline-edit-preview').first().click();
		await page.getByTestId('inline-edit-input').first().fill(`Shared app: ${name}`);
		await page.keyboard.press('Enter');
		await page.keyboard.press('Control+s');
		const { id } = await savedWorkflow();
		await page.getByTestId('workflow-open-publish-modal-button').click();
		await page.getByTestId('workflow-publish-button').click();
		await page.getByRole('dialog').getByText('Workflow published').waitFor();
		await page.getByRole('button', { name: 'Got it' }).click();
		const saved = await (
			await fetch(`${base}/rest/workflows/${id}`, { headers: { cookie } })
		).json();
		assert(saved.data.active, `${name} is not published`);
		return saved.data;
	};
	/** Which of the message IDs `ids` the workflow's executions hold. */
	const messagesIn = async (workflow, ids) => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
		const listed = await (
			await fetch(`${base}/rest/executions?filter=${filter}`, { headers: { cookie } })
		).json();
		const found = [];
		for (const { id } of listed.data.results ?? []) {
			const execution = await (
				await fetch(`${base}/rest/executions/${id}`, { headers: { cookie } })
			).json();
			found.push(...ids.filter((m) => execution.data.data.includes(m)));
		}
		return found;
	};

	await check(
		'Two workflows on one app with no router, from the editor, no JSON: orders in one (Message Types › Order), the rest in the other (Message Types to Leave Out › Order), both keeping their state in the database; a text and an order each run in their own workflow',
		async () => {
			// The n8n API key the State credential holds (a user creates it in Settings › n8n API).
			const stateKey = await createApiKey(base, cookie, 'Business Messaging state', /^dataTable/);
			const orders = await sharedAppWorkflow('Orders', 'Message Types', stateKey);
			const rest = await sharedAppWorkflow('Everything else', 'Message Types to Leave Out');
			const receiving = rest.nodes.find((n) => n.type.endsWith('.businessMessagingTrigger'));
			await control(
				'/webhook',
				{ url: `${base}/webhook/${receiving.webhookId}/webhook`, secret: EXAMPLE_WEBHOOK_SECRET },
				'PUT',
			);
			const customer = {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550177',
				name: 'Olu',
			};
			const { message_id: text } = await control('/incoming', { ...customer, text: 'Decaf?' });
			const { message_id: order } = await control('/incoming', {
				...customer,
				type: 'order',
				items: [{ product_retailer_id: 'SKU-00001', quantity: 2 }],
			});
			let runs = {};
			await waitFor(
				async () => {
					runs = {
						orders: await messagesIn(orders, [text, order]),
						rest: await messagesIn(rest, [text, order]),
					};
					return runs.orders.length + runs.rest.length >= 2;
				},
				60_000,
				'the text and the order to run',
			).catch(() => {});
			assert(
				runs.orders?.join() === order && runs.rest?.join() === text,
				`the text ${text} and the order ${order} ran in ${JSON.stringify(runs)}`,
			);
		},
	);

	/** The workflow of the new trigger whose secret is wrong (the next two checks). */
	let wrongSecretWorkflow;
	await check(
		'A new trigger (1.2) as a new user meets it: Signature by default, its credential right under Authentication and filled once made there; the API key as the Secret stops publishing, another wrong secret does not',
		async () => {
			await addTrigger();
			const signing = 'Credential for Business Messaging Webhook Signature API';
			const authentication = page.getByTestId('parameter-input-deliveryAuth');
			assert(
				/^Signature/.test(await authentication.locator('input').first().inputValue()),
				'Authentication is not Signature',
			);
			const top = async (locator) => (await locator.boundingBox())?.y ?? Number.NaN;
			const [authAt, slotAt, stateAt] = [
				await top(authentication),
				await top(credentialSlot(signing)),
				await top(page.getByTestId('parameter-input-keepStateIn')),
			];
			assert(
				authAt < slotAt && slotAt < stateAt,
				`Authentication at ${authAt}, its credential at ${slotAt}, Keep State In at ${stateAt}`,
			);
			await shot('trigger-new');
			// Trap 1: the API key pasted as the Secret. The credential's Test cannot know the key;
			// publishing compares it with the trigger's API credential (n8n labels it Credential).
			await newCredential(signing, { Secret: sandbox.apiKey });
			// The dialog that made the credential closes first: a click before that opens nothing.
			await page.getByTestId('credential-save-button').waitFor({ state: 'hidden' });
			await pickCredential('Credential', SANDBOX_CREDENTIAL.name);
			await page.getByTestId('ndv-close-button').click();
			await page.getByTestId('inline-edit-preview').first().click();
			await page.getByTestId('inline-edit-input').first().fill('New trigger, wrong secret');
			await page.keyboard.press('Enter');
			await page.keyboard.press('Control+s');
			wrongSecretWorkflow = (await savedWorkflow()).id;
			await page.getByTestId('workflow-open-publish-modal-button').click();
			await page.getByTestId('workflow-publish-button').click();
			await visible(/The Secret of the Authentication credential is the API key/).waitFor();
			await page.keyboard.press('Escape');
			// Another wrong secret (not the app's): publishing takes it, the deliveries are refused.
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Business Messaging Trigger' })
				.dblclick();
			await newCredential(signing, { Secret: 'not-the-app-secret-0123456789abcdef' });
			await page.getByTestId('ndv-close-button').click();
			await page.keyboard.press('Control+s');
			await page.getByTestId('workflow-open-publish-modal-button').click();
			await page.getByTestId('workflow-publish-button').click();
			// n8n says "Workflow published" only on a first publish; this one follows a refused one.
			await waitFor(
				async () =>
					(
						await (
							await fetch(`${base}/rest/workflows/${wrongSecretWorkflow}`, { headers: { cookie } })
						).json()
					).data.active,
				20_000,
				'the workflow published',
			);
		},
	);

	await check(
		'A wrong secret in the new trigger’s credential: the customer’s delivery refused, the report on the Refusals output in the Executions tab, nothing connected there',
		async () => {
			const id = wrongSecretWorkflow;
			const saved = await (
				await fetch(`${base}/rest/workflows/${id}`, { headers: { cookie } })
			).json();
			const trigger = saved.data.nodes.find((n) => n.type.endsWith('.businessMessagingTrigger'));
			assert(trigger.typeVersion === 1.2, `a new trigger is version ${trigger.typeVersion}`);
			await control(
				'/webhook',
				{ url: `${base}/webhook/${trigger.webhookId}/webhook`, secret: EXAMPLE_WEBHOOK_SECRET },
				'PUT',
			);
			await control('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550166',
				name: 'Rui',
				text: 'Hello?',
			});
			const filter = encodeURIComponent(JSON.stringify({ workflowId: id }));
			await waitFor(
				async () =>
					(
						await (
							await fetch(`${base}/rest/executions?filter=${filter}`, { headers: { cookie } })
						).json()
					).data.results?.length > 0,
				60_000,
				'the refusal report',
			);
			await page.goto(`${base}/workflow/${id}/executions`);
			await page
				.getByTestId('canvas-node')
				.filter({ hasText: 'Business Messaging Trigger' })
				.dblclick();
			const output = page.getByTestId('output-panel');
			await output.getByText('Refusals').first().click();
			await output
				.getByText(/signature does not match/)
				.first()
				.waitFor();
			await shot('trigger-refusals');
		},
	);

	await check(SECRET_SCAN, async () => {
		// The key was typed into the credential dialog: it must not come back in the page either.
		assert(!(await page.content()).includes(sandbox.apiKey), 'the page shows the key');
		await scanForKey({ sandbox, n8n, texts: [printed] });
	});
} finally {
	await browser.close();
	server.kill('SIGTERM');
	await new Promise((resolve) => server.once('exit', resolve));
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
finish();

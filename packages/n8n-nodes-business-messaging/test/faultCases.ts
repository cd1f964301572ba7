import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { sandboxControl } from './conversationSupport';
import type { FaultColumn } from './generatedTables';
import type { TestBed } from './harness';

/**
 * Every operation of the node, as the fault matrix drives it: its parameters, the request a fault
 * is aimed at, whether repeating that request is harmless, and how to count what it did in the
 * sandbox (so a cell can prove it happened exactly once).
 */
export interface OperationCase {
	name: string;
	parameters: (bed: TestBed) => Record<string, unknown>;
	items?: () => INodeExecutionData[];
	/** Brings the sandbox to where the operation can succeed; returns the input item's JSON. */
	setup?: (bed: TestBed) => Promise<IDataObject>;
	/** Method and path (a regular expression after /v3) of the request the fault hits. */
	target: { method: string; path: (bed: TestBed) => string };
	/** The transport may repeat the request after an unclear failure (reads and deletes). */
	repeatable: boolean;
	/** What the operation changed in the sandbox, counted; absent for reads. */
	effect?: (bed: TestBed) => number;
	/** RELIABILITY.md's footnote on a fault's cell (faultMatrixTable.ts), by the fault's column. */
	footnotes?: Partial<Record<FaultColumn, 1 | 2 | 3>>;
}

/** A delete whose first try went through: the repeat's 404 is taken as done (footnote 1). */
const DELETE_FOOTNOTES = { 'reset after processing': 1, 'malformed JSON': 1 } as const;
/** A file cut short is fetched again (2); a JSON error in place of a file is judged (3). */
const DOWNLOAD_FOOTNOTES = { 'malformed JSON': 2, 'failure in a 200 body': 3 } as const;

const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const templateId = (bed: TestBed, name: string, language = 'en_US') =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === language,
	)?.id ?? 'missing';
const templates = (bed: TestBed, name: string) =>
	[...bed.sandbox.state.store.templates.values()].filter((t) => t.name === name);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The customer writes to the first number (opening the 24-hour window); their message's ID. */
async function customerWrote(bed: TestBed): Promise<string> {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			phone_number_id: bed.sandbox.phoneNumberIds[0],
			from: '14155550100',
			text: 'Hello',
		}),
	});
	return ((await response.json()) as { message_id: string }).message_id;
}

/** A custom period from yesterday to tomorrow on the sandbox's clock. */
function aroundNow(bed: TestBed) {
	const day = 24 * 60 * 60 * 1000;
	const today = Math.floor(bed.sandbox.state.now() / day) * day;
	return {
		period: 'custom',
		from: new Date(today - day).toISOString(),
		to: new Date(today + day).toISOString(),
	};
}

/** The first number sends hello_world to the customer, through the API. */
async function sendHelloWorld(bed: TestBed): Promise<void> {
	const response = await fetch(`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/messages`, {
		method: 'POST',
		headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			messaging_product: 'whatsapp',
			to: '14155550100',
			type: 'template',
			template: { name: 'hello_world', language: { code: 'en_US' } },
		}),
	});
	if (!response.ok) throw new Error(`hello_world was refused: ${await response.text()}`);
}

/** The first number gets conversation routing, this app primary and escalation partner. */
const routeNumber = async (bed: TestBed) => await sandboxControl(bed, '/routing');

/** How many chats the sandbox's routing gives to `owner` (this app, or the other). */
const chatsOwnedBy = (bed: TestBed, owner: 'us' | 'other') =>
	[...bed.sandbox.state.store.chatOwners.values()].filter((o) => o === owner).length;

/** How many customers the first number blocked. */
const blockedCount = (bed: TestBed) =>
	bed.sandbox.state.store.blockedUsers.get(bed.sandbox.phoneNumberIds[0])?.size ?? 0;

/** The first number blocks the customer of customerWrote, through the API. */
async function blockCustomer(bed: TestBed): Promise<void> {
	const response = await fetch(
		`${bed.sandbox.baseUrl}/${bed.sandbox.phoneNumberIds[0]}/block_users`,
		{
			method: 'POST',
			headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({
				messaging_product: 'whatsapp',
				block_users: [{ user: '14155550100' }],
			}),
		},
	);
	if (!response.ok) throw new Error(`setup: blocking answered ${response.status}`);
}

const pngItem = (): INodeExecutionData[] => [
	{
		json: {},
		binary: { data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'latte.png' } },
	},
];

/** The sends that answer in the chat: name, operation and the fields of a valid message. */
const CHAT_SENDS: Array<[string, string, Record<string, unknown>]> = [
	[
		'Message › Send Media',
		'sendMedia',
		{ mediaType: 'image', fileSource: 'binary', caption: 'Latte' },
	],
	[
		'Message › Send Buttons',
		'sendButtons',
		{ bodyText: 'Deliver tomorrow?', replyButtons: { button: [{ title: 'Yes', id: 'yes' }] } },
	],
	[
		'Message › Send List',
		'sendList',
		{ bodyText: 'Which order?', listButton: 'Orders', rows: { row: [{ title: 'Order #1001' }] } },
	],
	[
		'Message › Send Link Button',
		'sendLinkButton',
		{ bodyText: 'Shipped.', buttonText: 'Track it', url: 'https://example.com/t/1' },
	],
	['Message › Send Location', 'sendLocation', { latitude: 52.52, longitude: 13.405 }],
	[
		'Message › Send Flow',
		'sendFlow',
		{
			flow: rl('book_appointment', 'name'),
			flowButtonText: 'Book a visit',
			flowScreen: 'APPOINTMENT',
			bodyText: 'Pick a time.',
		},
	],
	['Message › Send Contacts', 'sendContacts', { contacts: { contact: [{ name: 'Ana García' }] } }],
	['Message › React', 'react', { messageId: '={{ $json.messageId }}', emoji: '👍' }],
	[
		'Message › Send and Wait for Response',
		'sendAndWait',
		{ responseType: 'approval', bodyText: 'Refund 25.00 EUR?', limitType: 'none' },
	],
];

export const OPERATION_CASES: OperationCase[] = [
	{
		name: 'Account › Get Business Account',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'getBusinessAccount',
			businessAccountId: rl(bed.sandbox.businessAccountId),
		}),
		target: { method: 'GET', path: (bed) => `^/${bed.sandbox.businessAccountId}$` },
		repeatable: true,
	},
	{
		name: 'Account › List Numbers',
		parameters: () => ({ resource: 'account', operation: 'listNumbers' }),
		target: { method: 'GET', path: () => '^/getuserdetails$' },
		repeatable: true,
	},
	{
		name: 'Account › Block User',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'blockUser',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			customer: '+1 415 555 0100',
		}),
		setup: async (bed) => ({ messageId: await customerWrote(bed) }),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/block_users$` },
		repeatable: true,
		effect: (bed) => blockedCount(bed),
	},
	{
		name: 'Account › List Blocked Users',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'listBlockedUsers',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			returnAll: true,
		}),
		setup: async (bed) => {
			await customerWrote(bed);
			await blockCustomer(bed);
			return {};
		},
		target: { method: 'GET', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/block_users` },
		repeatable: true,
	},
	{
		name: 'Account › Unblock User',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'unblockUser',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			customer: '14155550100',
		}),
		setup: async (bed) => {
			await customerWrote(bed);
			await blockCustomer(bed);
			return {};
		},
		target: { method: 'DELETE', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/block_users$` },
		repeatable: true,
		effect: (bed) => 1 - blockedCount(bed),
	},
	{
		name: 'Account › Get Business Profile',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'getBusinessProfile',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		}),
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/whatsapp_business_profile`,
		},
		repeatable: true,
	},
	{
		name: 'Account › Get Commerce Settings',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'getCommerceSettings',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		}),
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/whatsapp_commerce_settings`,
		},
		repeatable: true,
	},
	{
		name: 'Account › Get Conversational Automation',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'getConversationalAutomation',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		}),
		target: { method: 'GET', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}$` },
		repeatable: true,
	},
	{
		name: 'Account › Get Routing Roles',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'getRoutingRoles',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		}),
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/routing_roles$`,
		},
		repeatable: true,
	},
	{
		name: 'Account › Update Conversational Automation',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'updateConversationalAutomation',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			updateFields: { iceBreakers: { iceBreaker: [{ text: 'Where is my order?' }] } },
		}),
		target: {
			method: 'POST',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/conversational_automation$`,
		},
		// The same update twice leaves the same components.
		repeatable: true,
		effect: (bed) =>
			bed.sandbox.state.store
				.conversationalAutomation(bed.sandbox.phoneNumberIds[0])
				.prompts.join() === 'Where is my order?'
				? 1
				: 0,
	},
	{
		name: 'Chat › Hand Over to a Person',
		parameters: (bed) => ({
			resource: 'chat',
			operation: 'handOver',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			customer: '+1 415 555 0100',
			through: 'routing',
			options: { note: 'Asked for a person' },
		}),
		setup: async (bed) => {
			await routeNumber(bed);
			return { messageId: await customerWrote(bed) };
		},
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/thread_control$` },
		// Passed twice, the second is refused: the chat is no longer this app's to pass.
		repeatable: false,
		effect: (bed) => chatsOwnedBy(bed, 'other'),
	},
	{
		name: 'Chat › Hand Back to the Workflow',
		parameters: (bed) => ({
			resource: 'chat',
			operation: 'handBack',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			customer: '+1 415 555 0100',
			through: 'routing',
		}),
		setup: async (bed) => {
			await routeNumber(bed);
			await customerWrote(bed);
			await sandboxControl(bed, '/routing/take', { from: '14155550100' });
			return {};
		},
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/thread_control$` },
		repeatable: true,
		effect: (bed) => chatsOwnedBy(bed, 'us'),
	},
	{
		name: 'Analytics › Get Template Analytics',
		parameters: (bed) => ({
			resource: 'analytics',
			operation: 'getTemplateAnalytics',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			templateIds: templateId(bed, 'order_confirmation'),
			returnAll: true,
		}),
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.businessAccountId}/template_analytics`,
		},
		repeatable: true,
	},
	{
		name: 'Analytics › Get Pricing Analytics',
		parameters: (bed) => ({
			resource: 'analytics',
			operation: 'getPricingAnalytics',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			...aroundNow(bed),
			returnAll: true,
		}),
		// A template delivered today: the period has a message to count.
		setup: async (bed) => {
			await sendHelloWorld(bed);
			bed.sandbox.state.advanceClock(bed.sandbox.state.config.receiptDelaysMs.delivered);
			return {};
		},
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.businessAccountId}$`,
		},
		repeatable: true,
	},
	{
		name: 'Account › Update Business Profile',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'updateBusinessProfile',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			updateFields: { about: 'Roasted every Monday in Lisbon' },
		}),
		target: {
			method: 'POST',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/whatsapp_business_profile$`,
		},
		// The same update twice leaves the same profile.
		repeatable: true,
		effect: (bed) =>
			bed.sandbox.state.store.businessProfile(bed.sandbox.phoneNumberIds[0]).about ===
			'Roasted every Monday in Lisbon'
				? 1
				: 0,
	},
	{
		name: 'Account › Update Commerce Settings',
		parameters: (bed) => ({
			resource: 'account',
			operation: 'updateCommerceSettings',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			updateFields: { cartEnabled: false },
		}),
		target: {
			method: 'POST',
			path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/whatsapp_commerce_settings`,
		},
		// The same update twice leaves the same settings.
		repeatable: true,
		// Counted without making the settings: read first, the sandbox's rules make them whole.
		effect: (bed) =>
			bed.sandbox.state.store.numberSettingNow<{ is_cart_enabled: boolean }>(
				'commerceSettings',
				bed.sandbox.phoneNumberIds[0],
			)?.is_cart_enabled === false
				? 1
				: 0,
	},
	{
		name: 'Template › Create',
		parameters: (bed) => ({
			resource: 'template',
			operation: 'create',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			name: 'shipping_update',
			language: 'en_US',
			category: 'UTILITY',
			content: 'builder',
			body: 'Hi {{1}}, your parcel is on its way.',
			bodyExamples: { example: [{ value: 'Maria' }] },
		}),
		target: {
			method: 'POST',
			path: (bed) => `^/${bed.sandbox.businessAccountId}/message_templates$`,
		},
		repeatable: false,
		effect: (bed) => templates(bed, 'shipping_update').length,
	},
	{
		name: 'Template › Get',
		parameters: (bed) => ({
			resource: 'template',
			operation: 'get',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			template: rl(templateId(bed, 'hello_world')),
		}),
		target: { method: 'GET', path: (bed) => `^/${templateId(bed, 'hello_world')}$` },
		repeatable: true,
	},
	{
		name: 'Template › Get Many',
		parameters: (bed) => ({
			resource: 'template',
			operation: 'getMany',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			returnAll: true,
		}),
		target: {
			method: 'GET',
			path: (bed) => `^/${bed.sandbox.businessAccountId}/message_templates$`,
		},
		repeatable: true,
	},
	{
		name: 'Template › Update',
		parameters: (bed) => ({
			resource: 'template',
			operation: 'update',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			template: rl(templateId(bed, 'payment_reminder')),
			content: 'builder',
			body: 'Your payment of {{1}} is due.',
			bodyExamples: { example: [{ value: '$10' }] },
		}),
		target: { method: 'POST', path: (bed) => `^/${templateId(bed, 'payment_reminder')}$` },
		repeatable: false,
		effect: (bed) =>
			templates(bed, 'payment_reminder').filter((t) => t.status === 'PENDING').length,
	},
	{
		name: 'Template › Delete',
		parameters: (bed) => ({
			resource: 'template',
			operation: 'delete',
			businessAccountId: rl(bed.sandbox.businessAccountId),
			name: 'spring_sale',
		}),
		target: {
			method: 'DELETE',
			path: (bed) => `^/${bed.sandbox.businessAccountId}/message_templates$`,
		},
		repeatable: true,
		footnotes: DELETE_FOOTNOTES,
		effect: (bed) => 1 - templates(bed, 'spring_sale').length,
	},
	{
		name: 'Template Sample › Upload',
		parameters: () => ({ resource: 'templateSample', operation: 'upload' }),
		items: () => [
			{
				json: {},
				binary: { data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'latte.png' } },
			},
		],
		target: { method: 'POST', path: () => '^/upload:' },
		repeatable: false,
		effect: (bed) => bed.sandbox.state.store.uploadHandles.size,
	},
	{
		name: 'Product › Get Many',
		parameters: (bed) => ({
			resource: 'product',
			operation: 'getMany',
			catalogId: rl(bed.sandbox.catalogId),
			limit: 10,
		}),
		target: { method: 'GET', path: (bed) => `^/${bed.sandbox.catalogId}/products$` },
		repeatable: true,
	},
	{
		name: 'Product › Batch',
		parameters: (bed) => ({
			resource: 'product',
			operation: 'batch',
			catalogId: rl(bed.sandbox.catalogId),
			method: 'CREATE',
			retailerId: 'NEW-1',
			product: { name: 'Mug', price: '12.50', currency: 'USD' },
		}),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.catalogId}/batch$` },
		repeatable: false,
		effect: (bed) => bed.sandbox.state.store.batches.size,
	},
	{
		name: 'Media › Download',
		parameters: (bed) => ({
			resource: 'media',
			operation: 'download',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			mediaId: bed.sandbox.mediaIds[0],
		}),
		target: { method: 'POST', path: (bed) => `^/downloadMedia/${bed.sandbox.mediaIds[0]}$` },
		repeatable: true,
		footnotes: DOWNLOAD_FOOTNOTES,
	},
	{
		name: 'Media › Download From URL',
		parameters: () => ({
			resource: 'media',
			operation: 'downloadFromUrl',
			url: '={{ $json.url }}',
		}),
		setup: async (bed) => {
			const response = await fetch(
				`${bed.sandbox.baseUrl}/${bed.sandbox.mediaIds[0]}?phone_number_id=${bed.sandbox.phoneNumberIds[0]}`,
				{
					headers: { apikey: bed.sandbox.apiKey },
				},
			);
			return { url: ((await response.json()) as { url: string }).url };
		},
		target: { method: 'GET', path: () => '^/chat_business/attachments/' },
		repeatable: true,
		footnotes: DOWNLOAD_FOOTNOTES,
	},
	{
		name: 'Media › Delete',
		parameters: (bed) => ({
			resource: 'media',
			operation: 'delete',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			mediaId: bed.sandbox.mediaIds[0],
		}),
		target: { method: 'DELETE', path: (bed) => `^/${bed.sandbox.mediaIds[0]}$` },
		repeatable: true,
		footnotes: DELETE_FOOTNOTES,
		effect: (bed) =>
			bed.sandbox.state.store.media.get(bed.sandbox.mediaIds[0])?.deletedAt === undefined ? 0 : 1,
	},
	{
		name: 'Message › Send Template',
		parameters: (bed) => ({
			resource: 'message',
			operation: 'sendTemplate',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			recipient: '+1 415 555 0100',
			template: rl(templateId(bed, 'welcome_offer')),
			variables: { mappingMode: 'defineBelow', value: { body_1: 'Ana', button_0_code: 'ANA15' } },
		}),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/messages$` },
		repeatable: false,
		effect: (bed) => bed.sandbox.state.store.messages.size,
	},
	{
		name: 'Message › Send Text',
		setup: async (bed) => {
			await fetch(`${bed.sandbox.controlUrl}/incoming`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					phone_number_id: bed.sandbox.phoneNumberIds[0],
					from: '14155550100',
					text: 'Hello',
				}),
			});
			return {};
		},
		parameters: (bed) => ({
			resource: 'message',
			operation: 'sendText',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			recipient: '+1 415 555 0100',
			text: 'Thanks!',
		}),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/messages$` },
		repeatable: false,
		effect: (bed) => bed.sandbox.state.store.messages.size,
	},
	...CHAT_SENDS.map(
		([name, operation, extra]): OperationCase => ({
			name,
			setup: async (bed) => ({ messageId: await customerWrote(bed) }),
			parameters: (bed) => ({
				resource: 'message',
				operation,
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
				recipient: '+1 415 555 0100',
				...extra,
			}),
			items: operation === 'sendMedia' ? () => pngItem() : undefined,
			target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/messages$` },
			repeatable: false,
			effect: (bed) => bed.sandbox.state.store.messages.size,
		}),
	),
	// The product messages name the sandbox's catalog, whose ID differs by dialect.
	...(
		[
			[
				'Message › Send Product',
				'sendProduct',
				(bed) => ({ catalogId: rl(bed.sandbox.catalogId), productRetailerId: rl('SKU-00001') }),
			],
			[
				'Message › Send Product List',
				'sendProductList',
				(bed) => ({
					catalogId: rl(bed.sandbox.catalogId),
					headerText: 'Our roasts',
					bodyText: 'Picked for you',
					productSections: { section: [{ products: { product: [{ product: rl('SKU-00002') }] } }] },
				}),
			],
			['Message › Send Catalog', 'sendCatalog', () => ({ bodyText: 'Browse our coffees' })],
		] as Array<[string, string, (bed: TestBed) => Record<string, unknown>]>
	).map(
		([name, operation, extra]): OperationCase => ({
			name,
			setup: async (bed) => ({ messageId: await customerWrote(bed) }),
			parameters: (bed) => ({
				resource: 'message',
				operation,
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
				recipient: '+1 415 555 0100',
				...extra(bed),
			}),
			target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/messages$` },
			repeatable: false,
			effect: (bed) => bed.sandbox.state.store.messages.size,
		}),
	),
	{
		name: 'Message › Mark as Read',
		setup: async (bed) => ({ messageId: await customerWrote(bed) }),
		parameters: (bed) => ({
			resource: 'message',
			operation: 'markAsRead',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			messageId: '={{ $json.messageId }}',
			typing: true,
		}),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/messages$` },
		repeatable: true,
	},
	{
		name: 'Media › Upload',
		parameters: (bed) => ({
			resource: 'media',
			operation: 'upload',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		}),
		items: () => pngItem(),
		target: { method: 'POST', path: (bed) => `^/${bed.sandbox.phoneNumberIds[0]}/media$` },
		repeatable: false,
		effect: (bed) =>
			[...bed.sandbox.state.store.media.values()].filter((m) => m.fileName === 'latte.png').length,
	},
	{
		name: 'Media › Get URL',
		parameters: (bed) => ({
			resource: 'media',
			operation: 'getUrl',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			mediaId: bed.sandbox.mediaIds[0],
		}),
		target: { method: 'GET', path: (bed) => `^/${bed.sandbox.mediaIds[0]}$` },
		repeatable: true,
	},
	{
		name: 'Payment › Refund',
		parameters: (bed) => ({
			resource: 'payment',
			operation: 'refund',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			referenceId: 'order-1001',
			paymentConfigId: 'acme-payments',
		}),
		target: {
			method: 'POST',
			path: (bed) => `^/${escape(bed.sandbox.phoneNumberIds[0])}/payments_refund$`,
		},
		repeatable: false,
		effect: (bed) => bed.sandbox.state.store.refunds.size,
	},
];

/**
 * What each operation outputs (docs/guide/output-contract.md, generated from this by `npm run
 * docs:operations`; outputContract.test.ts holds every operation to it): the API's object as
 * returned ("—": none), and the fields the node adds (`field?`: only when it applies).
 */
export const OUTPUT_CONTRACT: Record<string, { api: string; adds: string }> = {
	'Account › Get Business Account': {
		api: 'the business account',
		adds: '—',
	},
	'Account › List Numbers': {
		api: 'one number of the key per item',
		adds: '—',
	},
	'Account › Block User': {
		api: "the user's entry in `added_users` (`input`, `wa_id`)",
		adds: '—',
	},
	'Account › List Blocked Users': {
		api: 'one blocked user per item (`wa_id`)',
		adds: '—',
	},
	'Account › Get Business Profile': {
		api: 'the profile (`messaging_product` and the fields set)',
		adds: '`phoneNumberId`',
	},
	'Account › Get Commerce Settings': {
		api: 'the settings (`is_cart_enabled`, `is_catalog_visible`, `id`)',
		adds: '`phoneNumberId`',
	},
	'Account › Get Conversational Automation': {
		api: "the number's `conversational_automation` (`enable_welcome_message`, `prompts`, `commands`)",
		adds: '`phoneNumberId`',
	},
	'Account › Get Routing Roles': {
		api: '—',
		adds: '`phoneNumberId`, `roles`, `isStandby`, `warning?`',
	},
	'Account › Unblock User': {
		api: "the user's entry in `removed_users` (`input`, `wa_id`)",
		adds: '—',
	},
	'Account › Update Business Profile': {
		api: '—',
		adds: '`success`, `phoneNumberId`, `updated`, `profilePhoto?`',
	},
	'Account › Update Commerce Settings': {
		api: '—',
		adds: '`success`, `phoneNumberId`, `updated`',
	},
	'Account › Update Conversational Automation': {
		api: '—',
		adds: '`success`, `phoneNumberId`, `updated`',
	},
	'Analytics › Get Pricing Analytics': {
		api: '—',
		adds: '`start`, `end`, `pricingCategory?`, `pricingType?`, `country?`, `phoneNumber?`, `volume`, `cost`, `currency?`',
	},
	'Analytics › Get Template Analytics': {
		api: '—',
		adds: '`templateId`, `templateName?`, `language?`, `start`, `end`, `sent`, `delivered`, `read`, `clicked`, `clicks`, `amountSpent`, `costPerDelivered?`, `currency?`',
	},
	'Chat › Hand Back to the Workflow': {
		api: '—',
		adds: '`phoneNumberId`, `customer`, `handledByPerson`, `handedBackAt`, `keptIn`',
	},
	'Chat › Hand Over to a Person': {
		api: '—',
		adds: '`phoneNumberId`, `customer`, `handledByPerson`, `handedOverAt`, `handedOverBy`, `note?`, `until?`, `keptIn?`',
	},
	'Media › Delete': {
		api: "the API's answer (`success`)",
		adds: '`mediaId`',
	},
	'Media › Download': {
		api: '—',
		adds: '`mediaId`, `fileName`, `mimeType`, `fileSize?`',
	},
	'Media › Download From URL': {
		api: '—',
		adds: '`mediaId`, `fileName`, `mimeType`, `fileSize?`',
	},
	'Media › Get URL': {
		api: '—',
		adds: '`mediaId`, `url?`, `mimeType?`, `sha256?`, `fileSize?`, `phoneNumberId`',
	},
	'Media › Upload': {
		api: '—',
		adds: '`mediaId`, `mediaType`, `fileName`, `mimeType`, `fileSize`, `phoneNumberId`',
	},
	'Message › Mark as Read': {
		api: '—',
		adds: '`success`, `messageId`, `typing`, `phoneNumberId`',
	},
	'Message › React': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `reactedTo`, `emoji`, `removed`, `replyTo?`, `phoneNumberId`',
	},
	'Message › Send and Wait for Response': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `phoneNumberId`, `responseType`, `answerThrough`, `sentAs?`, `template?`, `language?`, `waitId`, `waitKey?`, `waitLimit`, `answered`, `approved?`, `answerTitle?`, `choice?`, `form?`, `text?`, `answeredThrough?`, `answeredAt?`, `respondedAt?`, `reply?`',
	},
	'Message › Send Catalog': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `thumbnailProductRetailerId?`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Buttons': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `buttons`, `uploaded?`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Contacts': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Flow': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `flowToken`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Link Button': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `uploaded?`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send List': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Location': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Media': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `uploaded?`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Product': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `catalogId`, `productRetailerId`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Product List': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `catalogId`, `productRetailerIds`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Message › Send Template': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `template`, `language`, `sentThrough?`, `uploaded?`, `replyTo?`, `phoneNumberId`',
	},
	'Message › Send Text': {
		api: '—',
		adds: '`messageId`, `recipient`, `waId?`, `userId?`, `messageStatus?`, `type`, `messageIds?`, `bubbles?`, `typing?`, `replyTo?`, `sentAs?`, `template?`, `language?`, `phoneNumberId`',
	},
	'Payment › Refund': {
		api: 'the refund (`id`, `status`, `speed_processed`)',
		adds: '`referenceId`, `amount?`',
	},
	'Product › Batch': {
		api: '—',
		adds: '`catalogId`, `handles`, `productCount`, `retailerIds`, `status`, `note`',
	},
	'Product › Get Many': {
		api: 'one product per item',
		adds: '`totalCount?`',
	},
	'Template › Create': {
		api: "the API's answer (`id`, `status`, `category`)",
		adds: '`name`, `language`',
	},
	'Template › Delete': {
		api: "the API's answer (`success`)",
		adds: '`name`, `templateId?`',
	},
	'Template › Get': {
		api: 'the template',
		adds: '—',
	},
	'Template › Get Many': {
		api: 'one template per item',
		adds: '—',
	},
	'Template › Update': {
		api: "the API's answer (`success`)",
		adds: '`id`, `name`, `language`, `status`',
	},
	'Template Sample › Upload': {
		api: '—',
		adds: '`h`, `fileName?`, `mimeType`, `fileSize`',
	},
};

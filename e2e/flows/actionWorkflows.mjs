// The action workflows e2e/run.mjs imports and runs once each (flows/actions.mjs checks them):
// the conversation sends, a PNG byte for byte, media, templates made in the form, the catalog.
import { actionNode } from '../../tools/n8n/index.mjs';
import { chain, workflow } from './workflows.mjs';

/**
 * Every action workflow, by name. `c`: the sandbox, the first number (`number`), the chat's
 * common fields (`chat`), the customer's message, the order confirmation's template ID, the PNG
 * nodes (`pngFile`) and the account.
 */
export function actionWorkflows(c) {
	return {
		...templateWorkflows(c),
		...chatWorkflows(c),
		...moreWorkflows(c),
		...answerAndProfileWorkflows(c),
		...automationAndMarketingWorkflows(c),
		...readWorkflows(c),
	};
}

/** Templates made in the form, then sent; a template with its variables form. */
function templateWorkflows({ number, chat, orderConfirmation, account }) {
	return {
		createFlowTemplate: createTemplate(account, 'bmE2eCreateFlow1', 'e2e_book_visit', [
			{
				type: 'FLOW',
				text: 'Book a visit',
				flowBy: 'name',
				flowName: 'book_appointment',
				flowAction: 'navigate',
				navigateScreen: 'APPOINTMENT',
			},
		]),
		sendFlowTemplate: sendTemplateNamed(chat, 'bmE2eSendFlowT1', 'e2e_book_visit', {
			body_1: 'Noor',
			button_0_flow_token: 'visit-7',
			button_0_flow_data: '{"name":"Noor"}',
		}),
		createMpmTemplate: createTemplate(
			account,
			'bmE2eCreateMpm01',
			'e2e_our_picks',
			[{ type: 'MPM', text: 'View items' }],
			{ headerType: 'text', headerText: 'Our picks for you', ttlSeconds: 86_400 },
		),
		sendMpmTemplate: sendTemplateNamed(chat, 'bmE2eSendMpmT01', 'e2e_our_picks', {
			body_1: 'Noor',
			button_0_thumbnail: 'SKU-00002',
			button_0_section_1_title: 'Whole beans',
			button_0_section_1_products: 'SKU-00001, SKU-00002',
			button_0_section_2_title: 'Ground',
			button_0_section_2_products: 'SKU-00010',
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
	};
}

/** Answers in the chat: a photo from a binary, a read receipt, a reaction, a list, buttons. */
function chatWorkflows({ number, chat, customerMessage, png }) {
	return {
		sendPhoto: chain(
			'bmE2eSendPhoto01',
			'e2e: send a photo from a binary',
			pngFile(png, 'latte-art-e2e.png'),
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
	};
}

/** A long answer in bubbles, and the business profile with a photo. */
function answerAndProfileWorkflows({ chat, customerMessage, number, png }) {
	return {
		// An AI agent's answer of about 3,000 characters, as bubbles (paused at 400 characters a second).
		sendBubbles: workflow('bmE2eSendBubble1', 'e2e: a long answer in bubbles', {
			parameters: {
				...chat,
				operation: 'sendText',
				text: LONG_ANSWER,
				splitIntoBubbles: true,
				bubbleLength: 700,
				typingSpeed: 400,
				typingMessageId: customerMessage.message_id,
				options: { idempotencyKey: 'e2e-long-answer' },
				requestOptions: { maxRetries: 0 },
			},
		}),
		// The profile: About, a website and a photo made in the workflow, then read back.
		businessProfile: chain(
			'bmE2eProfile0001',
			'e2e: update the business profile with a photo, then get it',
			[
				...binaryFile(png, 'logo-e2e.png', 'image/png'),
				actionNode(
					{
						resource: 'account',
						operation: 'updateBusinessProfile',
						phoneNumberId: number,
						updateFields: {
							about: 'Specialty coffee, roasted every Monday ☕',
							websites: { website: [{ url: 'https://example.com/coffee' }] },
							profilePhoto: 'data',
						},
					},
					{ name: 'Update Profile' },
				),
			],
			{
				parameters: { resource: 'account', operation: 'getBusinessProfile', phoneNumberId: number },
			},
		),
	};
}

/** Ice breakers and commands, a marketing template through the Marketing Messages API, costs. */
function automationAndMarketingWorkflows({ chat, number, account }) {
	return {
		// Ice breakers and a command, then read back.
		conversationalAutomation: chain(
			'bmE2eAutomation1',
			'e2e: set ice breakers and a command, then get them',
			[
				actionNode(
					{
						resource: 'account',
						operation: 'updateConversationalAutomation',
						phoneNumberId: number,
						updateFields: {
							iceBreakers: { iceBreaker: [{ text: 'Where is my order?' }] },
							commands: { command: [{ name: '/order', hint: 'Track your order' }] },
							welcomeMessage: 'on',
						},
					},
					{ name: 'Update Automation' },
				),
			],
			{
				parameters: {
					resource: 'account',
					operation: 'getConversationalAutomation',
					phoneNumberId: number,
				},
			},
		),
		// A MARKETING template through the Marketing Messages API, sharing its activity.
		sendMarketing: workflow(
			'bmE2eMarketing01',
			'e2e: a marketing template, Marketing Messages API',
			{
				parameters: {
					...chat,
					operation: 'sendTemplate',
					template: { __rl: true, mode: 'name', value: 'welcome_offer (en_US)' },
					variables: {
						mappingMode: 'defineBelow',
						value: { body_1: 'Noor', button_0_code: 'NOOR15' },
					},
					sendThrough: 'marketingMessages',
					productPolicy: 'STRICT',
					activitySharing: 'share',
				},
			},
		),
		// What the run's messages cost so far: from yesterday to tomorrow, by category.
		pricingAnalytics: workflow('bmE2ePricing0001', 'e2e: pricing analytics by category', {
			parameters: {
				resource: 'analytics',
				operation: 'getPricingAnalytics',
				businessAccountId: account,
				period: 'custom',
				from: '={{ $now.minus({ days: 1 }).toISO() }}',
				to: '={{ $now.plus({ days: 1 }).toISO() }}',
				granularity: 'DAILY',
				dimensions: ['PRICING_CATEGORY'],
				returnAll: true,
			},
		}),
	};
}

/** More sends in one run: a location, contacts, a link button, and a text that falls back. */
function moreWorkflows({ chat }) {
	return {
		sendVoiceNote: chain(
			'bmE2eSendVoice01',
			'e2e: send a voice note from a binary',
			binaryFile(OGG_OPUS, 'answer-e2e.ogg', 'audio/ogg'),
			{
				parameters: {
					...chat,
					operation: 'sendMedia',
					mediaType: 'audio',
					voiceNote: true,
					fileSource: 'binary',
					binaryPropertyName: 'data',
				},
			},
		),
		moreSends: chain(
			'bmE2eMoreSends01',
			'e2e: location, contacts, link button, and a text that falls back to a template',
			[
				actionNode(
					{
						...chat,
						operation: 'sendLocation',
						latitude: 52.5200066,
						longitude: 13.404954,
						locationName: 'Acme Coffee Roasters',
					},
					{ name: 'Send Location' },
				),
				actionNode(
					{
						...chat,
						operation: 'sendContacts',
						contacts: { contact: [{ name: 'Acme Support', phone: '+1 555 012 3401' }] },
					},
					{ name: 'Send Contacts' },
				),
				actionNode(
					{
						...chat,
						operation: 'sendLinkButton',
						bodyText: 'Your order has shipped.',
						buttonText: 'Track it',
						url: 'https://shop.example.com/track/5005',
					},
					{ name: 'Send Link Button' },
				),
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
	};
}

/** An upload, and the reads: numbers, products, a download. */
function readWorkflows({ sandbox, number, png }) {
	return {
		uploadAndUrl: chain(
			'bmE2eUploadUrl01',
			'e2e: upload a file once, get its URL',
			[
				...pngFile(png, 'menu-e2e.png'),
				actionNode(
					{
						resource: 'media',
						operation: 'upload',
						phoneNumberId: number,
						binaryPropertyName: 'data',
					},
					{ name: 'Upload' },
				),
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
		listNumbers: workflow('bmE2eListNumbers', 'e2e: list numbers', {
			parameters: { resource: 'account', operation: 'listNumbers' },
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
}

/** n8n's own nodes that make `png` the input item's binary file `data`, named `fileName`. */
function pngFile(png, fileName) {
	return binaryFile(png, fileName, 'image/png');
}

/**
 * An OGG page holding an Opus identification header (RFC 7845), what a voice note's file starts
 * with (built as packages/n8n-nodes-business-messaging/test/voiceNote.test.ts builds it).
 */
/** Four paragraphs of 7 to 10 sentences: about 3,000 characters. */
export const LONG_ANSWER = ['A', 'B', 'C', 'D']
	.map((part, index) =>
		Array.from(
			{ length: 7 + index },
			(_, n) =>
				`Sentence ${n + 1} of part ${part} tells the customer one more thing about the order and its delivery.`,
		).join(' '),
	)
	.join('\n\n');

const OGG_OPUS = Buffer.from(
	'T2dnUwACAAAAAAAAAAA0EgAAAAAAAJC1h3EBE09wdXNIZWFkAQE4AYC7AAAAAAA=',
	'base64',
);

/** Nodes that make `bytes` an input file (`data`) of `mimeType`: Set (base64), then Convert to File. */
function binaryFile(bytes, fileName, mimeType) {
	return [
		{
			name: 'File as base64',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				assignments: {
					assignments: [
						{ id: 'file', name: 'file', value: bytes.toString('base64'), type: 'string' },
					],
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
				sourceProperty: 'file',
				options: { fileName, mimeType },
			},
		},
	];
}

/** Template › Create from the form: a template named `name` with `buttons` (and `extra`). */
function createTemplate(account, id, name, buttons, extra = {}) {
	return workflow(id, `e2e: create ${name}`, {
		parameters: {
			resource: 'template',
			operation: 'create',
			businessAccountId: account,
			name,
			language: 'en_US',
			category: 'MARKETING',
			content: 'builder',
			body: 'Hi {{1}}, have a look.',
			bodyExamples: { example: [{ value: 'Maria' }] },
			buttons: { button: buttons },
			...extra,
		},
	});
}

/** Send Template of the template `name` (en_US) with the variables form's `values`. */
function sendTemplateNamed(chat, id, name, values) {
	return workflow(id, `e2e: send ${name}`, {
		parameters: {
			...chat,
			operation: 'sendTemplate',
			template: { __rl: true, mode: 'name', value: `${name} (en_US)` },
			variables: { mappingMode: 'defineBelow', value: values },
		},
	});
}

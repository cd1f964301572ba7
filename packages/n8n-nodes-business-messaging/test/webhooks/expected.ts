import type { IDataObject } from 'n8n-workflow';

/**
 * The items each delivery of the corpus must give, written by hand from the payload (dates
 * converted from the Unix seconds by hand too). `raw` is the part of the delivery the item
 * stands for, picked by its place in the delivery.
 */

type Delivery = IDataObject;

const change = (d: Delivery, c = 0) =>
	((d.entry as IDataObject[])[0].changes as IDataObject[])[c] as IDataObject;
const value = (d: Delivery, c = 0) => change(d, c).value as IDataObject;
const message = (d: Delivery, i = 0, c = 0) => (value(d, c).messages as IDataObject[])[i];
const status = (d: Delivery, i = 0) => (value(d).statuses as IDataObject[])[i];
const errorsOf = (part: IDataObject) => part.errors;

const at = (timestamp: string, timestampUnix: number) => ({ timestamp, timestampUnix });

/** Meta's documentation account, number and customer. */
const META = {
	businessAccountId: '102290129340398',
	phoneNumberId: '106540352242922',
	displayPhoneNumber: '15550783881',
};
const SHEENA = { from: '16505551234', sendTo: '16505551234', contactName: 'Sheena Nelson' };
/** pywa's fixtures use two accounts with the same number. */
const PYWA = { phoneNumberId: '1122334455667', displayPhoneNumber: '972123456789' };
const PYWA_USER = {
	from: '972987654321',
	userId: 'US.13491208655302741918',
	parentUserId: 'US.ENT.11815799212886844830',
	sendTo: '972987654321',
	contactName: 'Test Name',
};
/** netflie's fixtures keep Meta's old placeholders. */
const NETFLIE = {
	businessAccountId: 'WHATSAPP_BUSINESS_ACCOUNT_ID',
	phoneNumberId: 'PHONE_NUMBER_ID',
	displayPhoneNumber: 'PHONE_NUMBER',
};
const IN_2025_04 = at('2025-04-11T04:08:16.000Z', 1744344496);
const WAMID_A = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=';
const WAMID_B = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';
/** The business's message that customers reply or react to in Meta's examples. */
const WAMID_BIZ = 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=';
const PMP_MARKETING = {
	billable: true,
	pricingCategory: 'marketing',
	pricingType: 'regular',
	pricingModel: 'PMP',
};

const incoming = (fields: IDataObject) => ({ eventType: 'incomingMessage', ...fields });
const receipt = (fields: IDataObject) => ({ eventType: 'messageStatus', ...fields });

export const EXPECTED: Record<string, (d: Delivery) => IDataObject[]> = {
	'message-text.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'text',
			...SHEENA,
			...at('2025-06-08T20:59:43.000Z', 1749416383),
			...META,
			text: 'Does it come in another color?',
			raw: message(d),
		}),
	],
	'message-text-product-inquiry.json': (d) => [
		incoming({
			messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTA2NTUwRkNEMDdFQjJCRUU0NQA=',
			messageType: 'text',
			...SHEENA,
			...at('2025-06-15T19:46:40.000Z', 1750016800),
			...META,
			businessAccountId: '419561257915477',
			text: 'Is this still available?',
			replyTo: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
			referredProduct: { catalogId: '194836987003835', productRetailerId: 'di9ozbzfi4' },
			raw: message(d),
		}),
	],
	'message-text-ad-referral.json': (d) => [
		incoming({
			messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUQ0N0VFMDA2MTQ0RkJFNkNDNAA=',
			messageType: 'text',
			...SHEENA,
			...at('2025-06-18T19:46:32.000Z', 1750275992),
			...META,
			text: 'Can I get more info about this?',
			referral: {
				sourceType: 'ad',
				sourceId: '120226305854810726',
				sourceUrl: 'https://fb.me/3cr4Wqqkv',
				headline: 'Chat with us',
				body: 'Summer Succulents are here!',
				mediaType: 'image',
				imageUrl: 'https://scontent.xx.fbcdn.net/v/t45.1...',
				ctwaClid:
					'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0NiNhEgpGo0AHemvuSoifXaytfTzcchptiErTKCqTrJ5nW1h7IHYeYymGb5K5J5iTROpBhWAGaIAeUzHL50',
				welcomeMessage: 'Hi there! Let us know how we can help!',
			},
			raw: message(d),
		}),
	],
	'message-text-forwarded.json': (d) => [
		incoming({
			messageId: 'wamid.ID',
			messageType: 'text',
			from: '16315551234',
			sendTo: '16315551234',
			// The only contact, though its wa_id is a placeholder unlike `from`.
			contactName: 'NAME',
			...at('2022-11-23T20:02:58.000Z', 1669233778),
			...NETFLIE,
			text: 'MESSAGE_BODY',
			forwarded: true,
			raw: message(d),
		}),
	],
	'message-text-frequently-forwarded.json': (d) => [
		incoming({
			messageId: 'wamid.xyzxyz',
			messageType: 'text',
			...PYWA_USER,
			...at('2023-10-11T17:22:48.000Z', 1697044968),
			businessAccountId: '1234567890987654321',
			...PYWA,
			text: 'text forwarded many times',
			forwarded: true,
			frequentlyForwarded: true,
			raw: message(d),
		}),
	],
	'message-group-text.json': (d) => [
		incoming({
			messageId: 'wamid.HASDI128HJOPUERIH82ahdasd09ASDHi5>',
			messageType: 'text',
			from: '16505551234',
			sendTo: '16505551234',
			contactName: 'Tiago Mingo',
			groupId: 'HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA',
			...IN_2025_04,
			...META,
			text: 'What does everyone think about this?',
			raw: message(d),
		}),
	],
	'message-image.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'image',
			...SHEENA,
			...IN_2025_04,
			...META,
			mediaId: '1003383421387256',
			mimeType: 'image/jpeg',
			caption: 'Taj Mahal',
			raw: message(d),
		}),
	],
	'message-video.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'video',
			...SHEENA,
			...IN_2025_04,
			...META,
			mediaId: '731675419373506',
			mimeType: 'video/mp4',
			caption: 'Timelapse of growth',
			raw: message(d),
		}),
	],
	'message-audio-voice.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'audio',
			...SHEENA,
			...IN_2025_04,
			...META,
			mediaId: '1908647269898587',
			mimeType: 'audio/ogg; codecs=opus',
			voice: true,
			raw: message(d),
		}),
	],
	'message-document.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'document',
			...SHEENA,
			...IN_2025_04,
			...META,
			mediaId: '622684793477189',
			mimeType: 'application/pdf',
			caption: 'my receipt',
			fileName: 'receipt.pdf',
			raw: message(d),
		}),
	],
	'message-sticker.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'sticker',
			...SHEENA,
			...IN_2025_04,
			...META,
			mediaId: '1908647269898587',
			mimeType: 'image/webp',
			raw: message(d),
		}),
	],
	'message-location.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'location',
			...SHEENA,
			...IN_2025_04,
			...META,
			location: {
				address: '101 Forest Ave, Palo Alto, CA 94301',
				latitude: 37.44221496582,
				longitude: -122.16165924072,
				name: 'Philz Coffee',
				url: 'https://philzcoffee.com/',
			},
			raw: message(d),
		}),
	],
	'message-contacts.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'contacts',
			...SHEENA,
			...IN_2025_04,
			...META,
			contacts: [
				{
					name: 'Barbara J. Johnson',
					phones: [{ phone: '+1 (415) 555-0829', waId: '14125550829', type: 'MOBILE' }],
					emails: [],
					company: 'Social Tsunami',
				},
			],
			raw: message(d),
		}),
	],
	'message-interactive-list-reply.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'interactive',
			...SHEENA,
			...at('2025-06-13T22:42:55.000Z', 1749854575),
			...META,
			reply: {
				id: 'priority_express',
				title: 'Priority Mail Express',
				description: 'Next Day to 2 Days',
			},
			replyTo: WAMID_BIZ,
			raw: message(d),
		}),
	],
	'message-interactive-button-reply.json': (d) => [
		incoming({
			messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTZBQzg0MzQ4QjRCM0NGNkVGOAA=',
			messageType: 'interactive',
			...SHEENA,
			...at('2025-06-15T22:05:36.000Z', 1750025136),
			...META,
			reply: { id: 'cancel-button', title: 'Cancel' },
			replyTo: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MEM2RUJFNkI0RENGQTVDRjUA',
			raw: message(d),
		}),
	],
	'message-interactive-without-content.json': (d) => [
		incoming({
			messageId: 'wamid.wegrchytvwcggt=',
			messageType: 'interactive',
			...PYWA_USER,
			...at('2023-11-20T18:38:14.000Z', 1700505494),
			businessAccountId: '1234567890987654321',
			...PYWA,
			replyTo: 'wamid.gvwegfretge==',
			raw: message(d),
		}),
		// The errors beside the message, reported for the value as a whole.
		{
			eventType: 'other',
			field: 'messages',
			businessAccountId: '1234567890987654321',
			...PYWA,
			errors: errorsOf(value(d)),
			raw: value(d),
		},
	],
	'message-button.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'button',
			...SHEENA,
			...at('2025-06-16T16:24:05.000Z', 1750091045),
			...META,
			reply: { payload: 'Unsubscribe', text: 'Unsubscribe' },
			replyTo: WAMID_BIZ,
			raw: message(d),
		}),
	],
	'message-button-from-user-id.json': (d) => [
		incoming({
			messageId: 'wamid.xsidjx',
			messageType: 'button',
			...PYWA_USER,
			...at('2023-10-25T21:23:47.000Z', 1698269027),
			businessAccountId: '5467539754836534',
			...PYWA,
			reply: { payload: 'callback_data', text: 'title' },
			raw: message(d),
		}),
	],
	'message-reaction.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'reaction',
			...SHEENA,
			...at('2025-06-08T21:52:24.000Z', 1749419544),
			...META,
			reaction: { emoji: '\u{1F44D}', messageId: WAMID_BIZ, removed: false },
			raw: message(d),
		}),
	],
	'message-reaction-removed.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'reaction',
			...SHEENA,
			...at('2025-06-08T21:52:24.000Z', 1749419544),
			...META,
			reaction: { messageId: WAMID_BIZ, removed: true },
			raw: message(d),
		}),
	],
	'message-order.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'order',
			...SHEENA,
			...at('2025-06-16T17:52:05.000Z', 1750096325),
			...META,
			order: {
				catalogId: '194836987003835',
				text: 'Love these!',
				items: [
					{ productRetailerId: 'di9ozbzfi4', quantity: 2, itemPrice: 30, currency: 'USD' },
					{ productRetailerId: 'nqryix03ez', quantity: 1, itemPrice: 25, currency: 'USD' },
				],
			},
			raw: message(d),
		}),
	],
	'message-system-number-changed.json': (d) => [
		// No contacts array in system messages: no contact name.
		incoming({
			messageId: 'wamid.HBgLMTk4MzU1NTE5NzQVAgASGAoxMTgyMDg2MjY3AA==',
			messageType: 'system',
			from: '16505551234',
			sendTo: '16505551234',
			...at('2025-06-18T17:55:42.000Z', 1750269342),
			...META,
			system: {
				type: 'user_changed_number',
				body: 'User Sheena Nelson changed from 16505551234 to 12195555358',
				newWaId: '12195555358',
			},
			raw: message(d),
		}),
	],
	'message-system-identity-changed.json': (d) => [
		incoming({
			messageId: 'wamid.xyzxyz',
			messageType: 'system',
			from: '972987654321',
			sendTo: '972987654321',
			contactName: 'User A',
			...at('2023-10-11T17:18:26.000Z', 1697044706),
			businessAccountId: '1234567890987654321',
			...PYWA,
			system: { type: 'customer_identity_changed', body: 'User identity changed' },
			raw: message(d),
		}),
	],
	'message-unsupported.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'unsupported',
			...SHEENA,
			...at('2025-06-16T16:18:22.000Z', 1750090702),
			...META,
			unsupportedType: 'edit',
			errors: errorsOf(message(d)),
			raw: message(d),
		}),
	],
	'message-unknown-legacy.json': (d) => [
		incoming({
			messageId: 'wamid.ID',
			messageType: 'unknown',
			from: 'PHONE_NUMBER',
			sendTo: 'PHONE_NUMBER',
			contactName: 'NAME',
			...at('2022-11-23T20:02:58.000Z', 1669233778),
			...NETFLIE,
			errors: errorsOf(message(d)),
			raw: message(d),
		}),
	],
	'message-edit.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'edit',
			...SHEENA,
			...at('2025-06-13T22:42:55.000Z', 1749854575),
			...META,
			editedMessageId: WAMID_BIZ,
			mediaId: '1234567890',
			mimeType: 'image/jpeg',
			caption: 'Updated image caption',
			raw: message(d),
		}),
	],
	'message-revoke.json': (d) => [
		incoming({
			messageId: WAMID_B,
			messageType: 'revoke',
			...SHEENA,
			...at('2025-06-13T22:42:55.000Z', 1749854575),
			...META,
			deletedMessageId: WAMID_BIZ,
			raw: message(d),
		}),
	],
	'messages-two-changes.json': (d) => [
		incoming({
			messageId: 'wamid.ID',
			messageType: 'text',
			from: 'PHONE_NUMBER',
			sendTo: 'PHONE_NUMBER',
			contactName: 'NAME',
			...at('2022-11-23T20:02:58.000Z', 1669233778),
			...NETFLIE,
			text: 'MESSAGE_BODY',
			raw: message(d, 0, 0),
		}),
		incoming({
			messageId: 'wamid.ID',
			messageType: 'text',
			from: 'PHONE_NUMBER',
			sendTo: 'PHONE_NUMBER',
			contactName: 'NAME',
			...at('2022-11-23T20:02:59.000Z', 1669233779),
			...NETFLIE,
			text: 'MESSAGE_BODY2',
			raw: message(d, 0, 1),
		}),
	],
	'messages-value-errors.json': (d) => [
		{
			eventType: 'other',
			field: 'messages',
			...META,
			errors: errorsOf(value(d)),
			raw: value(d),
		},
	],
	'status-sent-pricing.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'sent',
			recipient: '16505551234',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			...PMP_MARKETING,
			conversationId: '72b14d6bd5407799e66f64d1b338e567',
			conversationCategory: 'marketing',
			conversationExpiresAt: '2025-06-16T23:28:00.000Z',
			raw: status(d),
		}),
	],
	'status-minimal.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'sent',
			recipient: '16505551234',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			raw: status(d),
		}),
	],
	'status-delivered-cbp.json': (d) => [
		receipt({
			messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
			status: 'delivered',
			recipient: '16505551234',
			...at('2025-06-18T16:22:53.000Z', 1750263773),
			...META,
			billable: true,
			pricingCategory: 'service',
			pricingModel: 'CBP',
			conversationId: '6ceb9d929c9bdc4f90e967a32f8639b4',
			conversationCategory: 'service',
			raw: status(d),
		}),
	],
	'status-failed.json': (d) => [
		receipt({
			messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI0QUQ2MjA4NEYyRkExNjMyREUA',
			status: 'failed',
			recipient: '16505551234',
			...at('2025-06-28T20:34:48.000Z', 1751142888),
			...META,
			errors: errorsOf(status(d)),
			raw: status(d),
		}),
	],
	'status-played.json': (d) => [
		receipt({
			messageId: 'wamid.xyzxyz',
			status: 'played',
			recipient: '972987654321',
			recipientUserId: 'US.13491208655302741918',
			contactName: 'Test Name',
			...at('2023-07-15T00:20:58.000Z', 1689380458),
			businessAccountId: '5467539754836534',
			...PYWA,
			billable: true,
			pricingCategory: 'service',
			pricingModel: 'CBP',
			conversationId: '7270432eae37498234f4444b35ffc5',
			conversationCategory: 'service',
			raw: status(d),
		}),
	],
	'status-read.json': (d) => [
		receipt({
			messageId: 'wamid.xyzxyz',
			status: 'read',
			recipient: '972987654321',
			recipientUserId: 'US.13491208655302741918',
			contactName: 'Test Name',
			...at('2023-07-15T00:20:58.000Z', 1689380458),
			businessAccountId: '5467539754836534',
			...PYWA,
			billable: true,
			pricingCategory: 'service',
			pricingModel: 'CBP',
			conversationId: '7270432eae37498234f4444b35ffc5',
			conversationCategory: 'service',
			raw: status(d),
		}),
	],
	'template-status-approved.json': (d) => [
		{
			eventType: 'templateStatus',
			status: 'APPROVED',
			templateId: '1689556908129832',
			templateName: 'order_confirmation',
			language: 'en-US',
			businessAccountId: '102290129340398',
			...at('2025-06-30T01:39:08.000Z', 1751247548),
			reason: 'NONE',
			category: 'UTILITY',
			raw: value(d),
		},
	],
	'template-status-rejected.json': (d) => [
		{
			eventType: 'templateStatus',
			status: 'REJECTED',
			templateId: '1689556908129835',
			templateName: 'abandoned_cart',
			language: 'en',
			businessAccountId: '102290129340398',
			...at('2025-06-30T01:39:08.000Z', 1751247548),
			reason: 'INVALID_FORMAT',
			category: 'MARKETING',
			rejectionDetail:
				'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
			recommendation:
				'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
			raw: value(d),
		},
	],
	'template-status-paused.json': (d) => [
		// The publisher redacted the ids and the time: no date can be read from "17497.....".
		{
			eventType: 'templateStatus',
			status: 'PAUSED',
			templateId: '10545...........',
			templateName: 'testing_template',
			language: 'en',
			businessAccountId: '32002...........',
			reason: 'NONE',
			title: 'SECOND_PAUSE',
			description:
				'Your WhatsApp message template has been paused for 6 hours until Aug 31 at 12:47 AM UTC because it continued to have issues.',
			raw: value(d),
		},
	],
	'template-category-impending.json': (d) => [
		{
			eventType: 'templateCategory',
			templateId: '278077987957091',
			templateName: 'welcome_template',
			language: 'en-US',
			businessAccountId: '102290129340398',
			...at('2025-05-01T07:00:00.000Z', 1746082800),
			newCategory: 'UTILITY',
			correctCategory: 'MARKETING',
			categoryUpdateDate: '2025-05-02T07:00:00.000Z',
			raw: value(d),
		},
	],
	'template-category-updated.json': (d) => [
		{
			eventType: 'templateCategory',
			templateId: '278077987957091',
			templateName: 'welcome_template',
			language: 'en-US',
			businessAccountId: '102290129340398',
			...at('2025-05-02T07:00:00.000Z', 1746169200),
			previousCategory: 'UTILITY',
			newCategory: 'MARKETING',
			raw: value(d),
		},
	],
	'template-category-sdk.json': (d) => [
		{
			eventType: 'templateCategory',
			templateId: '12345678',
			templateName: 'my_message_template',
			language: 'he',
			businessAccountId: '57438975935',
			...at('2025-06-19T14:54:42.000Z', 1750344882),
			newCategory: 'MARKETING',
			raw: value(d),
		},
	],
	'template-quality.json': (d) => [
		{
			eventType: 'templateQuality',
			templateId: '806312974732579',
			templateName: 'welcome_template',
			language: 'en-US',
			businessAccountId: '102290129340398',
			...at('2023-01-28T00:04:50.000Z', 1674864290),
			previousQualityScore: 'GREEN',
			newQualityScore: 'YELLOW',
			raw: value(d),
		},
	],
	'template-quality-field.json': (d) => [
		{
			eventType: 'templateQuality',
			templateId: '806312974732579',
			templateName: 'welcome_template',
			language: 'en_US',
			businessAccountId: '102290129340398',
			...at('2023-01-28T00:04:50.000Z', 1674864290),
			previousQualityScore: 'GREEN',
			newQualityScore: 'YELLOW',
			raw: value(d),
		},
	],
	'other-account-update.json': (d) => [
		{
			eventType: 'other',
			field: 'account_update',
			businessAccountId: '102290129340398',
			...at('2022-01-04T21:08:18.000Z', 1641330498),
			raw: value(d),
		},
	],
	'other-user-preferences.json': (d) => [
		{
			eventType: 'other',
			field: 'user_preferences',
			businessAccountId: '102290129340398',
			raw: value(d),
		},
	],
	'username-message-text-no-number.json': (d) => [
		incoming({
			messageId: WAMID_A,
			messageType: 'text',
			userId: 'US.13491208655302741918',
			parentUserId: 'US.ENT.11815799212886844830',
			sendTo: 'US.13491208655302741918',
			contactName: 'Sheena Nelson',
			username: '@realsheenanelson',
			...at('2025-06-08T20:59:43.000Z', 1749416383),
			...META,
			text: 'Does it come in another color?',
			raw: message(d),
		}),
	],
	'username-2025-message-text-no-number.json': (d) => [
		// "from": "" and "wa_id": "": no number, so the user ID is whom to answer.
		incoming({
			messageId: WAMID_A,
			messageType: 'text',
			userId: 'user.93737...',
			sendTo: 'user.93737...',
			contactName: 'Sheena Nelson',
			username: '@realsheenanelson',
			...at('2025-06-08T20:59:43.000Z', 1749416383),
			...META,
			text: 'Does it come in another color?',
			raw: message(d),
		}),
	],
	'username-message-user-id-only.json': (d) => [
		incoming({
			messageId: 'wamid.ID',
			messageType: 'text',
			userId: 'BSUID_123',
			sendTo: 'BSUID_123',
			contactName: 'NAME',
			...at('2022-11-23T20:02:58.000Z', 1669233778),
			...NETFLIE,
			text: 'MESSAGE_BODY',
			raw: message(d),
		}),
	],
	'username-status-delivered-number.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'delivered',
			recipient: '16505551234',
			recipientUserId: 'US.13491208655302741918',
			contactName: 'Pablo M.',
			username: '@pablomorales',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			...PMP_MARKETING,
			raw: status(d),
		}),
	],
	'username-status-delivered-no-number.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'delivered',
			recipientUserId: 'US.13491208655302741918',
			contactName: 'Pablo M.',
			username: '@pablomorales',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			...PMP_MARKETING,
			raw: status(d),
		}),
	],
	'username-status-failed.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'failed',
			recipient: '16505551234',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			errors: errorsOf(status(d)),
			raw: status(d),
		}),
	],
	'username-2025-status-delivered-number.json': (d) => [
		receipt({
			messageId: WAMID_B,
			status: 'delivered',
			recipient: '16505551234',
			recipientUserId: 'user.9373795779eb6441c8adb2eaee5b848e7dd174ddd302d7db62142f4722d574b6',
			contactName: 'Pablo M.',
			username: '@pablomorales',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			...PMP_MARKETING,
			raw: status(d),
		}),
	],
	'username-2025-status-delivered-no-number.json': (d) => [
		// "recipient_id": "": left out, the receipt is known by the user ID.
		receipt({
			messageId: WAMID_B,
			status: 'delivered',
			recipientUserId: 'user.9373795779eb6441c8adb2eaee5b848e7dd174ddd302d7db62142f4722d574b6',
			contactName: 'Pablo M.',
			username: '@pablomorales',
			...at('2025-06-15T23:27:53.000Z', 1750030073),
			...META,
			...PMP_MARKETING,
			raw: status(d),
		}),
	],
};

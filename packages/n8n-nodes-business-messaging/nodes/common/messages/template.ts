import type { IDataObject } from 'n8n-workflow';
import { typedContent, type MessageContent } from './contents';

/**
 * A template message's content (4.2): the template's name and language and the values its
 * components are filled with, in the Cloud API's shape (the spec does not show the parameters).
 * Send Template, the fallback of a chat send and Send and Wait's question template all build
 * theirs here.
 */

/** A text parameter of the header or body; `name` for a NAMED template's `{{name}}`. */
export interface TextParameter {
	text: string;
	name?: string;
}

/** A template header's value: text, media by link or media ID, or a place. */
export type TemplateHeader =
	| { format: 'text'; value: string; name?: string }
	/** `value` is an https link or a media ID. */
	| { format: 'image' | 'video' | 'document'; value: string; fileName?: string }
	| {
			format: 'location';
			location: { latitude: number; longitude: number; name?: string; address?: string };
	  };

/** A button's parameter, by the button's kind (the OTP code goes as a URL text). */
export type ButtonParameter = { index: string } & (
	| { kind: 'url' | 'otp'; value: string }
	| { kind: 'copyCode'; value: string }
	| { kind: 'quickReply'; payload: string }
	| { kind: 'flow'; token?: string; actionData?: IDataObject }
	| { kind: 'catalog'; thumbnailRetailerId: string }
	| { kind: 'mpm'; thumbnailRetailerId: string; sections: ProductSection[] }
);

/** A multi-product button's section: its title and its products' retailer IDs. */
export interface ProductSection {
	title: string;
	retailerIds: string[];
}

/** The values a template send fills in: header, body, button parameters, an offer's expiry. */
export interface TemplateValues {
	header?: TemplateHeader;
	body: TextParameter[];
	buttons: ButtonParameter[];
	/** Epoch milliseconds, for a limited-time offer with a countdown. */
	offerExpiresAt?: number;
	/**
	 * Send and Wait's answers: the payloads of the template's quick-reply buttons (a send's
	 * `quick_reply` parameters), put after every other component.
	 */
	answers?: Array<{ index: string; payload: string }>;
}

const textParameter = (p: TextParameter): IDataObject => ({
	type: 'text',
	...(p.name ? { parameter_name: p.name } : {}),
	text: p.text,
});

function headerParameter(header: TemplateHeader): IDataObject {
	if (header.format === 'text') return textParameter({ text: header.value, name: header.name });
	if (header.format === 'location') return { type: 'location', location: header.location };
	const media: IDataObject = /^https?:\/\//i.test(header.value)
		? { link: header.value }
		: { id: header.value };
	if (header.format === 'document' && header.fileName) media.filename = header.fileName;
	return { type: header.format, [header.format]: media };
}

/** A button component of a send (Cloud API shapes; `sub_type` names the button kind). */
function templateButton(button: ButtonParameter): IDataObject {
	const component = (subType: string, parameter: IDataObject): IDataObject => ({
		type: 'button',
		sub_type: subType,
		index: button.index,
		parameters: [parameter],
	});
	switch (button.kind) {
		case 'url':
		case 'otp':
			return component('url', { type: 'text', text: button.value });
		case 'copyCode':
			return component('copy_code', { type: 'coupon_code', coupon_code: button.value });
		case 'quickReply':
			return component('quick_reply', { type: 'payload', payload: button.payload });
		case 'flow':
			return component('flow', {
				type: 'action',
				action: {
					...(button.token ? { flow_token: button.token } : {}),
					...(button.actionData ? { flow_action_data: button.actionData } : {}),
				},
			});
		case 'catalog':
			return component('catalog', {
				type: 'action',
				action: { thumbnail_product_retailer_id: button.thumbnailRetailerId },
			});
		case 'mpm':
			return component('mpm', {
				type: 'action',
				action: {
					thumbnail_product_retailer_id: button.thumbnailRetailerId,
					sections: button.sections.map((section) => ({
						title: section.title,
						product_items: section.retailerIds.map((id) => ({ product_retailer_id: id })),
					})),
				},
			});
	}
}

/** A template message's content: header, body, buttons, then a limited-time offer's expiry. */
export function templateContent(
	template: { name: string; language: string },
	values: TemplateValues,
): MessageContent {
	const components: IDataObject[] = [];
	if (values.header)
		components.push({ type: 'header', parameters: [headerParameter(values.header)] });
	if (values.body.length)
		components.push({ type: 'body', parameters: values.body.map(textParameter) });
	components.push(...values.buttons.map(templateButton));
	if (values.offerExpiresAt !== undefined) {
		components.push({
			type: 'limited_time_offer',
			parameters: [
				{
					type: 'limited_time_offer',
					limited_time_offer: { expiration_time_ms: values.offerExpiresAt },
				},
			],
		});
	}
	for (const { index, payload } of values.answers ?? [])
		components.push(templateButton({ kind: 'quickReply', index, payload }));
	return typedContent('template', {
		name: template.name,
		language: { code: template.language },
		...(components.length ? { components } : {}),
	});
}

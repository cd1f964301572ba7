import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	type ResourceMapperValue,
} from 'n8n-workflow';
import { businessAccountOfNumber } from '../api/account';
import { getTemplate, type Template } from '../api/templates';
import type { ItemContext } from '../context';
import { templateIdOf } from './byName';
import { isUserId } from '../recipient';
import type { MessageContent } from '../messages/contents';
import { uploadChecked, type Upload } from '../messages/mediaSource';
import { templateContent, type TemplateValues } from '../messages/template';
import type { MediaKind } from '../rules/messageLimits';
import { filledValues } from './filledValues';
import { otpButtonIndex, templateVariables } from './variables';

/**
 * A template message built from a template field and its variables form: Send Template's, and
 * the template a chat send falls back to when the 24-hour window is closed.
 */

/** The parameter names of one template field and its variables form. */
export interface TemplateFields {
	template: string;
	variables: string;
	/** The variables form's label, for errors: by default Template Variables, or Fallback … */
	form?: string;
	/** The option naming an input binary field whose file becomes the media header. */
	headerBinary?: string;
	/** Whom it goes to (a number or a user ID, normalised): some templates go to numbers only. */
	recipient: string;
	/** The only category the send takes (the Marketing Messages API: MARKETING), and why. */
	category?: { only: string; because: string };
}

export interface TemplateMessage {
	content: MessageContent;
	name: string;
	language: string;
	/** What the content was built from (Send and Wait adds its answers' payloads to them). */
	values: TemplateValues;
	upload?: Upload;
	/** The template's own components, as the API described it (its buttons, for Send and Wait). */
	components: IDataObject[];
}

/** Options › Header File From Input Binary of Send Template. */
export const headerBinaryOption: INodeProperties = {
	displayName: 'Header File From Input Binary',
	name: 'headerBinary',
	type: 'string',
	default: '',
	placeholder: 'e.g. data',
	description:
		'For a template with an image, video or document header: the input binary field whose file is uploaded and sent as the header. Leave the header field of Template Variables empty.',
};

/**
 * The template (read once per run; it must be APPROVED) with its variables checked, then, when
 * the header comes from an input binary, its file checked and uploaded: nothing is uploaded for
 * an item that would be refused.
 */
export async function templateMessage(
	this: IExecuteFunctions,
	item: ItemContext,
	sender: string,
	fields: TemplateFields,
): Promise<TemplateMessage> {
	const node = this.getNode();
	const { itemIndex } = item;
	const { template, name, language } = await sendableTemplate.call(this, item, sender, fields);
	const variables = templateVariables(template);
	const form =
		fields.form ??
		(fields.variables === 'variables' ? 'Template Variables' : 'Fallback Template Variables');
	const mapped =
		(this.getNodeParameter(fields.variables, itemIndex, {}) as ResourceMapperValue).value ?? {};
	const property = fields.headerBinary
		? String(item.options()[fields.headerBinary] ?? '').trim()
		: '';
	const mediaHeader = variables.find((v) => v.target.part === 'headerMedia');
	if (property && !mediaHeader)
		throw new NodeOperationError(
			node,
			`Options › Header File From Input Binary is set, but template ${name} (${language}) has no image, video or document header`,
			{ itemIndex },
		);
	if (property && String(mapped[mediaHeader!.id] ?? '').trim())
		throw new NodeOperationError(
			node,
			`${form} › ${mediaHeader!.label} and Options › Header File From Input Binary both give the header: leave one empty`,
			{ itemIndex },
		);
	const filled = filledValues(
		node,
		variables,
		mapped,
		itemIndex,
		otpButtonIndex(template.components ?? []),
		{ headerFromBinary: property !== '', form },
	);
	let upload: Upload | undefined;
	if (property && filled.header && 'value' in filled.header && filled.header.format !== 'text') {
		upload = await uploadChecked.call(this, item, {
			where: `Options › Header File From Input Binary "${property}"`,
			property,
			kind: filled.header.format as MediaKind,
			phoneNumberId: sender,
			retry: `clear Options › Header File From Input Binary and give the media ID in ${form} › ${mediaHeader!.label}`,
		});
		filled.header.value = upload.record.mediaId;
		// A document keeps the name of the file it came from, unless the form gives another.
		if (filled.header.format === 'document' && !filled.header.fileName)
			filled.header.fileName = upload.record.fileName;
	}
	return {
		content: templateContent({ name, language }, filled),
		name,
		language,
		values: filled,
		upload,
		components: template.components ?? [],
	};
}

/**
 * The template picked (read once per run), refused unless it can be sent here: APPROVED, of the
 * category the operation takes, and no authentication template to a user ID.
 */
async function sendableTemplate(
	this: IExecuteFunctions,
	item: ItemContext,
	sender: string,
	fields: TemplateFields,
): Promise<{ template: Template; name: string; language: string }> {
	const node = this.getNode();
	const { itemIndex } = item;
	const templateId = await templateIdOf.call(
		this,
		item,
		async () =>
			await item.once(
				`account:${sender}`,
				async () => await businessAccountOfNumber.call(this, sender, item.request),
			),
		fields.template,
	);
	const template = await item.once(
		`template:${templateId}`,
		async () => await getTemplate.call(this, templateId, item.request),
	);
	const name = String(template.name);
	const language = String(template.language);
	if (template.status !== 'APPROVED') {
		throw new NodeOperationError(
			node,
			`Template ${name} (${language}) is ${String(template.status)}: only APPROVED templates can be sent`,
			{
				itemIndex,
				description:
					'Wait for the review to approve it (the trigger tells you), or pick an approved template.',
			},
		);
	}
	const category = String(template.category ?? '').toUpperCase();
	if (fields.category && category !== fields.category.only)
		throw new NodeOperationError(
			node,
			`Template ${name} (${language}) is ${category ? `a ${category} template` : 'without a category'}; ${fields.category.because}`,
			{ itemIndex },
		);
	if (isUserId(fields.recipient) && category === 'AUTHENTICATION')
		throw new NodeOperationError(
			node,
			`Recipient "${fields.recipient}" is a user ID, and template ${name} (${language}) is an authentication template: the platform sends those to phone numbers only (Meta's error 131062)`,
			{
				itemIndex,
				description:
					'Send the code to the customer’s phone number, or ask for their number first (e.g. with a template that requests contact info).',
			},
		);
	return { template, name, language };
}

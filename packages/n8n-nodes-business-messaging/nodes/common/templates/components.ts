import { jsonParse, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import type { ItemContext } from '../context';
import { uploadSample } from './sampleUpload';
import {
	checkAuthenticationButtons,
	checkComponents,
	placeholdersOf,
	TemplateRuleError,
	withRules,
	type ParameterFormat,
} from '../rules/templateRules';

/**
 * The components of the form (or JSON), checked against the rules before a media header's
 * sample is uploaded, so that an invalid form uploads nothing; then built with the upload.
 */
export async function checkedComponents(
	this: IExecuteFunctions,
	item: ItemContext,
	category: string,
	parameterFormat: ParameterFormat = 'POSITIONAL',
): Promise<IDataObject[]> {
	const node = this.getNode();
	const { itemIndex } = item;
	await withRules(node, itemIndex, async () =>
		checkComponents(
			await componentsFromForm.call(
				this,
				itemIndex,
				category,
				parameterFormat,
				async () => 'sample-handle',
			),
			category,
			parameterFormat,
		),
	);
	return await withRules(node, itemIndex, async () =>
		componentsFromForm.call(
			this,
			itemIndex,
			category,
			parameterFormat,
			async (binaryProperty) => (await uploadSample.call(this, item, binaryProperty)).h,
		),
	);
}

/**
 * Turns the builder form into the API's components array. Examples the API wants are derived
 * from what the user typed: the sample URL from the URL and its suffix example, the copy code
 * example from the code.
 */
async function componentsFromForm(
	this: IExecuteFunctions,
	itemIndex: number,
	category: string,
	parameterFormat: ParameterFormat,
	uploadHeaderSample: (binaryProperty: string) => Promise<string>,
): Promise<IDataObject[]> {
	const param = (name: string, fallback = ''): string =>
		String(this.getNodeParameter(name, itemIndex, fallback) ?? '');
	const collection = (name: string) => this.getNodeParameter(name, itemIndex, {}) as IDataObject;
	if (param('content', 'builder') === 'json') {
		const raw = this.getNodeParameter('componentsJson', itemIndex, '[]') as unknown;
		const components =
			typeof raw === 'string'
				? jsonParse<unknown>(raw, { errorMessage: 'Components (JSON) is not valid JSON' })
				: raw;
		if (!Array.isArray(components))
			throw new TemplateRuleError('Components (JSON)', 'must be an array of components');
		return components as IDataObject[];
	}
	const formButtons = (collection('buttons').button as IDataObject[] | undefined) ?? [];
	const otp = formButtons.find((button) => button.type === 'OTP');
	if (category === 'AUTHENTICATION') return authenticationFromForm(formButtons, otp);
	const components: IDataObject[] = [];

	const headerType = param('headerType', 'none');
	if (headerType === 'text') {
		const text = param('headerText', '').trim();
		const header: IDataObject = { type: 'HEADER', format: 'TEXT', text };
		const [variable] = placeholdersOf(text, parameterFormat, 'Header Text');
		const example = param('headerExample', '').trim();
		if (variable !== undefined)
			header.example =
				parameterFormat === 'NAMED'
					? { header_text_named_params: [{ param_name: variable, example }] }
					: { header_text: [example] };
		components.push(header);
	} else if (headerType !== 'none') {
		const handle =
			param('headerSampleSource', 'binary') === 'handle'
				? param('headerSampleHandle', '').trim()
				: await uploadHeaderSample(param('headerSampleBinaryProperty', 'data').trim());
		components.push({
			type: 'HEADER',
			format: headerType.toUpperCase(),
			example: { header_handle: [handle] },
		});
	}

	const body = param('body', '');
	const bodyComponent: IDataObject = { type: 'BODY', text: body };
	const examples = ((collection('bodyExamples').example as IDataObject[] | undefined) ?? []).map(
		(e) => String(e.value ?? ''),
	);
	const variables = placeholdersOf(body, parameterFormat, 'Body');
	// Named examples pair with the names in the order they first appear in the body.
	if (variables.length > 0)
		bodyComponent.example =
			parameterFormat === 'NAMED'
				? {
						body_text_named_params: examples.map((example, i) => ({
							param_name: variables[i] ?? `extra_${i + 1}`,
							example,
						})),
					}
				: { body_text: [examples] };
	components.push(bodyComponent);

	const footer = param('footer', '').trim();
	if (footer) components.push({ type: 'FOOTER', text: footer });

	const buttons = formButtons.map(buttonFromForm);
	if (buttons.length) components.push({ type: 'BUTTONS', buttons });

	const offer = collection('limitedTimeOffer');
	if (typeof offer.text === 'string' && offer.text.trim()) {
		components.push({
			type: 'LIMITED_TIME_OFFER',
			limited_time_offer: { text: offer.text.trim(), has_expiration: offer.hasExpiration === true },
		});
	}
	return components;
}

/**
 * An authentication template from the form: its One-Time Password button says what the
 * platform writes in the body (the security line) and the footer (the code's lifetime).
 */
function authenticationFromForm(
	buttons: IDataObject[],
	otp: IDataObject | undefined,
): IDataObject[] {
	checkAuthenticationButtons(buttons.map((b) => String(b.type ?? 'QUICK_REPLY')));
	const form = otp as IDataObject;
	const components: IDataObject[] = [
		form.addSecurityRecommendation === true
			? { type: 'BODY', add_security_recommendation: true }
			: { type: 'BODY' },
	];
	const minutes = Number(form.codeExpirationMinutes ?? 0);
	if (minutes !== 0) components.push({ type: 'FOOTER', code_expiration_minutes: minutes });
	components.push({ type: 'BUTTONS', buttons: buttons.map(buttonFromForm) });
	return components;
}

/** A form's button as the API takes it (Cloud API button kinds). */
function buttonFromForm(form: IDataObject): IDataObject {
	const type = String(form.type ?? 'QUICK_REPLY');
	const text = String(form.text ?? '').trim();
	const trimmed = (name: string) => String(form[name] ?? '').trim();
	switch (type) {
		case 'FLOW': {
			const button: IDataObject = { type, text };
			if ((form.flowBy ?? 'id') === 'name') button.flow_name = trimmed('flowName');
			else button.flow_id = trimmed('flowId');
			const action = String(form.flowAction ?? 'navigate');
			button.flow_action = action;
			if (action === 'navigate' && trimmed('navigateScreen'))
				button.navigate_screen = trimmed('navigateScreen');
			return button;
		}
		case 'OTP': {
			const otpType = String(form.otpType ?? 'COPY_CODE');
			const button: IDataObject = { type, otp_type: otpType };
			if (text) button.text = text;
			if (otpType === 'COPY_CODE') return button;
			if (trimmed('autofillText')) button.autofill_text = trimmed('autofillText');
			button.package_name = trimmed('packageName');
			button.signature_hash = trimmed('signatureHash');
			if (otpType === 'ZERO_TAP')
				button.zero_tap_terms_accepted = form.zeroTapTermsAccepted === true;
			return button;
		}
		case 'COPY_CODE':
			// The code itself, a string (Meta's coupon-code template page), unlike a URL's list.
			return { type, example: String(form.code ?? '').trim() };
		case 'PHONE_NUMBER':
			return { type, text, phone_number: String(form.phoneNumber ?? '').trim() };
		case 'URL': {
			const url = String(form.url ?? '').trim();
			const button: IDataObject = { type, text, url };
			if (url.endsWith('{{1}}')) {
				const suffix = String(form.urlExample ?? '').trim();
				button.example = suffix ? [url.slice(0, -'{{1}}'.length) + suffix] : [];
			}
			return button;
		}
		default:
			return { type, text };
	}
}

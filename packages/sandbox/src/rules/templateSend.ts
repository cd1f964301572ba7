import { ApiError, ErrorCode, refused } from '../errors';
import type { Template } from '../model';
import { onlyKeys, requireObject, requireString, type Json } from '../validate';
import { templateShape, validateSendParameters, type SendContext } from './templateParameters';

/**
 * A send's `template` object (4.2): an APPROVED template of the sending number's account, by name
 * and language, with the parameters its components need (templateParameters.ts). An
 * authentication template goes to a phone number only, never to a user ID (Meta, 2026).
 */
export function templateToSend(
	value: unknown,
	context: SendContext & { templates: readonly Template[]; toUserId: boolean },
): { template: Template; content: Json } {
	const given = requireObject(value, 'template');
	onlyKeys(given, ['name', 'language', 'components', 'namespace'], 'template');
	const name = requireString(given, 'name', 'template.name');
	const language = requireString(
		requireObject(given.language, 'template.language'),
		'code',
		'template.language.code',
	);
	const found = context.templates.find((t) => t.name === name && t.language === language);
	if (!found)
		throw refused(
			ErrorCode.templateNotApproved,
			`Template ${name} does not exist in ${language} for this account`,
			'template.name',
		);
	if (found.status !== 'APPROVED')
		throw refused(
			ErrorCode.templateNotApproved,
			`Template ${name} (${language}) is ${found.status}; only APPROVED templates can be sent`,
			'template.name',
		);
	if (found.category === 'AUTHENTICATION' && context.toUserId)
		throw new ApiError(
			400,
			ErrorCode.userIdRecipientRefused,
			`(#${ErrorCode.userIdRecipientRefused}) Business-scoped User ID (BSUID) recipients are not supported for this message.`,
			'OAuthException',
			undefined,
			undefined,
			{
				messaging_product: 'whatsapp',
				details:
					"Authentication templates cannot be sent to business-scoped user IDs; send them to the user's phone number (to).",
			},
		);
	validateSendParameters(
		given.components,
		templateShape(found.components, found.parameter_format),
		context,
	);
	return { template: found, content: structuredClone(given) };
}

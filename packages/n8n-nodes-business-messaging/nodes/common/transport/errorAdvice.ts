/**
 * What to do about the platform's refusals that users meet in normal work (spec 7 and 8, and
 * the error codes the platform documents). Shown under the API's own message in n8n.
 */
export const ADVICE: Readonly<Record<number, string>> = {
	190: 'Check the API Key of the credential (the credential’s Test button shows whether it works).',
	131047:
		'Answers (everything but a template) are accepted only within 24 hours of the customer’s last message. Start or restart the conversation with Message › Send Template.',
	131062:
		'The platform does not send this message to a user ID (a customer with a username): send it to the customer’s number.',
	131063:
		'This business turned marketing messages off on the Cloud API: send MARKETING templates with Send Template › Send Through › Marketing Messages API.',
	131009:
		'A value of the message breaks one of the platform’s rules: the message above names the field and the rule.',
	131052:
		'Media URLs are valid for 5 minutes and must be used exactly as returned: get a fresh URL and download it straight away, or use Media › Download with the media ID, which fetches a fresh URL.',
	131053:
		'The file cannot be used: it was deleted, or its type or size does not suit the kind of message (the limits of each kind: https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/docs/guide/limits.md).',
	132000:
		'The variables do not match the template: open Template Variables again so that the form reloads from the template.',
	132001:
		'Only APPROVED templates can be sent: check the template’s status with Template › Get, or wait for the trigger’s template status event.',
	2388023: 'A deleted template’s name cannot be used again for 30 days: choose another name.',
	2388024:
		'A template with this name and language exists: use Template › Update to change it, or choose another name.',
	2388040:
		'Only APPROVED, REJECTED or PAUSED templates can be edited: wait until the review has decided.',
	2388041:
		'An approved template can be edited once a day and 10 times in 30 days: create a new template instead, or wait.',
	2494010:
		'The refund is more than what is left of the payment, or it was refunded already: check the payment before trying again.',
};

export function adviceFor(code: number | undefined): string | undefined {
	return code === undefined ? undefined : ADVICE[code];
}

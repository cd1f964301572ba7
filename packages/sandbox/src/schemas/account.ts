import { answers, closed, str, type Schema } from './common';

export const getUserDetailsSchema = {
	summary: 'The phone numbers this API key can use (4.1)',
	response: answers(
		closed(
			{
				code: { type: 'integer', const: 200 },
				status: { type: 'string', const: 'success' },
				data: {
					type: 'array',
					items: closed({ chat_business_account_id: str, wanumber: str, phone_number_id: str }, [
						'chat_business_account_id',
						'wanumber',
						'phone_number_id',
					]),
				},
			},
			['code', 'status', 'data'],
		),
	),
};

/**
 * GET /{business_account_id} (4.7): `id` and the requested fields (without `fields` all, or id
 * and name in a dialect); with the dialect's strictFields only the requested ones.
 */
export const businessAccountAnswer: Schema = closed({
	id: str,
	name: str,
	currency: str,
	timezone_id: str,
	message_template_namespace: str,
});

export const businessAccountQuery = {
	fields: 'Comma-separated fields: name, currency, timezone_id, message_template_namespace',
};

import { answers, closed, idParams, str, type Schema } from './common';

const template: Schema = closed(
	{
		name: str,
		language: closed({ code: str }, ['code']),
		components: {
			description: 'Parameters for the template placeholders, Cloud API form',
			type: 'array',
			items: { type: 'object' },
		},
		namespace: str,
	},
	['name', 'language'],
);

export const sendMessageSchema = {
	summary:
		"Send an APPROVED template, or text within 24 hours of the customer's last message (4.2)",
	params: idParams('The phone number ID that sends'),
	body: closed(
		{
			messaging_product: { type: 'string', const: 'whatsapp' },
			recipient_type: { type: 'string', const: 'individual' },
			to: { type: 'string', pattern: '^\\d{7,15}$', description: 'Digits only, no "+"' },
			type: { type: 'string', enum: ['template', 'text'] },
			template,
			text: closed(
				{
					body: { type: 'string', minLength: 1, maxLength: 4096 },
					preview_url: { type: 'boolean' },
				},
				['body'],
			),
			context: closed({ message_id: { type: 'string', pattern: '^wamid\\.' } }, ['message_id']),
			biz_opaque_callback_data: { description: 'Accepted; the sandbox ignores it' },
		},
		['messaging_product', 'to', 'type'],
	),
	response: answers(
		closed(
			{
				messaging_product: { type: 'string', const: 'whatsapp' },
				contacts: { type: 'array', items: closed({ input: str, wa_id: str }, ['input', 'wa_id']) },
				messages: {
					type: 'array',
					items: closed({ id: str, message_status: { type: 'string', const: 'accepted' } }, [
						'id',
						'message_status',
					]),
				},
			},
			['messaging_product', 'contacts', 'messages'],
		),
	),
};

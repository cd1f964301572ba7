import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiPath, apiRequest, type RequestContext } from '../transport';

/**
 * POST /{phone_number_id}/messages (4.2) with one message of any type, never repeated blindly
 * (a send is not idempotent). Returns what the output item starts with: the message ID, the
 * recipient, and the contact and status the platform answered.
 */
export async function sendMessage(
	this: IExecuteFunctions,
	sender: string,
	to: string,
	content: IDataObject,
	context: RequestContext,
): Promise<IDataObject> {
	const response = await apiRequest.call(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), sender, 'messages'),
			body: { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content },
			idempotent: false,
		},
		context,
	);
	const message = ((response.messages as IDataObject[] | undefined) ?? [])[0] ?? {};
	const contact = ((response.contacts as IDataObject[] | undefined) ?? [])[0] ?? {};
	return {
		messageId: message.id,
		recipient: to,
		...(contact.wa_id ? { waId: contact.wa_id } : {}),
		...(message.message_status ? { messageStatus: message.message_status } : {}),
	};
}

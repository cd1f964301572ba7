import type { IBinaryData, IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { downloadMedia } from '../../common/api/media';
import { binaryItem } from '../../common/binary';
import type { TriggerEvent } from '../events';

/** The event's file in `binaryProperty`; a failed download keeps the event and says why. */
export async function withMedia(
	this: IWebhookFunctions,
	event: TriggerEvent,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	// The download names the number that received the file: without it, nothing is asked.
	if (typeof event.phoneNumberId !== 'string' || event.phoneNumberId === '')
		return {
			json: {
				...(event as IDataObject),
				mediaError:
					'The delivery names no phone number ID (in its metadata), so the file was not downloaded',
			},
		};
	try {
		return await downloadMedia.call(
			this,
			{ mediaId: String(event.mediaId), phoneNumberId: event.phoneNumberId },
			{},
			async (download) =>
				await binaryItem.call(this, download, {
					binaryProperty,
					fileBase: String(event.mediaId),
					mimeType: typeof event.mimeType === 'string' ? event.mimeType : undefined,
					json: event as IDataObject,
				}),
		);
	} catch (error) {
		return { json: { ...(event as IDataObject), mediaError: (error as Error).message } };
	}
}

/**
 * A burst's files: the first in `binaryProperty`, the next in `binaryProperty_2`, and so on;
 * each message under `messages` names its field (`binaryProperty`) or says why it has none.
 */
export async function withBurstMedia(
	this: IWebhookFunctions,
	item: IDataObject,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	const binary: Record<string, IBinaryData> = {};
	const messages: IDataObject[] = [];
	let files = 0;
	for (const message of item.messages as TriggerEvent[]) {
		if (!message.mediaId) {
			messages.push(message as IDataObject);
			continue;
		}
		const field = files === 0 ? binaryProperty : `${binaryProperty}_${files + 1}`;
		const downloaded = await withMedia.call(this, message, field);
		if (downloaded.binary?.[field]) {
			binary[field] = downloaded.binary[field];
			files++;
			messages.push({ ...downloaded.json, binaryProperty: field });
		} else messages.push(downloaded.json);
	}
	return files > 0 ? { json: { ...item, messages }, binary } : { json: { ...item, messages } };
}

import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { locationContent } from '../../../common/messages/contents';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';

const fields: INodeProperties[] = [
	{
		displayName: 'Latitude',
		name: 'latitude',
		type: 'number',
		typeOptions: { minValue: -90, maxValue: 90, numberPrecision: 7 },
		default: 0,
		required: true,
		placeholder: 'e.g. 52.5200066',
		description: 'Degrees north (negative: south), from -90 to 90',
	},
	{
		displayName: 'Longitude',
		name: 'longitude',
		type: 'number',
		typeOptions: { minValue: -180, maxValue: 180, numberPrecision: 7 },
		default: 0,
		required: true,
		placeholder: 'e.g. 13.404954',
		description: 'Degrees east (negative: west), from -180 to 180',
	},
	{
		displayName: 'Name',
		name: 'locationName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Coffee Roasters, Kreuzberg',
		description: 'The place’s name, shown above the map (optional)',
	},
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		default: '',
		placeholder: 'e.g. Oranienstraße 12, 10999 Berlin',
		description: 'Shown under the name (optional)',
	},
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendLocation',
	fields,
	message: locationMessage,
});

/** A place on a map (the Cloud API's `location` message). */
async function locationMessage(this: IExecuteFunctions, item: ItemContext): Promise<ChatMessage> {
	const { itemIndex } = item;
	const latitude = coordinate(this, 'latitude', 'Latitude', 90, itemIndex);
	const longitude = coordinate(this, 'longitude', 'Longitude', 180, itemIndex);
	// 0, 0 is the fields' default, in the sea off Africa: never a place a business means.
	if (latitude === 0 && longitude === 0)
		throw new NodeOperationError(
			this.getNode(),
			'Latitude and Longitude are both 0: give the place’s coordinates',
			{ itemIndex },
		);
	const name = String(this.getNodeParameter('locationName', itemIndex, '')).trim();
	const place = String(this.getNodeParameter('address', itemIndex, '')).trim();
	return { content: locationContent({ latitude, longitude, name, address: place }) };
}

/** A coordinate in degrees; an expression may give it as text ("52.52"). */
function coordinate(
	context: IExecuteFunctions,
	name: string,
	label: string,
	limit: number,
	itemIndex: number,
): number {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit)
		throw new NodeOperationError(
			context.getNode(),
			`${label} ${JSON.stringify(raw)} is not a number from -${limit} to ${limit}`,
			{ itemIndex },
		);
	return value;
}

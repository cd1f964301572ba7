import type { INodeProperties } from 'n8n-workflow';

/** The media ID of a file the platform holds. */
export const mediaIdField: INodeProperties = {
	displayName: 'Media ID',
	name: 'mediaId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 1037543291543636',
	description: 'The ID of the file, e.g. from an incoming message of the trigger',
};

/** Where a downloaded file goes in the output item. */
export const outputBinaryField: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the file in',
};

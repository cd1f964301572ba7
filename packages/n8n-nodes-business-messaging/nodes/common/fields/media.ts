import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

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

/** The parameter names (and the words of the labels) of one set of media fields. */
export interface MediaFieldNames {
	source: string;
	binaryProperty: string;
	link: string;
	mediaId: string;
	/** Put before the labels, e.g. "Header" gives "Header Link". */
	label?: string;
}

export function mediaSourceFields(
	names: MediaFieldNames,
	displayOptions?: IDisplayOptions,
): INodeProperties[] {
	const label = names.label ? `${names.label} ` : '';
	const show = (source: string): IDisplayOptions => ({
		show: { ...displayOptions?.show, [names.source]: [source] },
	});
	return [
		{
			displayName: `${label}File Source`,
			name: names.source,
			type: 'options',
			default: 'binary',
			displayOptions,
			options: [
				{
					name: 'Input Binary',
					value: 'binary',
					description: 'A file of the input item, uploaded to the platform and sent in one step',
				},
				{
					name: 'Link',
					value: 'link',
					description: 'A public HTTPS address the platform downloads the file from',
				},
				{
					name: 'Media ID',
					value: 'mediaId',
					description: 'A file the platform already holds: uploaded before or received',
				},
			],
		},
		{
			displayName: `${label}Input Binary Field`,
			name: names.binaryProperty,
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: show('binary'),
			hint: 'The name of the input binary field that holds the file',
		},
		{
			displayName: `${label}Link`,
			name: names.link,
			type: 'string',
			default: '',
			required: true,
			displayOptions: show('link'),
			placeholder: 'e.g. https://example.com/files/invoice-1001.pdf',
		},
		{
			displayName: `${label}Media ID`,
			name: names.mediaId,
			type: 'string',
			default: '',
			required: true,
			displayOptions: show('mediaId'),
			placeholder: 'e.g. 1037543291543636',
			description: 'From Media › Upload, or the mediaId of an incoming message of the trigger',
		},
	];
}

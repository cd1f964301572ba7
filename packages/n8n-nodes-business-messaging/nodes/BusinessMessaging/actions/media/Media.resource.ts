import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as del from './delete.operation';
import * as download from './download.operation';
import * as downloadFromUrl from './downloadFromUrl.operation';
import * as getUrl from './getUrl.operation';
import * as upload from './upload.operation';

export const operations: Record<string, Operation> = {
	delete: del,
	download,
	downloadFromUrl,
	getUrl,
	upload,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['media'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a media file',
				action: 'Delete a media file',
			},
			{
				name: 'Download',
				value: 'download',
				description: 'Download a file by its media ID',
				action: 'Download a media file',
			},
			{
				name: 'Download From URL',
				value: 'downloadFromUrl',
				description: 'Download a file from a media URL the API returned (valid 5 minutes)',
				action: 'Download a media file from its URL',
			},
			{
				name: 'Get URL',
				value: 'getUrl',
				description: 'Get the download URL (valid 5 minutes), type, size and hash of a media ID',
				action: 'Get the URL of a media file',
			},
			{
				name: 'Upload',
				value: 'upload',
				description: 'Upload a file once, to send it many times by its media ID',
				action: 'Upload a media file',
			},
		],
		default: 'download',
	},
	...del.description,
	...download.description,
	...downloadFromUrl.description,
	...getUrl.description,
	...upload.description,
];

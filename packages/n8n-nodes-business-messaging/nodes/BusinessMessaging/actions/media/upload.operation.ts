import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { uploadMedia } from '../../../common/api/media';
import { inputFile } from '../../../common/binary';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import { checkMediaFile } from '../../../common/messages/mediaSource';
import { MEDIA_KINDS, mediaKindOf } from '../../../common/rules/messageLimits';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that will send the file' },
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field that holds the file',
	},
];

export const description = updateDisplayOptions(forOperation('media', 'upload'), properties);

/**
 * An input file uploaded once, to be sent many times by its media ID (Send Media › Media ID).
 * Run again, it only leaves an unused copy, so Retry On Fail is allowed.
 */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const file = await inputFile.call(this, itemIndex, property);
	const where = `Input Binary Field "${property}"`;
	const kind = mediaKindOf(file.mimeType);
	if (!kind)
		throw new NodeOperationError(
			node,
			`${where} holds ${file.mimeType ? `a ${file.mimeType} file` : 'a file of unknown type'}, which the platform does not take`,
			{
				itemIndex,
				description: `It takes ${Object.values(MEDIA_KINDS)
					.map((rule) => `${rule.label.replace(/^an? /, '')}s: ${rule.types.join(', ')}`)
					.join('; ')}.`,
			},
		);
	checkMediaFile(node, where, file, kind, itemIndex);
	const mediaId = await uploadMedia.call(this, { phoneNumberId, file }, item.request);
	return [
		{
			json: {
				mediaId,
				mediaType: kind,
				fileName: file.fileName,
				mimeType: file.mimeType,
				fileSize: file.size,
				phoneNumberId,
			},
		},
	];
};

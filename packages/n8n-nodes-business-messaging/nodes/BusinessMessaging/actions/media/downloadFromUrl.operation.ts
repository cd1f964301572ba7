import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { binaryItem } from '../../helpers/binaryDownload';
import { retrySettings } from '../../helpers/requestOptions';
import { apiDownload } from '../../transport';
import { showFor } from '../types';
import { binaryPropertyField } from './download.operation';

const show = showFor('media', 'downloadFromUrl');
/** The API's code for an expired or altered media URL. */
const URL_EXPIRED = '131052';

export const description: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder:
			'e.g. https://api.example.com/v3/chat_business/attachments/?mid=...&ext=...&hash=...',
		description: 'The media URL exactly as the API returned it',
		hint: 'Media URLs are valid for 5 minutes, and only on the API’s own address',
		displayOptions: { show },
	},
	binaryPropertyField(show),
];

/** GET <media URL> (4.6): the API key goes along only when the URL is on the credential's base URL. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const url = String(this.getNodeParameter('url', itemIndex, '')).trim();
	if (!url) throw new NodeOperationError(this.getNode(), 'URL is required', { itemIndex });
	const binaryProperty = String(
		this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	// Read only once the transport has checked the URL.
	const mediaIdOf = () => new URL(url).searchParams.get('mid') ?? 'media';
	try {
		const item = await apiDownload.call(
			this,
			{ method: 'GET', path: '', url },
			{ itemIndex, retry: retrySettings.call(this, itemIndex) },
			async (download) =>
				await binaryItem.call(this, download, {
					binaryProperty,
					fileBase: mediaIdOf(),
					json: { mediaId: mediaIdOf() },
				}),
		);
		return [item];
	} catch (error) {
		throw explainExpiry(this.getNode(), error, itemIndex);
	}
}

/** An expired or altered URL gets the reason the user can act on. */
function explainExpiry(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (
		error instanceof NodeApiError &&
		JSON.stringify(error.errorResponse ?? {}).includes(`"code":${URL_EXPIRED}`)
	) {
		error.description =
			`Media URLs are valid for 5 minutes and must be used exactly as returned: get a fresh URL and download it straight away. ${error.description ?? ''}`.trim();
		return error;
	}
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

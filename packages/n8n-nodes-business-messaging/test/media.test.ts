import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ScriptedServer } from 'business-messaging-testing';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

const PNG_ID = '1037543291543636';
const number = () => ({ __rl: true, mode: 'list', value: bed.sandbox.phoneNumberIds[0] });
const seededBytes = (id: string) => {
	const source = bed.sandbox.state.store.media.get(id)!.source;
	if (source.kind !== 'bytes') throw new Error('not a seeded file');
	return source.data;
};

/** A media URL as the API hands it out (GET /{media_id}). */
async function mediaUrl(id: string): Promise<string> {
	const response = await fetch(`${bed.sandbox.baseUrl}/${id}`, {
		headers: { apikey: bed.sandbox.apiKey },
	});
	const body = (await response.json()) as { url: string };
	bed.sandbox.state.log.clear();
	return body.url;
}

describe('Media › Download', () => {
	it('outputs the file as binary data with its type and name', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'media',
				operation: 'download',
				phoneNumberId: number(),
				mediaId: PNG_ID,
			},
		});
		const binary = output[0].binary!.data;
		expect(binary.mimeType).toBe('image/png');
		expect(binary.fileName).toBe('latte-art.png');
		expect(Buffer.from(binary.data, 'base64').equals(seededBytes(PNG_ID))).toBe(true);
		expect(output[0].json).toEqual({
			mediaId: PNG_ID,
			fileName: 'latte-art.png',
			mimeType: 'image/png',
			fileSize: seededBytes(PNG_ID).length,
		});
		expect(bed.requests()[0].url).toBe(
			`/v3/downloadMedia/${PNG_ID}?phone_number_id=${bed.sandbox.phoneNumberIds[0]}`,
		);
	});

	it('puts the file in the chosen binary field', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'media',
				operation: 'download',
				phoneNumberId: number(),
				mediaId: PNG_ID,
				binaryPropertyName: 'photo',
			},
		});
		expect(Object.keys(output[0].binary!)).toEqual(['photo']);
	});

	it('reports a file of another number as not found', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'media',
					operation: 'download',
					phoneNumberId: { __rl: true, mode: 'id', value: bed.sandbox.phoneNumberIds[1] },
					mediaId: PNG_ID,
				},
			}),
		);
		expect(error.httpCode).toBe('404');
	});
});

describe('Media › Download From URL', () => {
	const fromUrl = (url: string) => ({ resource: 'media', operation: 'downloadFromUrl', url });

	it('downloads the bytes with the key, from a URL the API returned', async () => {
		const url = await mediaUrl(PNG_ID);
		const [output] = await bed.harness().execute({ parameters: fromUrl(url) });
		expect(Buffer.from(output[0].binary!.data.data, 'base64').equals(seededBytes(PNG_ID))).toBe(
			true,
		);
		expect(output[0].json.mediaId).toBe(PNG_ID);
		const [request] = bed.requests();
		expect(request.headers.apikey).toBe('<key:demo>');
		expect(`${bed.sandbox.baseUrl.replace(/\/v3$/, '')}${request.url}`).toBe(url);
	});

	it.each([
		'https://evil.example.com/v3/chat_business/attachments/?mid=1',
		'http://127.0.0.1:1/v3/x',
	])('refuses %p, off the API address, without any request', async (url) => {
		const error = await expectFailure(bed.harness().execute({ parameters: fromUrl(url) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('the API key is only ever sent there');
		expect(bed.requests()).toHaveLength(0);
	});

	it.each([
		['the base URL itself', ''],
		['the base URL and a slash', '/'],
		['a broken escape', '/%zz'],
	])('refuses %s: it is no media URL', async (_label, rest) => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: fromUrl(bed.sandbox.baseUrl + rest) }),
		);
		expect(error.message).toMatch(/is not on the API|is not a URL/);
		expect(bed.requests()).toHaveLength(0);
	});

	it('refuses a URL on the API host but outside the base URL', async () => {
		const url = bed.sandbox.baseUrl.replace(/\/v3$/, '/_sandbox/requests');
		const error = await expectFailure(bed.harness().execute({ parameters: fromUrl(url) }));
		expect(error.message).toContain('is not on the API');
	});

	it('explains that media URLs are valid for 5 minutes when one has expired', async () => {
		const url = await mediaUrl(PNG_ID);
		bed.sandbox.state.advanceClock(5 * 60_000 + 1000);
		const error = await expectFailure(bed.harness().execute({ parameters: fromUrl(url) }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('expired');
		expect(error.description).toContain('Media URLs are valid for 5 minutes');
	});

	it('fails clearly for an altered URL', async () => {
		const url = (await mediaUrl(PNG_ID)).replace(/hash=[^&]+/, 'hash=altered');
		const error = await expectFailure(bed.harness().execute({ parameters: fromUrl(url) }));
		expect(error.message).toContain('not valid');
		expect(error.description).toContain('exactly as returned');
	});
});

describe('Media › Delete', () => {
	it('deletes the file; afterwards it cannot be downloaded', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'media',
				operation: 'delete',
				phoneNumberId: number(),
				mediaId: PNG_ID,
			},
		});
		expect(output[0].json).toEqual({ success: true, mediaId: PNG_ID });
		expect(bed.requests()[0].method).toBe('DELETE');
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'media',
					operation: 'download',
					phoneNumberId: number(),
					mediaId: PNG_ID,
				},
			}),
		);
		expect(error.message).toContain('was deleted');
		expect(error.description).toContain('131053');
	});
});

describe('a file name the API gives', () => {
	const provider = new ScriptedServer({ status: 200, body: '' });
	let baseUrl: string;
	beforeAll(async () => {
		baseUrl = await provider.start();
	});
	afterAll(async () => await provider.close());

	it.each([
		['attachment; filename="../../../../x"', 'x'],
		["attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 'passwd'],
		['attachment; filename="..\\\\..\\\\boot.ini"', 'boot.ini'],
		["attachment; filename*=UTF-8''in%07voice%0D%0A.pdf", 'invoice.pdf'],
		['attachment; filename=".."', 'media.pdf'],
	])('%s is kept as the base name %p', async (disposition, expected) => {
		provider.script = [
			{
				status: 200,
				headers: { 'content-type': 'application/pdf', 'content-disposition': disposition },
				body: '%PDF-1.4',
			},
		];
		const [output] = await bed.harness({ baseUrl }).execute({
			parameters: { resource: 'media', operation: 'downloadFromUrl', url: `${baseUrl}/file-1` },
		});
		expect(output[0].json.fileName).toBe(expected);
		expect(output[0].binary!.data.fileName).toBe(expected);
	});
});

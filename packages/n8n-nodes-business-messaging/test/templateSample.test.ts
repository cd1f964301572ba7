import { NodeApiError, NodeOperationError, type INodeExecutionData } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

/** A 1x1 PNG (68 bytes). */
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG_LENGTH = Buffer.from(PNG_BASE64, 'base64').length;
const PDF_BASE64 = Buffer.from('%PDF-1.4\n% a tiny sample\n%%EOF\n').toString('base64');
const PDF_LENGTH = Buffer.from(PDF_BASE64, 'base64').length;

const file = (
	data: string,
	mimeType: string,
	fileName?: string,
	field = 'data',
): INodeExecutionData => ({
	json: {},
	binary: { [field]: { data, mimeType, ...(fileName ? { fileName } : {}) } },
});
const upload = (items: INodeExecutionData[], binaryPropertyName?: string) =>
	bed.harness().execute({
		parameters: {
			resource: 'templateSample',
			operation: 'upload',
			...(binaryPropertyName ? { binaryPropertyName } : {}),
		},
		items,
	});

const sessions = () => [...bed.sandbox.state.store.uploadSessions.values()];
const query = (url: string) => Object.fromEntries(new URL(url, 'http://sandbox').searchParams);

describe('Template Sample › Upload', () => {
	it.each([
		['image/png', 'image/png'],
		['IMAGE/PNG; charset=binary', 'image/png'],
	])(
		'opens a session with the type (%p) and size of the file, then posts its raw bytes to the session id as returned',
		async (mimeType, fileType) => {
			// Only what the node sends is checked here; the tests below check what it does with the answer.
			await upload([file(PNG_BASE64, mimeType, 'latte.png')]).catch(() => undefined);
			const [step1, step2, ...rest] = bed.requests();
			expect(rest).toHaveLength(0);
			expect(step1.method).toBe('POST');
			expect(step1.url.split('?')[0]).toBe('/v3/app/uploads');
			expect(query(step1.url)).toEqual({ file_length: String(PNG_LENGTH), file_type: fileType });
			expect(step1.status).toBe(200);

			const [session] = sessions();
			expect(step2.method).toBe('POST');
			expect(step2.url).toBe(`/v3/upload:${session.sessionId}?sig=${session.sig}`);
			expect(step2.headers['content-type']).toBe('application/octet-stream');
			expect(step2.headers['content-length']).toBe(String(PNG_LENGTH));
			expect(step2.headers.apikey).toBe('<key:demo>');
		},
	);

	it('outputs the handle with the type, length and name of the file', async () => {
		const [output] = await upload([file(PNG_BASE64, 'image/png', 'latte.png')]);
		const [session] = sessions();
		expect(output).toEqual([
			{
				json: {
					h: session.handle,
					fileName: 'latte.png',
					mimeType: 'image/png',
					fileSize: PNG_LENGTH,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(session.handle).toMatch(/^4::/);
		expect(bed.sandbox.state.store.uploadHandles.get(session.handle!)).toMatchObject({
			fileType: 'image/png',
			size: PNG_LENGTH,
		});
		const requests = bed.requests();
		expect(requests.map((r) => r.status)).toEqual([200, 200]);
		expect((requests[1] as { bodyBytes?: number }).bodyBytes).toBe(PNG_LENGTH);
	});

	it('reads the chosen binary field, and outputs no file name when the file has none', async () => {
		const [output] = await upload(
			[file(PDF_BASE64, 'application/pdf', undefined, 'invoice')],
			'invoice',
		);
		expect(output[0].json).toEqual({
			h: sessions()[0].handle,
			mimeType: 'application/pdf',
			fileSize: PDF_LENGTH,
		});
	});

	it('uploads each input item, in its own session, paired with it', async () => {
		const [output] = await upload([
			file(PNG_BASE64, 'image/png', 'a.png'),
			file(PDF_BASE64, 'application/pdf', 'b.pdf'),
		]);
		expect(output.map((item) => [item.json.fileName, item.json.mimeType, item.pairedItem])).toEqual(
			[
				['a.png', 'image/png', { item: 0 }],
				['b.pdf', 'application/pdf', { item: 1 }],
			],
		);
		expect(new Set(output.map((item) => item.json.h)).size).toBe(2);
		expect(bed.requests()).toHaveLength(4);
	});

	it('sends the PDF of the chosen field with its own type and size', async () => {
		await upload([file(PDF_BASE64, 'application/pdf', 'menu.pdf', 'invoice')], 'invoice').catch(
			() => undefined,
		);
		expect(query(bed.requests()[0].url)).toEqual({
			file_length: String(PDF_LENGTH),
			file_type: 'application/pdf',
		});
		expect(bed.requests()[1].headers['content-length']).toBe(String(PDF_LENGTH));
	});

	it.each([
		[
			'text/plain',
			'The file in "data" is text/plain; a template sample must be image/jpeg, image/png, video/mp4, video/3gpp, application/pdf',
		],
		['image/gif', 'The file in "data" is image/gif'],
		['', 'The file in "data" is of unknown type'],
	])('refuses a file of type %p before any request', async (mimeType, message) => {
		const error = await expectFailure(upload([file(PNG_BASE64, mimeType, 'x')]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toHaveLength(0);
	});

	it('refuses an empty file before any request', async () => {
		const error = await expectFailure(upload([file('', 'image/png', 'empty.png')]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The file in "data" is empty');
		expect(bed.requests()).toHaveLength(0);
	});

	it('names the missing binary field, sending nothing', async () => {
		const error = await expectFailure(upload([file(PNG_BASE64, 'image/png', 'x.png')], 'photo'));
		expect(error.message).toContain('photo');
		expect(bed.requests()).toHaveLength(0);
	});

	it("surfaces the API's refusal of step 1 without going on", async () => {
		bed.sandbox.state.config.maxSampleBytes = 10;
		const error = await expectFailure(upload([file(PNG_BASE64, 'image/png', 'x.png')]));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toBe('file_length: must be at most 10 bytes');
		expect(bed.requests()).toHaveLength(1);
		expect(sessions()).toHaveLength(0);
	});
});

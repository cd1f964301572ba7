import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import {
	chatSend,
	customerWrites,
	CUSTOMER,
	fileItem,
	mediaBytes,
	PNG_BASE64,
	rl,
	sentBodies,
} from './conversationSupport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

const bed = useTestBed();
const PNG = Buffer.from(PNG_BASE64, 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const uploads = () => bed.requests().filter((r) => r.method === 'POST' && /\/media$/.test(r.url));

describe('Message › Send Media', () => {
	const sendMedia = (extra: Record<string, unknown> = {}) =>
		chatSend(bed, 'sendMedia', { mediaType: 'image', fileSource: 'binary', ...extra });

	it('uploads an input image and sends it in one step: the customer gets the same bytes', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendMedia({ caption: 'Your latte art' }),
			items: fileItem(PNG_BASE64, 'image/png', 'latte.png'),
		});
		const json = output[0].json as { uploaded: { mediaId: string } };
		expect(json).toMatchObject({
			messageId: expect.stringMatching(/^wamid\./),
			recipient: CUSTOMER,
			type: 'image',
			uploaded: { fileName: 'latte.png', mimeType: 'image/png', fileSize: PNG.length },
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		const [upload] = uploads();
		expect(String(upload.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
		expect(Number(upload.headers['content-length'])).toBeGreaterThan(PNG.length);
		expect(sentBodies(bed)).toEqual([
			{
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: CUSTOMER,
				type: 'image',
				image: { id: json.uploaded.mediaId, caption: 'Your latte art' },
			},
		]);
		expect((await mediaBytes(bed, json.uploaded.mediaId)).equals(PNG)).toBe(true);
	});

	it('sends a document with the input file’s name, or the one given', async () => {
		await customerWrites(bed);
		const pdf = fileItem(PDF.toString('base64'), 'application/pdf', 'invoice-1001.pdf');
		await bed.harness().execute({ parameters: sendMedia({ mediaType: 'document' }), items: pdf });
		await bed.harness().execute({
			parameters: sendMedia({ mediaType: 'document', fileName: 'Rechnung.pdf' }),
			items: pdf,
		});
		const [first, second] = sentBodies(bed).map((b) => b.document as Record<string, unknown>);
		expect(first.filename).toBe('invoice-1001.pdf');
		expect(second.filename).toBe('Rechnung.pdf');
		expect((await mediaBytes(bed, String(first.id))).equals(PDF)).toBe(true);
	});

	it('sends by link and by media ID without uploading, as a reply, and leaves out a caption audio cannot have', async () => {
		const customerMessage = await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendMedia({
				fileSource: 'link',
				link: 'https://example.com/menu.png',
				options: { replyTo: customerMessage },
			}),
		});
		await bed.harness().execute({
			parameters: sendMedia({ fileSource: 'mediaId', mediaId: bed.sandbox.mediaIds[0] }),
		});
		await bed.harness().execute({
			parameters: sendMedia({
				mediaType: 'audio',
				fileSource: 'link',
				link: 'https://example.com/welcome.ogg',
				caption: 'not for audio',
			}),
		});
		expect(uploads()).toHaveLength(0);
		const [link, byId, audio] = sentBodies(bed);
		expect(link).toMatchObject({
			type: 'image',
			image: { link: 'https://example.com/menu.png' },
			context: { message_id: customerMessage },
		});
		expect(byId.image).toEqual({ id: bed.sandbox.mediaIds[0] });
		expect(audio.audio).toEqual({ link: 'https://example.com/welcome.ogg' });
	});

	it.each([
		[
			'a PDF as an image',
			{ mediaType: 'image' },
			fileItem(PDF.toString('base64'), 'application/pdf', 'a.pdf'),
			'Input Binary Field "data" holds a application/pdf file; an image must be image/jpeg, image/png',
		],
		[
			'a sticker over 500 KB',
			{ mediaType: 'sticker' },
			fileItem(Buffer.alloc(500 * 1024 + 1).toString('base64'), 'image/webp', 's.webp'),
			'Input Binary Field "data" holds 500 KB (512001 bytes); a sticker may be at most 500 KB (512000 bytes)',
		],
		[
			'an empty file',
			{},
			fileItem('', 'image/png', 'empty.png'),
			'Input Binary Field "data" holds an empty file',
		],
		[
			'a link that is not one',
			{ fileSource: 'link', link: 'menu.png' },
			[{ json: {} }],
			'Link "menu.png" is not a web address',
		],
		[
			'a caption of 1025 characters',
			{ caption: 'x'.repeat(1025) },
			fileItem(PNG_BASE64, 'image/png', 'a.png'),
			'Caption has 1025 characters; it may have at most 1024',
		],
		[
			'a reply to something that is not a message ID',
			{ options: { replyTo: '12345' } },
			fileItem(PNG_BASE64, 'image/png', 'a.png'),
			'Options › Reply To Message ID "12345" is not a message ID',
		],
	])('refuses %s before any request', async (_case, extra, items, message) => {
		await customerWrites(bed);
		bed.sandbox.state.log.clear();
		const error = await expectFailure(
			bed.harness().execute({ parameters: sendMedia(extra), items }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});

	it('says so, with the media ID, when the send fails after the upload', async () => {
		// No message from the customer: the window is closed, the platform refuses the send.
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: sendMedia(), items: fileItem(PNG_BASE64, 'image/png', 'a.png') }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		const [media] = [...bed.sandbox.state.store.media.values()].filter(
			(m) => m.fileName === 'a.png',
		);
		expect(error.description).toContain(`its media ID is ${media.id}`);
		expect(error.description).toContain('File Source › Media ID');
		expect(uploads()).toHaveLength(1);
	});

	it('refuses to run with Retry On Fail, sending nothing', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: sendMedia(),
				items: fileItem(PNG_BASE64, 'image/png', 'a.png'),
				settings: { retryOnFail: true },
			}),
		);
		expect(error.message).toContain('Retry On Fail');
		expect(bed.requests()).toEqual([]);
	});
});

describe('Media › Upload and Get URL', () => {
	const upload = {
		resource: 'media',
		operation: 'upload',
		requestOptions: FAST_RETRIES,
	};

	it('uploads a file once for later sends, and gets its URL, type, size and hash', async () => {
		const phoneNumberId = rl(bed.sandbox.phoneNumberIds[0]);
		const [uploaded] = await bed.harness().execute({
			parameters: { ...upload, phoneNumberId, binaryPropertyName: 'invoice' },
			items: fileItem(PDF.toString('base64'), 'application/pdf', 'invoice.pdf', 'invoice'),
		});
		const { mediaId } = uploaded[0].json as { mediaId: string };
		expect(uploaded[0].json).toEqual({
			mediaId: expect.any(String),
			mediaType: 'document',
			fileName: 'invoice.pdf',
			mimeType: 'application/pdf',
			fileSize: PDF.length,
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		const [info] = await bed.harness().execute({
			parameters: { resource: 'media', operation: 'getUrl', phoneNumberId, mediaId },
		});
		expect(info[0].json).toMatchObject({
			mediaId,
			url: expect.stringContaining('/chat_business/attachments/'),
			mimeType: 'application/pdf',
			fileSize: PDF.length,
			sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		expect((await mediaBytes(bed, mediaId)).equals(PDF)).toBe(true);
	});

	it('refuses a file type the platform does not take, naming the types it does', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: { ...upload, phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]) },
				items: fileItem(Buffer.from('a,b').toString('base64'), 'text/csv', 'orders.csv'),
			}),
		);
		expect(error.message).toBe(
			'Input Binary Field "data" holds a text/csv file, which the platform does not take',
		);
		expect(error.description).toContain('documents: application/pdf, text/plain');
		expect(bed.requests()).toEqual([]);
	});
});

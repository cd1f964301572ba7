import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import {
	chatSend,
	customerWrites,
	CUSTOMER,
	fileItem,
	mediaBytes,
	orderConfirmationFallback,
	rl,
	sentBodies,
} from './conversationSupport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

/**
 * Templates in a conversation: a media header uploaded from an input binary, a template sent as
 * a reply, and a template sent instead of an answer when the 24-hour window is closed.
 */
const bed = useTestBed();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;

describe('Message › Send Template in a conversation', () => {
	const invoice = (values: Record<string, string>, options: Record<string, string> = {}) => ({
		resource: 'message',
		operation: 'sendTemplate',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 415 555 0100',
		template: rl(templateId('invoice_ready')),
		variables: { mappingMode: 'defineBelow', value: { body_1: 'Ana', ...values } },
		options,
		requestOptions: FAST_RETRIES,
	});
	const pdfItem = () => fileItem(PDF.toString('base64'), 'application/pdf', 'invoice-2002.pdf');

	it('uploads the document header from an input binary, names it after the file, and sends as a reply', async () => {
		const [output] = await bed.harness().execute({
			parameters: invoice({}, { headerBinary: 'data', replyTo: 'wamid.customerAsked' }),
			items: pdfItem(),
		});
		const { uploaded } = output[0].json as { uploaded: { mediaId: string } };
		const [body] = sentBodies(bed);
		expect(body.context).toEqual({ message_id: 'wamid.customerAsked' });
		expect((body.template as { components: unknown[] }).components[0]).toEqual({
			type: 'header',
			parameters: [
				{ type: 'document', document: { id: uploaded.mediaId, filename: 'invoice-2002.pdf' } },
			],
		});
		expect(output[0].json).toMatchObject({
			template: 'invoice_ready',
			replyTo: 'wamid.customerAsked',
		});
		expect((await mediaBytes(bed, uploaded.mediaId)).equals(PDF)).toBe(true);
	});

	it.each([
		[
			'neither a header value nor a file',
			{},
			{},
			'Template Variables › Document (ID or URL) is required',
		],
		[
			'both a header value and a file',
			{ header_document: 'https://example.com/i.pdf' },
			{ headerBinary: 'data' },
			'both give the header: leave one empty',
		],
		[
			'a file of the wrong kind',
			{},
			{ headerBinary: 'photo' },
			'Options › Header File From Input Binary "photo" holds a image/png file; a document must be',
		],
	])('refuses %s before any request', async (_case, values, options, message) => {
		const items = [
			{
				json: {},
				binary: {
					data: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'i.pdf' },
					photo: { data: 'iVBORw0KGgo=', mimeType: 'image/png', fileName: 'p.png' },
				},
			},
		];
		const error = await expectFailure(
			bed.harness().execute({ parameters: invoice(values, options), items }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests().filter((r) => r.method === 'POST')).toEqual([]);
	});
});

describe('If the 24-hour window is closed › Send a Template Instead', () => {
	const withFallback = (operation: string, extra: Record<string, unknown>) =>
		chatSend(bed, operation, {
			...extra,
			...orderConfirmationFallback(templateId('order_confirmation')),
		});

	it('sends the template when the platform refuses the answer (131047), and says so', async () => {
		const [output] = await bed.harness().execute({
			parameters: withFallback('sendText', { text: 'Your order ships Friday.' }),
		});
		expect(output[0].json).toMatchObject({
			sentAs: 'template',
			type: 'template',
			template: 'order_confirmation',
			language: 'en_US',
			recipient: CUSTOMER,
			messageId: expect.stringMatching(/^wamid\./),
		});
		expect(sentBodies(bed).map((b) => b.type)).toEqual(['text', 'template']);
	});

	it('sends the answer itself inside the window, and says so', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: withFallback('sendButtons', {
				bodyText: 'Deliver tomorrow?',
				replyButtons: { button: [{ title: 'Yes', id: 'yes' }] },
			}),
		});
		expect(output[0].json).toMatchObject({ sentAs: 'message', type: 'interactive' });
		expect(sentBodies(bed).map((b) => b.type)).toEqual(['interactive']);
	});

	it('checks the fallback template’s variables before anything is sent', async () => {
		const parameters = {
			...withFallback('sendText', { text: 'Hi' }),
			fallbackVariables: { mappingMode: 'defineBelow', value: { body_1: 'Ana' } },
		};
		const error = await expectFailure(bed.harness().execute({ parameters }));
		expect(error).toBeInstanceOf(NodeOperationError);
		// Named after the fallback's own form, by the label it shows.
		expect(error.message).toBe(
			'Fallback Template Variables › Header {{1}} (e.g. #1001) is required',
		);
		expect(sentBodies(bed)).toEqual([]);
	});

	it('does not send the template for another refusal', async () => {
		await customerWrites(bed);
		bed.sandbox.state.faults.add({
			kind: 'status',
			status: 400,
			method: 'POST',
			path: '/messages$',
			count: 1,
		});
		const error = await expectFailure(
			bed.harness().execute({ parameters: withFallback('sendText', { text: 'Hi' }) }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		// The faulted answer was the only send: no template followed it.
		expect(
			bed.requests().filter((r) => r.method === 'POST' && /\/messages$/.test(r.url)),
		).toHaveLength(1);
	});
});

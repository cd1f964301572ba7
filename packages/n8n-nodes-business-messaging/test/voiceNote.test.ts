import type { IDataObject } from 'n8n-workflow';
import { chatSend, customerWrites, CUSTOMER, fileItem, sentBodies } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';
import { captureDeliveries, changeValue } from './waitingSupport';

/**
 * Message › Send Media › Voice Note, against the sandbox, and the sandbox's rule for a voice note
 * sent raw (rules/voiceNote.ts): OGG with the Opus codec, as Meta's "Audio messages" page
 * requires. Both sides in one file.
 */
const bed = useTestBed();

/** The Ogg CRC-32 (polynomial 0x04c11db7, not reflected), which a page's checksum field holds. */
function oggCrc(bytes: Buffer): number {
	let crc = 0;
	for (const byte of bytes) {
		crc ^= byte << 24;
		for (let bit = 0; bit < 8; bit++)
			crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
	}
	return crc >>> 0;
}

/** An OGG stream's first page (beginning of stream) holding `packet`, checksum and all. */
function oggPage(packet: Buffer): Buffer {
	const header = Buffer.alloc(27);
	header.write('OggS', 0, 'latin1');
	header[5] = 0x02; // beginning of stream
	header.writeUInt32LE(0x1234, 14); // stream serial number
	header[26] = 1; // one segment
	const page = Buffer.concat([header, Buffer.from([packet.length]), packet]);
	page.writeUInt32LE(oggCrc(page), 22);
	return page;
}

/** OGG with Opus: the identification header of RFC 7845 § 5.1 (mono, 48 kHz). */
const OPUS_HEAD = Buffer.concat([
	Buffer.from('OpusHead', 'latin1'),
	Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
]);
const OGG_OPUS = oggPage(OPUS_HEAD);
/** OGG with Vorbis: the same container, another codec. */
const OGG_VORBIS = oggPage(Buffer.concat([Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(22)]));
/** An MP3 frame header: an audio file the platform takes, but no voice note. */
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...Buffer.alloc(60)]);

const voiceNote = (extra: IDataObject = {}) =>
	chatSend(bed, 'sendMedia', { mediaType: 'audio', voiceNote: true, ...extra });

describe('Message › Send Media › Voice Note', () => {
	it('uploads an OGG/Opus recording and sends it as a voice note (voice: true)', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: voiceNote({ fileSource: 'binary' }),
			items: fileItem(OGG_OPUS.toString('base64'), 'audio/ogg', 'answer.ogg'),
		});
		const mediaId = (output[0].json.uploaded as IDataObject).mediaId;
		expect(output[0].json).toMatchObject({ type: 'audio', recipient: CUSTOMER });
		expect(sentBodies(bed)).toEqual([
			expect.objectContaining({ type: 'audio', audio: { id: mediaId, voice: true } }),
		]);
	});

	it.each([
		['an MP3', MP3, 'audio/mpeg', 'answer.mp3'],
		['OGG with Vorbis', OGG_VORBIS, 'audio/ogg', 'answer.ogg'],
		['OGG/Opus bytes labelled audio/mpeg', OGG_OPUS, 'audio/mpeg', 'answer.mp3'],
	])(
		'refuses %s before any request, naming the field and the rule',
		async (_, bytes, type, name) => {
			await customerWrites(bed);
			bed.reset();
			const error = await expectFailure(
				bed.harness().execute({
					parameters: voiceNote({ fileSource: 'binary' }),
					items: fileItem(bytes.toString('base64'), type, name),
				}),
			);
			expect(error.message).toContain(`Voice Note is on, but the file "${name}"`);
			expect(error.message).toContain('not OGG with the Opus codec');
			expect(bed.requests()).toEqual([]);
		},
	);

	it('sends by link and by media ID with voice: true; off, the audio goes as a plain audio file', async () => {
		await customerWrites(bed);
		const link = 'https://example.com/answer.ogg';
		await bed.harness().execute({ parameters: voiceNote({ fileSource: 'link', link }) });
		await bed.harness().execute({
			parameters: voiceNote({ voiceNote: false, fileSource: 'link', link }),
		});
		expect(sentBodies(bed).map((body) => body.audio)).toEqual([{ link, voice: true }, { link }]);
	});
});

/** A raw request to the sandbox's API, as any client sends it. */
async function api(
	path: string,
	init: { method: string; body?: FormData | string; type?: string },
) {
	const response = await fetch(`${bed.sandbox.baseUrl}${path}`, {
		method: init.method,
		headers: { apikey: bed.sandbox.apiKey, ...(init.type ? { 'content-type': init.type } : {}) },
		body: init.body,
	});
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's voice note rule, sent raw", () => {
	const number = () => bed.sandbox.phoneNumberIds[0];
	const upload = async (bytes: Buffer, type: string) => {
		const form = new FormData();
		form.append('messaging_product', 'whatsapp');
		form.append('type', type);
		form.append('file', new Blob([bytes], { type }), 'voice');
		const answer = await api(`/${number()}/media`, { method: 'POST', body: form });
		expect(answer.status).toBe(200);
		return String(answer.body.id);
	};
	const sendAudio = (audio: IDataObject) =>
		api(`/${number()}/messages`, {
			method: 'POST',
			type: 'application/json',
			body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'audio', audio }),
		});
	const refusal = (answer: { body: IDataObject }) => answer.body.error as IDataObject;

	beforeEach(async () => await customerWrites(bed));

	it('takes an OGG/Opus file by media ID, and a link', async () => {
		const id = await upload(OGG_OPUS, 'audio/ogg');
		expect((await sendAudio({ id, voice: true })).status).toBe(200);
		expect((await sendAudio({ link: 'https://example.com/a.ogg', voice: true })).status).toBe(200);
	});

	it.each([
		['an MP3', MP3, 'audio/mpeg', 'audio/mpeg'],
		['OGG with Vorbis', OGG_VORBIS, 'audio/ogg', 'an OGG file of another codec'],
	])('refuses %s by media ID with 131053, saying what it is', async (_, bytes, type, found) => {
		const id = await upload(bytes, type);
		const answer = await sendAudio({ id, voice: true });
		expect(answer.status).toBe(400);
		expect(refusal(answer).code).toBe(131053);
		expect(refusal(answer).message).toContain(`is ${found}; a voice note (voice: true) must be`);
		// The same file as a plain audio message is taken.
		expect((await sendAudio({ id })).status).toBe(200);
	});

	it('reports a voice note played, after read; a plain audio file never', async () => {
		const link = 'https://example.com/a.ogg';
		const voice = String(
			((await sendAudio({ link, voice: true })).body.messages as IDataObject[])[0].id,
		);
		const plain = String(((await sendAudio({ link })).body.messages as IDataObject[])[0].id);
		const statuses = () =>
			bed.sandbox.state.webhooks.deliveries.flatMap((delivery) =>
				((changeValue(delivery.payload as IDataObject).statuses ?? []) as IDataObject[]).map(
					(status) => `${String(status.id)} ${String(status.status)}`,
				),
			);
		captureDeliveries(bed);
		const { played } = bed.sandbox.state.config.receiptDelaysMs;
		bed.sandbox.state.advanceClock(played);
		expect(statuses().filter((s) => s.startsWith(voice))).toEqual(
			['sent', 'delivered', 'read', 'played'].map((status) => `${voice} ${status}`),
		);
		expect(statuses().filter((s) => s.startsWith(plain))).toEqual(
			['sent', 'delivered', 'read'].map((status) => `${plain} ${status}`),
		);
	});

	it('never reports played before read, whatever the delays', async () => {
		bed.sandbox.state.config.receiptDelaysMs = {
			sent: 0,
			delivered: 1000,
			read: 9000,
			played: 4000,
		};
		const link = 'https://example.com/a.ogg';
		const voice = String(
			((await sendAudio({ link, voice: true })).body.messages as IDataObject[])[0].id,
		);
		captureDeliveries(bed);
		bed.sandbox.state.advanceClock(9000);
		const order = bed.sandbox.state.webhooks.deliveries.flatMap((delivery) =>
			((changeValue(delivery.payload as IDataObject).statuses ?? []) as IDataObject[])
				.filter((status) => status.id === voice)
				.map((status) => String(status.status)),
		);
		expect(order).toEqual(['sent', 'delivered', 'read', 'played']);
	});

	it('takes voice only as true or false', async () => {
		const answer = await sendAudio({ link: 'https://example.com/a.ogg', voice: 'yes' });
		expect(answer.status).toBe(400);
		expect(refusal(answer).message).toContain('audio.voice');
	});
});

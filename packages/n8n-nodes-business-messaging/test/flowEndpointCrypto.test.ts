import {
	constants,
	createCipheriv,
	createDecipheriv,
	generateKeyPairSync,
	publicEncrypt,
	randomBytes,
	type KeyObject,
} from 'crypto';
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import {
	FlowRequestError,
	decryptFlowRequest,
	encryptFlowResponse,
	flowPrivateKey,
} from '../nodes/common/flowEndpoint/flowCrypto';

/**
 * The Flow endpoint's encryption (flowCrypto.ts) against an independent client written here from
 * Meta's page ("Implementing your Flow endpoint"): RSA-OAEP-SHA256 for the AES-128 key,
 * AES-128-GCM for the payload, the answer under the flipped IV. Both sides: what Meta's client
 * sends decrypts and its answer decrypts in turn; anything else is refused with the status the
 * page asks for, and never decrypts to a payload.
 */
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const key = flowPrivateKey(pem);

/** A request as Meta's client sends it: the payload under a fresh AES key and IV. */
function clientRequest(payload: unknown, publicKey: KeyObject = pair.publicKey) {
	const aesKey = randomBytes(16);
	const iv = randomBytes(16);
	const cipher = createCipheriv('aes-128-gcm', aesKey, iv);
	const data = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
	return {
		aesKey,
		iv,
		body: {
			encrypted_flow_data: Buffer.concat([data, cipher.getAuthTag()]).toString('base64'),
			encrypted_aes_key: publicEncrypt(
				{ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
				aesKey,
			).toString('base64'),
			initial_vector: iv.toString('base64'),
		} as IDataObject,
	};
}

/** The client's reading of an answer: AES-128-GCM under the flipped IV, the tag at the end. */
function clientReads(answer: string, aesKey: Buffer, iv: Buffer): unknown {
	const bytes = Buffer.from(answer, 'base64');
	const decipher = createDecipheriv('aes-128-gcm', aesKey, Buffer.from(iv.map((b) => b ^ 0xff)));
	decipher.setAuthTag(bytes.subarray(-16));
	return JSON.parse(
		Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString(),
	);
}

/** The refusal `run` throws; anything else fails the test. */
const refusal = (run: () => unknown): FlowRequestError => {
	let thrown: unknown;
	try {
		run();
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeInstanceOf(FlowRequestError);
	return thrown as FlowRequestError;
};

describe("a Flow endpoint request, as Meta's client encrypts it", () => {
	it('decrypts, and the answer decrypts with the flipped IV', () => {
		const ping = { version: '3.0', action: 'ping' };
		const { body, aesKey, iv } = clientRequest(ping);
		const request = decryptFlowRequest(body, key);
		expect(request.payload).toEqual(ping);
		expect(request.aesKey.equals(aesKey)).toBe(true);
		const answer = encryptFlowResponse({ data: { status: 'active' } }, request.aesKey, request.iv);
		expect(clientReads(answer, aesKey, iv)).toEqual({ data: { status: 'active' } });
	});

	it('is answered 421 when its AES key was wrapped for another key (the client refreshes its cache)', () => {
		const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
		const error = refusal(() =>
			decryptFlowRequest(clientRequest({ a: 1 }, other.publicKey).body, key),
		);
		expect(error.status).toBe(421);
		expect(error.message).toContain('older public key');
	});

	it.each([
		['no object', 'text', 'The body is not a JSON object'],
		[
			'no encrypted_aes_key',
			{ encrypted_flow_data: 'AAAA', initial_vector: 'AAAA' },
			'encrypted_aes_key is missing',
		],
		[
			'a field that is no base64',
			{ encrypted_flow_data: 'a*b=', encrypted_aes_key: 'AAAA', initial_vector: 'AAAA' },
			'encrypted_flow_data is not base64',
		],
	])('is answered 400 for %s', (_name, body, message) => {
		const error = refusal(() => decryptFlowRequest(body, key));
		expect(error.status).toBe(400);
		expect(error.message).toContain(message);
	});

	it('is answered 400 when its payload was altered, or its IV is not 16 bytes', () => {
		const { body } = clientRequest({ screen: 'BOOKING' });
		const data = Buffer.from(String(body.encrypted_flow_data), 'base64');
		data[0] ^= 1;
		const altered = refusal(() =>
			decryptFlowRequest({ ...body, encrypted_flow_data: data.toString('base64') }, key),
		);
		expect([altered.status, altered.message]).toEqual([
			400,
			'encrypted_flow_data does not authenticate: it was altered',
		]);
		const shortIv = refusal(() =>
			decryptFlowRequest({ ...body, initial_vector: randomBytes(12).toString('base64') }, key),
		);
		expect([shortIv.status, shortIv.message]).toEqual([
			400,
			'initial_vector has 12 bytes; it has 16',
		]);
	});

	it('refuses an oversized body before decrypting it', () => {
		const { body } = clientRequest({});
		const error = refusal(() =>
			decryptFlowRequest({ ...body, encrypted_flow_data: 'A'.repeat(1_000_004) }, key),
		);
		expect(error.status).toBe(400);
		expect(error.message).toContain('at most 1000000');
	});

	it('never decrypts a request with any byte changed, and refuses any body with 400 or 421 only', () => {
		const { body } = clientRequest({
			action: 'data_exchange',
			screen: 'SLOTS',
			data: { day: 'mon' },
		});
		const fields = ['encrypted_flow_data', 'encrypted_aes_key', 'initial_vector'] as const;
		fc.assert(
			fc.property(
				fc.constantFrom(...fields),
				fc.nat(),
				fc.integer({ min: 1, max: 255 }),
				(field, at, flip) => {
					const bytes = Buffer.from(String(body[field]), 'base64');
					bytes[at % bytes.length] ^= flip;
					const error = refusal(() =>
						decryptFlowRequest({ ...body, [field]: bytes.toString('base64') }, key),
					);
					expect([400, 421]).toContain(error.status);
				},
			),
		);
		fc.assert(
			fc.property(fc.anything(), (anything) => {
				expect([400, 421]).toContain(refusal(() => decryptFlowRequest(anything, key)).status);
			}),
		);
	});
});

describe("the Flow endpoint's private key", () => {
	it('takes an RSA key of 2048 bits, with its passphrase', () => {
		const locked = pair.privateKey
			.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'open sesame' })
			.toString();
		expect(flowPrivateKey(locked, 'open sesame').asymmetricKeyDetails?.modulusLength).toBe(2048);
		expect(() => flowPrivateKey(locked, 'wrong')).toThrow(
			'does not read as a PEM key with this passphrase',
		);
	});

	it('refuses a key that is no PEM, a 1024-bit key, and one that is not RSA', () => {
		expect(() => flowPrivateKey('not a key')).toThrow('does not read as a PEM key');
		const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
		expect(() => flowPrivateKey(small.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(
			'has 1024 bits; Meta asks for at least 2048',
		);
		const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
		expect(() => flowPrivateKey(ec.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(
			'is ec; Meta takes RSA',
		);
	});
});

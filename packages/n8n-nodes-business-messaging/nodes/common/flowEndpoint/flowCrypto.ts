import {
	constants,
	createCipheriv,
	createDecipheriv,
	createPrivateKey,
	privateDecrypt,
	type KeyObject,
} from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../isObject';

/**
 * Meta's encryption of a WhatsApp Flow's data-endpoint requests ("Implementing your Flow
 * endpoint"): the request's AES-128 key is wrapped with RSA-OAEP (SHA-256) under the business's
 * public key, its payload is AES-128-GCM with the request's IV (the 16-byte tag at the end); the
 * answer is AES-128-GCM with the same key and the IV's every bit flipped, sent as base64.
 *
 * A request whose AES key does not unwrap is answered 421, so that the platform's client fetches
 * the public key again (it keeps an old one cached after a new upload); any other request that is
 * not Meta's shape, or whose payload does not authenticate, is answered 400.
 */

/** Why a request is refused, and the status the endpoint answers it with. */
export class FlowRequestError extends Error {
	constructor(
		readonly status: 400 | 421,
		message: string,
	) {
		super(message);
		this.name = 'FlowRequestError';
	}
}

/** The smallest RSA key the endpoint takes, as Meta's page asks for. */
export const MIN_KEY_BITS = 2048;
/** A Flow's request is a few kilobytes; a larger body is refused before any decryption. */
export const MAX_FLOW_DATA_CHARS = 1_000_000;
const AES_KEY_BYTES = 16;
const IV_BYTES = 16;
const TAG_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A decrypted request: what the client sent, and what its answer is encrypted with. */
export interface FlowRequest {
	payload: IDataObject;
	aesKey: Buffer;
	iv: Buffer;
}

/** What `run` returns, or the error it threw (refusals are thrown outside a catch). */
function attempt<T>(run: () => T): { value: T } | { error: Error } {
	try {
		return { value: run() };
	} catch (error) {
		return { error: error instanceof Error ? error : new Error(String(error)) };
	}
}

/** The credential's key, parsed and checked: an RSA private key of at least 2048 bits. */
export function flowPrivateKey(pem: string, passphrase?: string): KeyObject {
	const parsed = attempt(() =>
		createPrivateKey({ key: pem, format: 'pem', passphrase: passphrase || undefined }),
	);
	if ('error' in parsed)
		throw new Error(
			`The private key does not read as a PEM key${passphrase ? ' with this passphrase' : ''}: ${parsed.error.message}`,
		);
	const key = parsed.value;
	if (key.asymmetricKeyType !== 'rsa')
		throw new Error(
			`The private key is ${key.asymmetricKeyType ?? 'not asymmetric'}; Meta takes RSA`,
		);
	const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
	if (bits < MIN_KEY_BITS)
		throw new Error(`The private key has ${bits} bits; Meta asks for at least ${MIN_KEY_BITS}`);
	return key;
}

/** A field of the body as bytes: a base64 string, or the request is refused (400). */
function base64Field(body: IDataObject, name: string, maxChars: number): Buffer {
	const value = body[name];
	if (typeof value !== 'string' || value === '')
		throw new FlowRequestError(400, `${name} is missing: not a Flow endpoint request`);
	if (value.length > maxChars)
		throw new FlowRequestError(400, `${name} has ${value.length} characters; at most ${maxChars}`);
	if (value.length % 4 !== 0 || !BASE64.test(value))
		throw new FlowRequestError(400, `${name} is not base64`);
	return Buffer.from(value, 'base64');
}

/** Decrypts a request of the platform's client with the endpoint's private key. */
export function decryptFlowRequest(body: unknown, privateKey: KeyObject): FlowRequest {
	if (!isObject(body)) throw new FlowRequestError(400, 'The body is not a JSON object');
	const keyBytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? MIN_KEY_BITS) / 8;
	const wrappedKey = base64Field(body, 'encrypted_aes_key', Math.ceil(keyBytes / 3) * 4);
	const iv = base64Field(body, 'initial_vector', 24);
	const data = base64Field(body, 'encrypted_flow_data', MAX_FLOW_DATA_CHARS);
	if (iv.length !== IV_BYTES)
		throw new FlowRequestError(400, `initial_vector has ${iv.length} bytes; it has ${IV_BYTES}`);
	if (data.length <= TAG_BYTES)
		throw new FlowRequestError(400, 'encrypted_flow_data is shorter than its authentication tag');
	const unwrapped = attempt(() =>
		privateDecrypt(
			{ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
			wrappedKey,
		),
	);
	if ('error' in unwrapped)
		throw new FlowRequestError(
			421,
			'encrypted_aes_key does not decrypt with this private key: the client may hold an older public key',
		);
	const aesKey = unwrapped.value;
	// It unwrapped, so it was wrapped for this key: a key of another length is a malformed request.
	if (aesKey.length !== AES_KEY_BYTES)
		throw new FlowRequestError(
			400,
			`The AES key has ${aesKey.length} bytes; it has ${AES_KEY_BYTES}`,
		);
	const plain = attempt(() => {
		const decipher = createDecipheriv('aes-128-gcm', aesKey, iv);
		decipher.setAuthTag(data.subarray(-TAG_BYTES));
		return Buffer.concat([decipher.update(data.subarray(0, -TAG_BYTES)), decipher.final()]);
	});
	if ('error' in plain)
		throw new FlowRequestError(400, 'encrypted_flow_data does not authenticate: it was altered');
	const parsed = attempt(() => JSON.parse(plain.value.toString('utf8')) as unknown);
	if ('error' in parsed) throw new FlowRequestError(400, 'The decrypted payload is not JSON');
	const payload = parsed.value;
	if (!isObject(payload)) throw new FlowRequestError(400, 'The decrypted payload is not an object');
	return { payload, aesKey, iv };
}

/** The answer, encrypted as the client expects it: AES-128-GCM with the IV flipped, base64. */
export function encryptFlowResponse(answer: IDataObject, aesKey: Buffer, iv: Buffer): string {
	const flipped = Buffer.from(iv.map((byte) => byte ^ 0xff));
	const cipher = createCipheriv('aes-128-gcm', aesKey, flipped);
	const text = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
	return Buffer.concat([text, cipher.getAuthTag()]).toString('base64');
}

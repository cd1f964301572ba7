import type { ICredentialDataDecryptedObject, ICredentialsDecrypted } from 'n8n-workflow';
import { CREDENTIAL_TYPE, type Context } from './types';

/**
 * The credential of this node run, read once. n8n's getCredentials loads the credential from its
 * database and decrypts it on every call; measured in n8n 2.41.1 that is about 0.6 ms, twice per
 * request (for the base URL, and inside httpRequestWithAuthentication). One run of a node is one
 * context object, so the credential is kept for that object only and goes with it.
 */
const readThisRun = new WeakMap<object, Promise<ICredentialsDecrypted>>();

export async function runCredentials(context: Context): Promise<ICredentialsDecrypted> {
	let read = readThisRun.get(context);
	if (read === undefined) {
		read = readCredentials(context);
		readThisRun.set(context, read);
		// A credential that could not be read is asked for again next time (it may be fixed by then).
		read.catch(() => readThisRun.delete(context));
	}
	return await read;
}

async function readCredentials(context: Context): Promise<ICredentialsDecrypted> {
	const data: ICredentialDataDecryptedObject = await context.getCredentials(CREDENTIAL_TYPE);
	const chosen = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return { id: chosen?.id ?? '', name: chosen?.name ?? '', type: CREDENTIAL_TYPE, data };
}

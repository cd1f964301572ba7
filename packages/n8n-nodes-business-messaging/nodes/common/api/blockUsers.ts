import type { IDataObject } from 'n8n-workflow';
import {
	apiPath,
	requestAllPages,
	requestJson,
	type Context,
	type RequestContext,
} from '../transport';

/**
 * The Cloud API's Block Users API on a number (docs/API.md, "Blocking users"): POST blocks,
 * DELETE unblocks, GET lists the blocked users. The node sends one user per item; the answer
 * names each user of the request in `added_users` or `removed_users` (or `failed_users`, with a
 * 400 the transport reports in the platform's words).
 */

/** A user as the answer names them: the input as sent, and their WhatsApp ID. */
export interface BlockedUser extends IDataObject {
	input?: string;
	wa_id?: string;
}

interface BlockAnswer {
	block_users?: { added_users?: BlockedUser[]; removed_users?: BlockedUser[] };
}

/** The largest page the node asks for (Meta's page states none; the template list's is 100). */
export const BLOCKED_PAGE_SIZE = 100;

const path = (context: Context, phoneNumberId: string) =>
	apiPath(context.getNode(), { 'Phone number ID': phoneNumberId }, 'block_users');

const usersBody = (user: string): IDataObject => ({
	messaging_product: 'whatsapp',
	block_users: [{ user }],
});

/**
 * POST (block) or DELETE (unblock) /{phone_number_id}/block_users for one user: their entry in
 * `added_users` or `removed_users`. Both leave the same state when done twice, so both may be
 * repeated after an unclear failure.
 */
async function changeBlock(
	context: Context,
	method: 'POST' | 'DELETE',
	phoneNumberId: string,
	user: string,
	request: RequestContext,
): Promise<BlockedUser> {
	const answer = await requestJson<BlockAnswer>(
		context,
		{ method, path: path(context, phoneNumberId), body: usersBody(user), idempotent: true },
		request,
	);
	const entries =
		method === 'POST' ? answer.block_users?.added_users : answer.block_users?.removed_users;
	return entries?.[0] ?? { input: user };
}

export async function blockUser(
	this: Context,
	phoneNumberId: string,
	user: string,
	request: RequestContext = {},
): Promise<BlockedUser> {
	return await changeBlock(this, 'POST', phoneNumberId, user, request);
}

export async function unblockUser(
	this: Context,
	phoneNumberId: string,
	user: string,
	request: RequestContext = {},
): Promise<BlockedUser> {
	return await changeBlock(this, 'DELETE', phoneNumberId, user, request);
}

/** GET /{phone_number_id}/block_users, every page up to `limit`. */
export async function listBlockedUsers(
	this: Context,
	phoneNumberId: string,
	limit: number | undefined,
	request: RequestContext = {},
): Promise<BlockedUser[]> {
	return await requestAllPages<BlockedUser>(
		this,
		{ method: 'GET', path: path(this, phoneNumberId) },
		{ ...request, limit, pageSize: BLOCKED_PAGE_SIZE },
	);
}

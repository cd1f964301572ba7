import type { FastifyRequest } from 'fastify';
import { fieldsToAnswer } from '../dialect';
import { query, type SandboxPlugin } from '../http';
import type { SandboxState } from '../sandbox';
import { commaFields, pick, type Json } from '../validate';

const ACCOUNT_FIELDS = [
	'id',
	'name',
	'currency',
	'timezone_id',
	'message_template_namespace',
] as const;

/** GET /getuserdetails (4.1): the numbers this key can use. */
export const accountRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/getuserdetails', async (request) => ({
		code: 200,
		status: 'success',
		data: sandbox.store.numbersOf(request.apiKey).map((n) => ({
			chat_business_account_id: n.accountId,
			wanumber: n.wanumber,
			phone_number_id: n.phone_number_id,
		})),
	}));
};

/** GET /{business_account_id} (4.7). Without `fields`, every field of 2.6 (or as the dialect says). */
export function getBusinessAccount(
	sandbox: SandboxState,
	request: FastifyRequest,
	id: string,
): Json {
	const account = sandbox.store.account(request.apiKey, id);
	const asked = commaFields(query(request, 'fields'), ACCOUNT_FIELDS);
	return pick(account, fieldsToAnswer(sandbox.dialect, asked, ACCOUNT_FIELDS, ['id', 'name']));
}

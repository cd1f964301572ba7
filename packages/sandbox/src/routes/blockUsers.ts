import { pagingOf, renderError } from '../dialect';
import { ErrorCode, refused } from '../errors';
import { jsonBody, param, query, type Endpoint, type SandboxPlugin } from '../http';
import { paginate } from '../paging';
import {
	blockedList,
	blockUsers,
	unblockUsers,
	usersOf,
	type BlockOutcome,
} from '../rules/blockUsers';
import { isObject, queryInteger } from '../validate';

/**
 * The Block Users API on a number (rules/blockUsers.ts): POST blocks, DELETE unblocks, GET lists
 * the blocked users (`limit` and cursors as every list of the sandbox).
 */
export const blockUserRoutes: SandboxPlugin = async (app, { sandbox }) => {
	const answer = (
		outcome: BlockOutcome,
		listName: 'added_users' | 'removed_users',
		method: string,
	) => {
		const block_users = {
			[listName]: outcome.done,
			...(outcome.failed.length > 0 ? { failed_users: outcome.failed } : {}),
		};
		if (outcome.failed.length === 0)
			return { status: 200, body: { messaging_product: 'whatsapp', block_users } };
		// Some users failed: 400 with the error, and beside it who passed and who failed.
		const error = refused(ErrorCode.blockFailed, '(#139100) Failed to block/unblock users');
		const rendered = renderError(error, sandbox.dialect, method);
		return {
			status: rendered.status,
			body: isObject(rendered.body)
				? { messaging_product: 'whatsapp', block_users, ...rendered.body }
				: rendered.body,
		};
	};

	app.post('/:id/block_users', async (request, reply) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const users = usersOf(jsonBody(request));
		const { status, body } = answer(
			blockUsers(sandbox.store, number.phone_number_id, users, sandbox.now()),
			'added_users',
			request.method,
		);
		return reply.code(status).send(body);
	});

	app.delete('/:id/block_users', async (request, reply) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const users = usersOf(jsonBody(request));
		const { status, body } = answer(
			unblockUsers(sandbox.store, number.phone_number_id, users),
			'removed_users',
			request.method,
		);
		return reply.code(status).send(body);
	});

	app.get('/:id/block_users', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const { default: defaultSize, max } = sandbox.config.templatePageSize;
		const limit = Math.min(queryInteger(query(request, 'limit'), 'limit', 1, defaultSize), max);
		const page = paginate(
			blockedList(sandbox.store, number.phone_number_id),
			(entry) => entry.seq,
			`block_users:${number.phone_number_id}`,
			{ limit, after: query(request, 'after'), before: query(request, 'before') },
		);
		return {
			data: page.data.map(({ customer }) => ({
				messaging_product: 'whatsapp',
				...(customer.wa_id !== undefined
					? { wa_id: customer.wa_id }
					: { user_id: customer.user_id }),
			})),
			...pagingOf(sandbox.dialect, request, page),
		};
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`POST`/`DELETE`/`GET /{phone_number_id}/block_users` `{messaging_product, block_users:[{user}]}`',
		notes:
			"Meta's Block Users API: only customers who wrote in the last 24 hours (else `failed_users`, 131047, and 139100 for the request), 1,000 per request, 64,000 per number (139101); a blocked customer's messages are dropped (`/incoming` answers `dropped`) and a send to them is refused (130403)",
	},
];

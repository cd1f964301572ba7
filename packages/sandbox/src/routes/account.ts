import type { FastifyRequest } from 'fastify';
import { fieldsToAnswer } from '../dialect';
import { query, type Endpoint, type SandboxPlugin } from '../http';
import { pricingAnalytics, pricingQuery } from '../rules/analytics';
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
	// `pricing_analytics.start(…)…` holds commas of its own: it is taken out before the rest.
	const fields = topLevelFields(query(request, 'fields') ?? '');
	const pricing = fields.find((field) => field.startsWith('pricing_analytics'));
	const others = fields.filter((field) => field !== pricing);
	const asked = others.length ? commaFields(others.join(','), ACCOUNT_FIELDS) : undefined;
	const answer = pick(
		account,
		pricing && !asked
			? ['id']
			: fieldsToAnswer(sandbox.dialect, asked, ACCOUNT_FIELDS, ['id', 'name']),
	);
	if (pricing)
		answer.pricing_analytics = pricingAnalytics(
			sandbox.store,
			account,
			pricingQuery(pricing),
			sandbox.config.messageRates,
		);
	return answer;
}

/** A `fields` list split at its commas outside brackets and parentheses. */
function topLevelFields(raw: string): string[] {
	const fields: string[] = [];
	let depth = 0;
	let current = '';
	for (const char of raw) {
		if (char === '(' || char === '[') depth += 1;
		if (char === ')' || char === ']') depth -= 1;
		if (char === ',' && depth === 0) {
			fields.push(current.trim());
			current = '';
		} else current += char;
	}
	if (current.trim()) fields.push(current.trim());
	return fields;
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.1',
		route: '`GET /getuserdetails`',
		notes:
			'`{code:200, status:"success", data:[{chat_business_account_id, wanumber, phone_number_id}]}`',
	},
	{ spec: '4.7', route: '`GET /{business_account_id}?fields=`' },
];

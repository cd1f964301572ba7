import { isObject, type Json } from '../validate';
import { LIMITS } from './templateComponents';
import type { ButtonShape } from './templateShape';
import { characterCount } from '../characters';

/**
 * The one parameter a button component of a send carries, per kind (Cloud API shapes):
 *   url (dynamic suffix or one-time code)  {type:'text', text}
 *   copy_code                              {type:'coupon_code', coupon_code}
 *   quick_reply                            {type:'payload', payload}
 *   flow                                   {type:'action', action:{flow_token?, flow_action_data?}}
 *   catalog                                {type:'action', action:{thumbnail_product_retailer_id}}
 *   mpm                                    {type:'action', action:{thumbnail_product_retailer_id, sections}}
 * (the products an MPM or catalog parameter names, and the MPM limits: templateProducts.ts)
 * Returns the broken rule (field relative to the parameter, and the rule), or undefined.
 */
export function buttonParameterProblem(
	p: Json,
	expected: ButtonShape,
	checkText: (value: unknown, field: string) => void,
): { field: string; rule: string } | undefined {
	switch (expected.subType) {
		case 'url':
			if (p.type !== 'text')
				return {
					field: 'type',
					rule: expected.otp ? 'must be text (the one-time code)' : 'must be text (the URL suffix)',
				};
			checkText(p.text, 'text');
			if (expected.otp && characterCount(String(p.text)) > LIMITS.copyCode)
				return { field: 'text', rule: `a one-time code has at most ${LIMITS.copyCode} characters` };
			return undefined;
		case 'copy_code':
			return p.type === 'coupon_code' &&
				typeof p.coupon_code === 'string' &&
				p.coupon_code !== '' &&
				characterCount(p.coupon_code) <= LIMITS.copyCode
				? undefined
				: {
						field: '',
						rule: `must be {"type":"coupon_code","coupon_code":"..."} with at most ${LIMITS.copyCode} characters`,
					};
		case 'quick_reply':
			return p.type === 'payload' && typeof p.payload === 'string' && p.payload.length > 0
				? undefined
				: {
						field: '',
						rule: 'must be {"type":"payload","payload":"..."} with a non-empty payload',
					};
		case 'flow':
			return actionProblem(p, ['flow_token', 'flow_action_data'], (action) => {
				if (action.flow_token !== undefined && !nonEmpty(action.flow_token))
					return { field: 'action.flow_token', rule: 'must be a non-empty string' };
				if (action.flow_action_data !== undefined && !isObject(action.flow_action_data))
					return { field: 'action.flow_action_data', rule: 'must be a JSON object' };
				return undefined;
			});
		case 'mpm':
			return actionProblem(p, ['thumbnail_product_retailer_id', 'sections'], () => undefined);
		case 'catalog':
			return actionProblem(p, ['thumbnail_product_retailer_id'], (action) =>
				nonEmpty(action.thumbnail_product_retailer_id)
					? undefined
					: {
							field: 'action.thumbnail_product_retailer_id',
							rule: 'must be the retailer ID of a product of the catalog',
						},
			);
	}
}

function nonEmpty(value: unknown): boolean {
	return typeof value === 'string' && value.trim().length > 0;
}

function actionProblem(
	p: Json,
	keys: string[],
	check: (action: Json) => { field: string; rule: string } | undefined,
): { field: string; rule: string } | undefined {
	if (p.type !== 'action' || !isObject(p.action))
		return { field: '', rule: `must be {"type":"action","action":{${keys.join(', ')}}}` };
	const unknown = Object.keys(p.action).find((key) => !keys.includes(key));
	if (unknown)
		return { field: `action.${unknown}`, rule: `is not a known field (known: ${keys.join(', ')})` };
	return check(p.action);
}

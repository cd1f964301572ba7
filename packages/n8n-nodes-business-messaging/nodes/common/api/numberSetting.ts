import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/**
 * A setting of a number kept at its own edge, /{phone_number_id}/<edge> (its business profile, its
 * commerce settings): GET answers `{data: [the setting]}`, POST changes it and answers
 * `{success}`.
 */

const path = (context: Context, phoneNumberId: string, edge: string) =>
	apiPath(context.getNode(), { 'Phone number ID': phoneNumberId }, edge);

/** GET the setting with `fields`, every field the node reads asked for: the answer's `data[0]`. */
export async function readNumberSetting(
	context: Context,
	phoneNumberId: string,
	edge: string,
	fields: string[],
	request: RequestContext,
): Promise<IDataObject> {
	const answer = await requestJson<{ data?: IDataObject[] }>(
		context,
		{ method: 'GET', path: path(context, phoneNumberId, edge), qs: { fields: fields.join(',') } },
		request,
	);
	return answer.data?.[0] ?? {};
}

/**
 * POST a change of the setting, in the body or the query as the platform's page sends it; a key
 * left undefined is not sent. The same change twice leaves the same setting, so it may be
 * repeated after an unclear failure.
 */
export async function changeNumberSetting(
	context: Context,
	phoneNumberId: string,
	edge: string,
	change: { body?: IDataObject; qs?: IDataObject },
	request: RequestContext,
): Promise<{ success: boolean }> {
	const defined = (values?: IDataObject) =>
		values && Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
	const answer = await requestJson<{ success?: unknown }>(
		context,
		{
			method: 'POST',
			path: path(context, phoneNumberId, edge),
			body: defined(change.body),
			qs: defined(change.qs),
			idempotent: true,
		},
		request,
	);
	return { success: answer.success !== false };
}

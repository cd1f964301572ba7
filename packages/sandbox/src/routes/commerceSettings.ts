import { Readable } from 'node:stream';
import { fieldsToAnswer } from '../dialect';
import { param, query, type Endpoint, type SandboxPlugin } from '../http';
import { COMMERCE_FIELDS, commerceSettingsOf, commerceUpdate } from '../rules/commerceSettings';
import { commaFields, isObject, pick, type Json } from '../validate';

/**
 * A number's commerce settings (rules/commerceSettings.ts): GET answers the fields asked for, POST
 * changes the settings given, in the query or a JSON body.
 */
export const commerceSettingsRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/whatsapp_commerce_settings', async (request) => {
		const { store } = sandbox;
		const number = store.number(request.apiKey, param(request, 'id'));
		const fields = fieldsToAnswer(
			sandbox.dialect,
			commaFields(query(request, 'fields'), COMMERCE_FIELDS),
			COMMERCE_FIELDS,
		);
		return { data: [pick(commerceSettingsOf(store, number.phone_number_id), fields)] };
	});

	app.post('/:id/whatsapp_commerce_settings', async (request) => {
		const { store } = sandbox;
		const number = store.number(request.apiKey, param(request, 'id'));
		// A body not sent as JSON is not read: the query holds the settings, as the page sends them.
		if (request.body instanceof Readable) request.body.resume();
		const body = isObject(request.body) ? request.body : {};
		const changes = commerceUpdate({ ...(request.query as Json), ...body });
		Object.assign(commerceSettingsOf(store, number.phone_number_id), changes);
		return { success: true };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`GET /{phone_number_id}/whatsapp_commerce_settings?fields`, `POST` it `?is_cart_enabled&is_catalog_visible`',
		notes:
			"Meta's commerce settings: `{data:[{is_cart_enabled, is_catalog_visible, id}]}`, both on for a new number, `id` the settings' own; POST takes either setting (`true`/`false`, in the query or a JSON body), else 100, and answers `{success:true}`",
	},
];

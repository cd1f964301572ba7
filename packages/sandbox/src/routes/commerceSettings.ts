import { fieldsToAnswer } from '../dialect';
import { param, query, type Endpoint, type SandboxPlugin } from '../http';
import { COMMERCE_FIELDS, commerceSettingsOf } from '../rules/commerceSettings';
import { commaFields, pick } from '../validate';

/** A number's commerce settings (rules/commerceSettings.ts): GET answers the fields asked for. */
export const commerceSettingsRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/whatsapp_commerce_settings', async (request) => {
		const { store } = sandbox;
		const number = store.number(request.apiKey, param(request, 'id'));
		const fields = fieldsToAnswer(
			sandbox.dialect,
			commaFields(query(request, 'fields'), COMMERCE_FIELDS),
			COMMERCE_FIELDS,
		);
		const catalog = store.connectedCatalog(request.apiKey);
		const settings = { ...commerceSettingsOf(store, number.phone_number_id), id: catalog?.id };
		return { data: [pick(settings, fields)] };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route: '`GET /{phone_number_id}/whatsapp_commerce_settings?fields`',
		notes:
			"Meta's commerce settings: `{data:[{is_cart_enabled, is_catalog_visible, id}]}`, both on for a new number, `id` the account's connected catalog",
	},
];

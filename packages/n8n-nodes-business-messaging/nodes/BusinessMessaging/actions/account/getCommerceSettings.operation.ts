import { getCommerceSettings } from '../../../common/api/commerceSettings';
import { numberSettingGet } from './numberSettings';

/** Whether the number's chats show the cart and the catalog, as the API returns it. */
export const { description, execute } = numberSettingGet(
	'getCommerceSettings',
	getCommerceSettings,
);

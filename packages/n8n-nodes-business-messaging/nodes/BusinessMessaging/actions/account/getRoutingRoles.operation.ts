import { getRoutingRoles } from '../../../common/api/routing';
import { numberSettingGet } from './numberSettings';

/**
 * This app's roles on the number under Meta's conversation routing (common/api/routing.ts), and
 * a warning when another app gets its customers' messages.
 */
export const { description, execute } = numberSettingGet('getRoutingRoles', getRoutingRoles);

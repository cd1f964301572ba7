import { getBusinessProfile } from '../../../common/api/businessProfile';
import { numberSettingGet } from './numberSettings';

/** The number's business profile as the API returns it, every field asked for. */
export const { description, execute } = numberSettingGet('getBusinessProfile', getBusinessProfile);

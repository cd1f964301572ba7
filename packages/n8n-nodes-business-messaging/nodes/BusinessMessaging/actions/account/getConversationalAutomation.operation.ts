import { getConversationalAutomation } from '../../../common/api/conversationalAutomation';
import { numberSettingGet } from './numberSettings';

/** The number's ice breakers, commands and welcome message setting, as the API gives them. */
export const { description, execute } = numberSettingGet(
	'getConversationalAutomation',
	getConversationalAutomation,
);

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { rl } from './conversationSupport';
import type { TestBed } from './harness';

/**
 * The Account operations on one setting of a number (its profile, commerce settings, automation),
 * run against the bed's first number: the runner their test files share.
 */
export function numberSettingRunner(bed: TestBed) {
	const number = () => bed.sandbox.phoneNumberIds[0];
	const run = (operation: string, fields: INodeParameters = {}, items?: INodeExecutionData[]) =>
		bed.harness().execute({
			parameters: { resource: 'account', operation, phoneNumberId: rl(number(), 'id'), ...fields },
			...(items ? { items } : {}),
		});
	return { number, run };
}

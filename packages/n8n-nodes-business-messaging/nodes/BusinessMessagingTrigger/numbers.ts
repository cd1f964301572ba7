import {
	NodeOperationError,
	type IHookFunctions,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type IWebhookFunctions,
} from 'n8n-workflow';
import { listNumbers } from '../common/api/account';
import { getRoutingRoles } from '../common/api/routing';
import { DEFAULT_RETRY } from '../common/transport';

/** The numbers to choose (1.1: Phone Number Names or IDs, 1: Only These Numbers): the API key's numbers, shown as the number, valued by phone number ID. */
export async function phoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		await this.getCredentials('businessMessagingApi');
	} catch {
		throw new NodeOperationError(
			this.getNode(),
			'Choose a credential to list the numbers, or give the phone number IDs as an expression',
		);
	}
	const numbers = await listNumbers.call(this);
	const warnings = await routingWarnings(this, numbers);
	return numbers.map((n, index) => ({
		name: `${n.wanumber} (ID ${n.phone_number_id})`,
		value: n.phone_number_id,
		...(warnings[index] ? { description: warnings[index] } : {}),
	}));
}

/** More numbers than this are listed without asking each one's routing roles. */
const MAX_ROLE_LOOKUPS = 25;

/**
 * Beside each number, a warning when another app gets its customers' messages (Meta's
 * conversation routing, common/api/routing.ts). A provider without the Routing Roles API, or one
 * that fails, leaves the list as it was: the warning is a help, never a reason not to list.
 */
async function routingWarnings(
	context: ILoadOptionsFunctions,
	numbers: Array<{ phone_number_id: string }>,
): Promise<Array<string | undefined>> {
	if (numbers.length > MAX_ROLE_LOOKUPS) return [];
	return await Promise.all(
		numbers.map(async (n) => {
			try {
				return (
					await getRoutingRoles.call(context, String(n.phone_number_id), {
						retry: { ...DEFAULT_RETRY, maxRetries: 0, timeoutMs: 10_000 },
					})
				).warning;
			} catch {
				return undefined;
			}
		}),
	);
}

/** The IDs picked, or given by an expression as a list or a comma-separated text. */
export function numberList(value: unknown): Set<string> {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''));
}

/** Which numbers the trigger takes, and whether publishing sends their events here. */
export interface NumberChoice {
	/** Empty: every number. */
	numbers: Set<string>;
	sendHere: boolean;
	/** Where the user chooses the numbers, as the form names it. */
	numbersField: string;
}

/** Version 1 kept both in Options; 1.1 asks Numbers and Phone Number Names or IDs (numberDescription.ts). */
export function numberChoice(context: IHookFunctions | IWebhookFunctions): NumberChoice {
	if (context.getNode().typeVersion < 1.1)
		return {
			numbers: numberList(context.getNodeParameter('options.onlyNumbers', [])),
			sendHere: context.getNodeParameter('options.sendNumbersHere', false) === true,
			numbersField: 'Options › Only These Numbers',
		};
	const routing = context.getNodeParameter('numberRouting', 'all');
	return {
		numbers:
			routing === 'all' ? new Set() : numberList(context.getNodeParameter('phoneNumberIds', [])),
		sendHere: routing === 'sendHere',
		numbersField: 'Phone Number Names or IDs',
	};
}

import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';
import {
	numberWebhookConfiguration,
	removeNumberOverride,
	setNumberOverride,
} from '../common/api/webhookOverrides';
import { numberChoice } from './numbers';
import { verifyTokenOf } from './verify';

/**
 * Numbers › Chosen Numbers, Sent Here (version 1: Options › Send These Numbers' Events Here):
 * publishing the workflow makes its Production URL the webhook override of the chosen numbers, as n8n's own triggers register
 * their URL on publish; unpublishing takes the override away again if it still points here.
 *
 * Listening for a test event does the same with the Test URL, but never takes a number from
 * another workflow: only a number with no override, or this trigger's own. When the test ends
 * the number goes back where it was (this trigger's Production URL, or no override).
 */

/** Where each number pointed before the test URL took it ('' for no override of its own). */
const BEFORE_TEST = 'numbersBeforeTest';

function chosen(context: IHookFunctions): boolean {
	return numberChoice(context).sendHere;
}

function isTest(context: IHookFunctions): boolean {
	return context.getActivationMode() === 'manual';
}

function ownUrl(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n gave this trigger no webhook URL');
	return url;
}

/** This trigger's other URL: test and production differ only before /{webhookId}/webhook. */
function isThisTrigger(context: IHookFunctions, url: string): boolean {
	const webhookId = context.getNode().webhookId;
	const own = new URL(ownUrl(context)).pathname.split('/').slice(-2);
	let theirs: string[];
	try {
		theirs = new URL(url).pathname.split('/').slice(-2);
	} catch {
		return false;
	}
	return !!webhookId && theirs.join() === own.join();
}

function numbersOf(context: IHookFunctions): string[] {
	const choice = numberChoice(context);
	if (choice.numbers.size === 0)
		throw new NodeOperationError(
			context.getNode(),
			`Sending numbers' events here needs the numbers: choose them in ${choice.numbersField}`,
		);
	return [...choice.numbers];
}

async function verifyToken(context: IHookFunctions): Promise<string> {
	const token = await verifyTokenOf(context);
	if (token === '')
		throw new NodeOperationError(
			context.getNode(),
			"Sending numbers' events here needs a Verify Token: the platform checks the URL with it before sending there",
			{
				description:
					'Choose Authentication › Signature or Header Token, and give its credential a Verify Token (any text you choose)',
			},
		);
	return token;
}

/** n8n calls checkExists first: create runs only when a number does not point here yet. */
export async function overridesExist(this: IHookFunctions): Promise<boolean> {
	if (!chosen(this)) return false;
	const url = ownUrl(this);
	for (const number of numbersOf(this))
		if ((await numberWebhookConfiguration.call(this, number)).phone_number !== url) return false;
	return true;
}

export async function createOverrides(this: IHookFunctions): Promise<boolean> {
	if (!chosen(this)) return true;
	const url = ownUrl(this);
	const numbers = numbersOf(this);
	const token = await verifyToken(this);
	const before: IDataObject = {};
	for (const number of numbers) {
		const current = (await numberWebhookConfiguration.call(this, number)).phone_number ?? '';
		if (current === url) continue;
		if (isTest(this)) {
			// A test run borrows only a free number, or this trigger's own: it is given back after.
			if (current !== '' && !isThisTrigger(this, current)) {
				this.logger.info(
					`Business Messaging Trigger: number ${number} sends its events to another workflow; the test URL does not take it`,
				);
				continue;
			}
			before[number] = current;
		}
		await setNumberOverride.call(this, number, url, token);
	}
	if (isTest(this)) this.getWorkflowStaticData('node')[BEFORE_TEST] = before;
	return true;
}

export async function deleteOverrides(this: IHookFunctions): Promise<boolean> {
	if (!chosen(this)) return true;
	const url = ownUrl(this);
	const staticData = this.getWorkflowStaticData('node');
	const before = (isTest(this) ? staticData[BEFORE_TEST] : undefined) as IDataObject | undefined;
	delete staticData[BEFORE_TEST];
	// Read once, and only when a number goes back to this trigger's Production URL.
	let token: string | undefined;
	for (const number of numbersOf(this)) {
		// Taken since by another workflow: it is theirs now.
		if ((await numberWebhookConfiguration.call(this, number)).phone_number !== url) continue;
		const previous = before?.[number];
		if (typeof previous === 'string' && previous !== '') {
			token ??= await verifyToken(this);
			await setNumberOverride.call(this, number, previous, token);
		} else await removeNumberOverride.call(this, number);
	}
	return true;
}

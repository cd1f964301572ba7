import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { handOverOf, wakeUp } from '../delivery/burstHandOver';
import { DataTables } from '../../common/store/dataTables';
import { STATE_PARAMETER } from '../store/triggerStore';
import { deliveryAuth } from '../verify';
import { appOf, register, unregister } from './appRegistry';
import { takesOf } from './triggerTakes';

/**
 * A trigger joins its app's registry when it is published (appRegistry.ts) and leaves it when it
 * is unpublished. Only a published trigger that keeps its state in n8n's database and checks
 * deliveries with a secret takes part: the registry lives there, and the secret names the app.
 */

/** The production trigger's name, as takeDelivery names it. */
export function productionTrigger(context: IHookFunctions | IWebhookFunctions): string {
	return `${String(context.getWorkflow().id)}|${context.getNode().id}|webhook`;
}

function takesPart(context: IHookFunctions | IWebhookFunctions): boolean {
	return (
		context.getMode() !== 'manual' &&
		context.getNodeParameter(STATE_PARAMETER, 'process') === 'database'
	);
}

/**
 * On publish: writes what the trigger takes, for the trigger that receives the app's deliveries.
 * When n8n's API cannot be reached yet (n8n starting, its key set just after), publishing goes
 * on: the trigger wakes itself through its own webhook and joins from there, tried for about a
 * minute (takeDelivery.ts › wokenUp), and n8n's log says if it could not.
 */
export async function joinAppOnPublish(this: IHookFunctions): Promise<void> {
	if (!takesPart(this)) return;
	try {
		await joinApp.call(this);
	} catch (error) {
		this.logger.warn(
			`Business Messaging Trigger could not join the triggers of its app yet (${(error as Error).message}); it tries again through its own webhook`,
			{ workflowId: this.getWorkflow().id },
		);
		const handOver = handOverOf(this, await deliveryAuth(this));
		if (handOver) void wakeUp(handOver);
	}
}

/** Writes what the trigger takes in its app's registry; throws when the store fails. */
export async function joinApp(this: IHookFunctions | IWebhookFunctions): Promise<void> {
	if (!takesPart(this)) return;
	const app = appOf(this.getNode(), await deliveryAuth(this));
	const webhookId = this.getNode().webhookId;
	if (app === undefined || !webhookId) return;
	await register(await DataTables.of(this), app, {
		trigger: productionTrigger(this),
		webhookId,
		takes: takesOf(this),
		name: String(this.getWorkflow().name ?? ''),
	});
}

/** On unpublish: the trigger leaves the registry, and its share of the app's events goes nowhere. */
export async function leaveApp(this: IHookFunctions): Promise<void> {
	if (!takesPart(this)) return;
	try {
		await unregister(await DataTables.of(this), productionTrigger(this));
		// n8n calls this on unpublish and before publishing again: it says both.
		this.logger.info(
			'Business Messaging Trigger left the triggers of its app (unpublished, or about to be published again): until it is published, the events it took go to no other workflow',
			{ workflowId: this.getWorkflow().id },
		);
	} catch (error) {
		// Unpublishing goes on: the other triggers drop the entry after a minute of failed hand-offs.
		this.logger.warn(
			`Business Messaging Trigger: its entry among the triggers of its app could not be removed (${(error as Error).message}); the trigger that receives the app's deliveries drops it after a minute of failed hand-offs`,
			{ workflowId: this.getWorkflow().id },
		);
	}
}

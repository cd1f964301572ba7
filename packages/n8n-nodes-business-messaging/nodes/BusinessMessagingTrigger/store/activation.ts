import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { handOverOf, wakeUp } from '../delivery/burstHandOver';
import { deliveryAuth } from '../verify';
import { stopClosing } from './burstCloser';
import { STATE_PARAMETER } from './triggerStore';
import { productionTrigger } from '../sharing/registration';

function keptBursts(context: IHookFunctions): number | undefined {
	if (context.getNodeParameter(STATE_PARAMETER, 'process') !== 'database') return undefined;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const quietSeconds = Number(options.collectBursts);
	return options.collectBursts !== undefined && quietSeconds > 0 ? quietSeconds * 1000 : undefined;
}

/**
 * On publish (and when n8n runs the activation of webhooks at start, as n8n 1.x and 2.x without
 * the publication service do; n8n 2.41 serves a published webhook without it): the trigger wakes
 * itself through its own webhook (burstHandOver.ts › wakeUp), and the process that takes the
 * wake-up starts the loop that closes bursts, so that what a stopped process left in n8n's
 * database is handed over without waiting for the next delivery. Otherwise the next delivery
 * does it (takeDelivery). Never fails the activation.
 */
export async function resumeKeptBursts(this: IHookFunctions): Promise<void> {
	try {
		if (keptBursts(this) === undefined) return;
		const handOver = handOverOf(this, await deliveryAuth(this));
		if (handOver) void wakeUp(handOver);
	} catch (error) {
		this.logger.warn(
			`Business Messaging Trigger: the bursts kept in n8n's database are closed once a delivery comes (${(error as Error).message})`,
		);
	}
}

/** On unpublish: this process stops closing the trigger's bursts (they stay in the table). */
export function stopKeptBursts(this: IHookFunctions): void {
	stopClosing(productionTrigger(this));
}

/**
 * The trigger's outputs by version, as n8n evaluates them in an expression (the Webhook node
 * does the same for its methods): from 1.2 the refusal reports leave on an output of their own,
 * so no node meant for messages receives one, and a report shows in the execution with nothing
 * connected. Self-contained, since n8n runs its source text.
 */
export function triggerOutputs(version: number) {
	return version >= 1.2
		? [
				{ type: 'main', displayName: 'Events' },
				{ type: 'main', displayName: 'Refusals' },
			]
		: ['main'];
}

/** Where each kind of item leaves the trigger, from version 1.2. */
export const EVENTS_OUTPUT = 0;
export const REFUSALS_OUTPUT = 1;

/** Whether a trigger of this version has the Refusals output. */
export function hasRefusalsOutput(version: number): boolean {
	return version >= 1.2;
}

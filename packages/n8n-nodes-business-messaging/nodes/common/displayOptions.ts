import type { IDisplayOptions } from 'n8n-workflow';

/**
 * Every field of an operation file is shown only for that operation: the file calls n8n's own
 * updateDisplayOptions once with forOperation(...), as n8n's nodes do. A field's own conditions
 * (e.g. `returnAll: [false]`) are kept and combined with the operation's.
 */
export { updateDisplayOptions } from 'n8n-workflow';

/** The `displayOptions` of one operation's fields. */
export function forOperation(resource: string, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}

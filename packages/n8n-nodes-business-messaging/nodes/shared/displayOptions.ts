import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * Shows every field of an operation only for that operation: `displayOptions` is written once
 * per operation file, as n8n's own nodes do with their updateDisplayOptions. A field's own
 * conditions (e.g. `returnAll: [false]`) are kept and combined with the operation's.
 */
export function updateDisplayOptions(
	displayOptions: IDisplayOptions,
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			...(displayOptions.show || property.displayOptions?.show
				? { show: { ...displayOptions.show, ...property.displayOptions?.show } }
				: {}),
			...(displayOptions.hide || property.displayOptions?.hide
				? { hide: { ...displayOptions.hide, ...property.displayOptions?.hide } }
				: {}),
		},
	}));
}

/** The `displayOptions` of one operation's fields. */
export function forOperation(resource: string, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}

import type { INodeProperties } from 'n8n-workflow';

/** The catalog: typed as an ID (the API has no call that lists catalogs). */
export function catalogField(
	show: NonNullable<INodeProperties['displayOptions']>['show'],
): INodeProperties {
	return {
		displayName: 'Catalog',
		name: 'catalogId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: 'The product catalog, from the dashboard’s commerce settings',
		displayOptions: { show },
		modes: [
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 215347871556718',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'A catalog ID has digits only' },
					},
				],
			},
		],
	};
}

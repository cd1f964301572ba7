import {
	NodeHelpers,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingHeaderTokenApi } from '../credentials/BusinessMessagingHeaderTokenApi.credentials';
import { BusinessMessagingSignatureApi } from '../credentials/BusinessMessagingSignatureApi.credentials';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';

/** Every parameter, with the fields inside collections, and the path that names it. */
function walk(
	properties: INodeProperties[],
	path = '',
): Array<{ path: string; property: INodeProperties }> {
	const found: Array<{ path: string; property: INodeProperties }> = [];
	for (const property of properties) {
		const here = `${path}${property.displayName}`;
		found.push({ path: here, property });
		for (const option of (property.options ?? []) as Array<
			INodeProperties | INodePropertyCollection | INodePropertyOptions
		>) {
			if ('values' in option && Array.isArray(option.values))
				found.push(...walk(option.values, `${here} › `));
			else if ('type' in option && 'displayName' in option)
				found.push(...walk([option as INodeProperties], `${here} › `));
		}
	}
	return found;
}

const sets = {
	'Business Messaging': new BusinessMessaging().description.properties,
	'Business Messaging Trigger': new BusinessMessagingTrigger().description.properties,
	'Business Messaging API credential': new BusinessMessagingApi().properties,
	'Business Messaging Webhook Signature API credential': new BusinessMessagingSignatureApi()
		.properties,
	'Business Messaging Webhook Header Token API credential': new BusinessMessagingHeaderTokenApi()
		.properties,
};

describe('secrets live in credentials only', () => {
	// n8n stores node parameters in plain text, returns them from its workflow API and copies
	// them into every execution; only a credential is encrypted.
	it.each(['Business Messaging', 'Business Messaging Trigger'] as const)(
		'the %s node has no password field',
		(name) => {
			const secret = walk(sets[name]).filter(({ property }) => property.typeOptions?.password);
			expect(secret.map((s) => s.path)).toEqual([]);
		},
	);
});

/** The methods a node's fields name (pickers, lists, the Template Variables form), by kind. */
function methodsNamed(properties: INodeProperties[]): string[] {
	const named: string[] = [];
	for (const { property } of walk(properties)) {
		const options = [property.typeOptions, ...(property.modes ?? []).map((m) => m.typeOptions)];
		for (const typeOptions of options as Array<INodeProperties['typeOptions']>) {
			if (typeOptions?.searchListMethod) named.push(`listSearch.${typeOptions.searchListMethod}`);
			if (typeOptions?.loadOptionsMethod)
				named.push(`loadOptions.${typeOptions.loadOptionsMethod}`);
			const mapper = typeOptions?.resourceMapper?.resourceMapperMethod;
			if (mapper) named.push(`resourceMapping.${mapper}`);
		}
	}
	return [...new Set(named)].sort();
}

/** Which of `named` the node's `methods` lacks (n8n's editor would show "Error fetching options"). */
function missingMethods(
	named: string[],
	methods: Record<string, Record<string, unknown> | undefined> | undefined,
): string[] {
	return named.filter((path) => {
		const [kind, name] = path.split('.');
		return typeof methods?.[kind]?.[name] !== 'function';
	});
}

describe('every picker and list a field names is a method of its node', () => {
	it.each([new BusinessMessaging(), new BusinessMessagingTrigger()])(
		'$description.displayName',
		(node) => {
			const named = methodsNamed(node.description.properties);
			expect(named.length).toBeGreaterThan(0);
			expect(missingMethods(named, node.methods)).toEqual([]);
		},
	);

	it('names one a field asks for and the node lacks', () => {
		const field: INodeProperties = {
			displayName: 'Thing',
			name: 'thing',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: { searchListMethod: 'searchThings' },
				},
			],
		};
		const node = new BusinessMessaging();
		expect(missingMethods(methodsNamed([field]), node.methods)).toEqual([
			'listSearch.searchThings',
		]);
	});
});

describe.each(Object.entries(sets))('the %s form', (_name, properties) => {
	const all = walk(properties);

	it('explains every field a user types in: a placeholder or a description', () => {
		const typed = all.filter(
			({ property }) =>
				['string', 'number', 'json'].includes(property.type) && property.name !== 'operation',
		);
		const bare = typed.filter(
			({ property }) => !property.placeholder && !property.description && !property.hint,
		);
		expect(bare.map((b) => b.path)).toEqual([]);
	});

	it('lists choices in alphabetical order, as users scan them', () => {
		const unsorted = all
			.filter(({ property }) => ['options', 'multiOptions'].includes(property.type))
			.filter(({ property }) => {
				const names = ((property.options ?? []) as INodePropertyOptions[]).map((o) =>
					String(o.name),
				);
				return names.join('|') !== [...names].sort((a, b) => a.localeCompare(b)).join('|');
			});
		expect(unsorted.map((u) => u.path)).toEqual([]);
	});

	it('holds no stray tabs or double spaces in what the user reads', () => {
		const texts = all.flatMap(({ path, property }) =>
			[property.displayName, property.description, property.placeholder, property.hint]
				.filter(Boolean)
				.map((t) => [path, String(t)]),
		);
		expect(texts.filter(([, t]) => /\t| {2}/.test(t)).map(([p]) => p)).toEqual([]);
	});
});

describe('the rules of the platform are explained where users would be surprised', () => {
	const texts = (properties: INodeProperties[], resource: string, operation: string) =>
		walk(properties)
			.filter(({ property }) => {
				const show = property.displayOptions?.show ?? {};
				return (
					(show.resource as string[] | undefined)?.includes(resource) &&
					(show.operation as string[] | undefined)?.includes(operation)
				);
			})
			.map(({ property }) => [property.displayName, property.description, property.hint].join(' '))
			.join(' ');
	const node = sets['Business Messaging'];

	it.each([
		['template', 'create', /30 days/],
		[
			'template',
			'update',
			/once a day[\s\S]*10 times in 30 days|10 times in 30 days[\s\S]*once a day/,
		],
		['template', 'delete', /30 days/],
		['media', 'downloadFromUrl', /5 minutes/],
		['product', 'batch', /background/],
		['message', 'sendText', /24 hours/],
		['message', 'sendTemplate', /approved/i],
	])('%s › %s says %s', (resource, operation, rule) => {
		expect(texts(node, resource, operation)).toMatch(rule);
	});
});

describe('Send and Wait’s form shows only what its Response Type uses', () => {
	const node = new BusinessMessaging();
	/** The words of every field the editor shows for these values (top level, with defaults). */
	const shownWords = (values: Record<string, string>) => {
		const parameters = { resource: 'message', operation: 'sendAndWait', ...values };
		return node.description.properties
			.filter((property) => !['resource', 'operation'].includes(property.name))
			.filter((property) =>
				NodeHelpers.displayParameter(parameters, property, { typeVersion: 1 }, node.description),
			)
			.map((p) => JSON.stringify(p))
			.join('\n');
	};

	it('Form: nothing of Ask With or of a refund question; the Screen Data example uses the seeded flow’s name', () => {
		const form = shownWords({ responseType: 'form', flowScreenDataInput: 'json' });
		expect(form).toMatch(/The customer fills the Flow in the chat/);
		expect(form).not.toMatch(/Ask With/);
		expect(form).not.toMatch(/Refund of/);
		expect(form).not.toMatch(/customer_name/);
		expect(form).toMatch(/Pick a time for your visit/);
	});

	it('Approval: the notice names Ask With, the Message its question', () => {
		const approval = shownWords({ responseType: 'approval' });
		expect(approval).toMatch(/Ask With › An Approved Template/);
		expect(approval).toMatch(/Refund of 25.00 EUR/);
		expect(approval).not.toMatch(/The customer fills the Flow/);
	});
});

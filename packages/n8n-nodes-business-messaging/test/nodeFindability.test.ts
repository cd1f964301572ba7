import {
	Workflow,
	type CodexData,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
} from 'n8n-workflow';
import manifest from '../package.json';
import actionCodex from '../nodes/BusinessMessaging/BusinessMessaging.node.json';
import triggerCodex from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node.json';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';

/**
 * What a user sees of the nodes in n8n's editor before opening them: the nodes panel (its
 * entries, their description, what a search finds) and the subtitle under a node on the canvas.
 * The editor's own code is reproduced where it decides, with where it is in n8n-editor-ui
 * 1.123.81 (readable) and 2.41.1 (minified) under node_modules/n8n-editor-ui/dist/assets/.
 */

const actionNode = new BusinessMessaging();
const triggerNode = new BusinessMessagingTrigger();
const withCodex = (description: INodeTypeDescription, codex: CodexData) => ({
	...description,
	name: `${manifest.name}.${description.name}`,
	codex: { categories: codex.categories, subcategories: codex.subcategories, alias: codex.alias },
});
const action = withCodex(actionNode.description, actionCodex);
const trigger = withCodex(triggerNode.description, triggerCodex);

const optionsOf = (property?: INodeProperties) =>
	(property?.options ?? []) as INodePropertyOptions[];

interface Action {
	actionKey: string;
	displayName: string;
	displayOptions?: INodeProperties['displayOptions'];
}

/**
 * A node's actions in the panel: one per operation of each resource, named by its `action`
 * (generateNodeActions' resourceCategories; 1.123.81 useTelemetry-Bdph2sbk.js, 2.41.1
 * workflows.store-1K8xwhMX.js `Wx`: `displayName: t.action ?? \`${r.name} ${startCase(t.name)}\``),
 * and a trigger's: one per option of its Events field (`Ux`).
 */
function actionsOf(node: INodeTypeDescription): Action[] {
	const resources = optionsOf(node.properties.find((p) => p.name === 'resource'));
	const events = node.properties.find((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
	);
	return [
		...(node.group.includes('trigger')
			? optionsOf(events).map((o) => ({
					actionKey: String(o.value),
					displayName: o.action ?? o.name,
				}))
			: []),
		...resources.flatMap((resource) => {
			const operation = node.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			);
			return optionsOf(operation).map((o) => ({
				actionKey: String(o.value),
				displayName: o.action ?? `${resource.name} ${o.name}`,
				displayOptions: operation?.displayOptions,
			}));
		}),
	];
}

/**
 * The panel's entries: generateMergedNodesAndActions (1.123.81 useTelemetry-Bdph2sbk.js; 2.41.1
 * workflows.store-1K8xwhMX.js `Gx`): a trigger named like a node plus "Trigger" is merged into
 * that node's entry, and `app.description = trigger.description`.
 */
function panelEntries() {
	const simplified = ({ displayName, description, name, group, codex }: typeof action) => ({
		displayName,
		description,
		name,
		group,
		codex,
	});
	const entries = [simplified(action)];
	const actions: Record<string, Action[]> = { [action.name]: actionsOf(action) };
	const app = entries.find((e) => e.name === trigger.name.replace('Trigger', ''));
	if (app && actions[app.name].length > 0) {
		actions[app.name] = [...actions[app.name], ...actionsOf(trigger)];
		app.description = trigger.description;
	} else entries.push(simplified(trigger));
	return { entries, actions };
}

/**
 * Whether n8n's search finds an item: searchNodes lower-cases the text and drops a last word
 * that starts "trigger" (removeTrailingTrigger), then sublimeSearch (@n8n/utils, DEFAULT_KEYS:
 * properties.displayName and properties.codex.alias) keeps an item when every letter of the
 * text is found, in order, in one of those (fuzzyMatchSimple; 2.41.1 workflows.store `ix`, `ob`,
 * `tb`). The panel searches the entries' names and aliases only, not their descriptions.
 */
function found(search: string, item: { displayName: string; codex?: CodexData }): boolean {
	const words = search.split(' ');
	const text = (
		words.length > 1 && 'trigger'.startsWith(words[words.length - 1].toLowerCase())
			? words.slice(0, -1).join(' ').trimEnd()
			: search
	).toLowerCase();
	const fuzzyMatchSimple = (target: string) => {
		let p = 0;
		for (let t = 0; p < text.length && t < target.length; t++)
			if (text.charAt(p).toLowerCase() === target.charAt(t).toLowerCase()) p++;
		return text.length > 0 && target.length > 0 && p === text.length;
	};
	return [item.displayName, ...(item.codex?.alias ?? [])].some(fuzzyMatchSimple);
}

describe('the nodes panel', () => {
	const { entries, actions } = panelEntries();

	it('shows one Business Messaging entry, with the actions of both nodes', () => {
		expect(entries.map((e) => e.displayName)).toEqual(['Business Messaging']);
		const keys = actions[action.name].map((a) => a.actionKey);
		expect(keys).toEqual(
			expect.arrayContaining(['sendButtons', 'sendTemplate', 'incomingMessage']),
		);
	});

	it('describes the entry by what both nodes do (n8n shows the trigger’s description there)', () => {
		const [entry] = entries;
		expect(entry.description).toBe(trigger.description);
		expect(entry.description).toMatch(/^Starts a workflow on incoming WhatsApp messages/);
		expect(entry.description).toMatch(/sends templates, texts and buttons/);
	});

	it('keeps the node’s own description about the node: it is also its AI tool’s description', () => {
		expect(action.description).toMatch(/^Send WhatsApp templates, texts, buttons/);
		expect(action.description).not.toMatch(/trigger|starts a workflow/i);
	});

	it.each([
		'whatsapp',
		'WhatsApp',
		'send buttons',
		'buttons',
		'template',
		'catalog',
		'approval',
		'business messaging',
		'business messaging trigger',
	])('finds Business Messaging when searched for "%s"', (search) => {
		expect(entries.filter((entry) => found(search, entry)).map((e) => e.displayName)).toEqual([
			'Business Messaging',
		]);
	});

	it('does not find it for what it does not do', () => {
		for (const search of ['telegram', 'postgres', 'slack'])
			expect(found(search, entries[0])).toBe(false);
	});

	it('finds the Send Buttons action when "send buttons" is searched among the actions', () => {
		// The actions view searches the actions' display names with the same sublimeSearch.
		const hits = actions[action.name].filter((a) =>
			found('send buttons', { displayName: a.displayName }),
		);
		expect(hits.map((a) => [a.actionKey, a.displayName])).toEqual([
			['sendButtons', 'Send a message with buttons'],
		]);
	});

	it('lists the node under Human in the Loop, as n8n’s own WhatsApp node', () => {
		// The section lists nodes whose codex has the HITL category, and adds the action whose
		// actionKey is "sendAndWait" (getHumanInTheLoopActions); n8n sets the Resource from the
		// action's displayOptions (useActions' getActionData).
		expect(action.codex.categories).toContain('HITL');
		expect(action.codex.subcategories).toEqual({ HITL: ['Human in the Loop'] });
		const sendAndWait = actions[action.name].filter((a) => a.actionKey === 'sendAndWait');
		expect(sendAndWait).toHaveLength(1);
		expect(sendAndWait[0].displayOptions?.show?.resource).toEqual(['message']);
	});
});

describe('the actions’ names', () => {
	const operations = action.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			optionsOf(p).map((o) => ({ resource: p.displayOptions?.show?.resource, ...o })),
		);

	it('every operation has one, as a short sentence a user reads in the panel', () => {
		expect(operations.length).toBeGreaterThan(20);
		const bad = operations.filter(
			(o) =>
				!o.action ||
				!/^[A-Z][a-z]+ /.test(o.action) ||
				/[a-z][A-Z]/.test(o.action) || // no camelCase internal names
				o.action !== o.action.trim() ||
				/\.$/.test(o.action),
		);
		expect(bad.map((o) => `${String(o.resource)} › ${o.name}: ${o.action}`)).toEqual([]);
	});

	it('no two are the same', () => {
		const names = operations.map((o) => o.action);
		expect(new Set(names).size).toBe(names.length);
	});
});

describe('the subtitle under a node on the canvas', () => {
	/**
	 * n8n's getNodeSubtitle (useNodeHelpers.ts; 1.123.81 useTelemetry-Bdph2sbk.js, 2.41.1
	 * workflows.store-1K8xwhMX.js `gg`): with a subtitle, `workflow.expression.getSimpleParameterValue(
	 * node, nodeType.subtitle, "internal", {}, undefined, PLACEHOLDER_FILLED_AT_EXECUTION_TIME)`;
	 * without one, the name of the operation in the first field called "operation".
	 */
	function subtitle(nodeType: INodeType, parameters: INodeParameters): unknown {
		const types: INodeTypes = {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		};
		const node: INode = {
			id: '1',
			name: nodeType.description.displayName,
			type: nodeType.description.name,
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: types,
		});
		return workflow.expression.getSimpleParameterValue(
			node,
			nodeType.description.subtitle!,
			'internal',
			{},
			undefined,
			'[filled at execution time]',
		);
	}

	it('names the operation as the form does, never by its internal values', () => {
		const resources = optionsOf(action.properties.find((p) => p.name === 'resource'));
		const seen: string[] = [];
		for (const resource of resources) {
			const field = action.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const operation of optionsOf(field)) {
				const shown = subtitle(actionNode, {
					resource: resource.value,
					operation: operation.value,
				});
				expect([operation.name, `${resource.name} › ${operation.name}`]).toContain(shown);
				seen.push(String(shown));
			}
		}
		expect(seen).toEqual(
			expect.arrayContaining(['Send Buttons', 'Send Template', 'Template › Create']),
		);
		expect(seen.filter((s) => /[a-z][A-Z]|:/.test(s))).toEqual([]);
	});

	it('names the defaults of a node just added', () => {
		expect(subtitle(actionNode, {})).toBe('List Numbers');
		expect(subtitle(actionNode, { resource: 'message' })).toBe('Send Template');
	});

	it('names the trigger’s chosen events', () => {
		expect(subtitle(triggerNode, { events: ['incomingMessage'] })).toBe('Incoming Message');
		expect(subtitle(triggerNode, {})).toBe('Incoming Message, Message Status, Template Status');
		const events = optionsOf(trigger.properties.find((p) => p.name === 'events'));
		expect(subtitle(triggerNode, { events: events.map((e) => e.value) })).toBe(
			events.map((e) => e.name).join(', '),
		);
	});

	it('is needed: without it n8n shows "sendButtons" (the first Operation field is Account’s)', () => {
		const first = optionsOf(action.properties.find((p) => p.name === 'operation'));
		expect(first.find((o) => o.value === 'sendButtons')).toBeUndefined();
	});
});

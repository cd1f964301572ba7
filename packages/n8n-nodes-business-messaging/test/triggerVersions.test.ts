import {
	NodeHelpers,
	Workflow,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeTypes,
} from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';

/**
 * What version 1.2 of the trigger changes for a new user (issue 51): the refusal reports on an
 * output of their own, on by default (test/triggerRefusals.test.ts runs them), Signature by
 * default with its credential right under Authentication. Each is read the way n8n reads it.
 */
const trigger = new BusinessMessagingTrigger();
const { description } = trigger;
const types: INodeTypes = {
	getByName: () => trigger,
	getByNameAndVersion: () => trigger,
	getKnownTypes: () => ({}),
};
const nodeOf = (typeVersion: number, parameters: INodeParameters = {}): INode => ({
	id: '1',
	name: 'Business Messaging Trigger',
	type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
	typeVersion,
	position: [0, 0],
	parameters,
});

/** The outputs n8n draws for a node of `typeVersion` (NodeHelpers.getNodeOutputs). */
function outputsOf(typeVersion: number) {
	const node = nodeOf(typeVersion);
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: types,
	});
	return NodeHelpers.getNodeOutputs(workflow, node, description);
}

/** A new node's parameters as n8n fills them (defaults of the fields shown). */
const newNodeParameters = (typeVersion: number) =>
	NodeHelpers.getNodeParameters(
		description.properties,
		{},
		true,
		false,
		nodeOf(typeVersion),
		description,
	) as INodeParameters;

/** The names of the top-level fields the editor shows, in order. */
const shownFields = (typeVersion: number, values: INodeParameters) =>
	description.properties
		.filter((p) => NodeHelpers.displayParameter(values, p, { typeVersion }, description))
		.map((p) => p.name);

/**
 * Where n8n's editor puts the node's credentials among its fields (ParameterInputList, 2.41.1
 * `le`): before the last field shown that a credential's display depends on.
 */
function credentialsBefore(typeVersion: number, values: INodeParameters): string {
	const dependedOn = new Set(
		(description.credentials ?? []).flatMap((c) => Object.keys(c.displayOptions?.show ?? {})),
	);
	const fields = shownFields(typeVersion, values);
	return fields.filter((name) => dependedOn.has(name)).pop() ?? fields[0];
}

describe('trigger version 1.2', () => {
	it('is what n8n gives a new node', () => {
		expect(Math.max(...[description.version].flat())).toBe(1.2);
	});

	it('draws two outputs, Events and Refusals; older versions keep one', () => {
		expect(outputsOf(1.2)).toEqual([
			{ type: 'main', displayName: 'Events' },
			{ type: 'main', displayName: 'Refusals' },
		]);
		expect(outputsOf(1.1)).toEqual(['main']);
		expect(outputsOf(1)).toEqual(['main']);
	});

	it('asks for a signature by default; older versions keep None', () => {
		expect(newNodeParameters(1.2).deliveryAuth).toBe('signature');
		expect(newNodeParameters(1.1).deliveryAuth).toBe('none');
		expect(newNodeParameters(1).deliveryAuth).toBe('none');
	});

	it('shows the signing credential right under Authentication, first of the credentials', () => {
		const values = newNodeParameters(1.2);
		const fields = shownFields(1.2, values);
		const under = fields[fields.indexOf('deliveryAuth') + 1];
		expect(credentialsBefore(1.2, values)).toBe(under);
		expect(description.credentials?.[0]).toMatchObject({
			name: 'businessMessagingSignatureApi',
			displayOptions: { show: { deliveryAuth: ['signature'] } },
		});
		// Version 1.1 shows them below the options, where issue 38 found them.
		const old = shownFields(1.1, newNodeParameters(1.1));
		expect(old.indexOf(credentialsBefore(1.1, newNodeParameters(1.1)))).toBeGreaterThan(
			old.indexOf('options'),
		);
	});

	it('offers Report Refusals on by default, saying where the reports go', () => {
		const options = description.properties.find(
			(p) =>
				p.name === 'options' &&
				NodeHelpers.displayParameter({}, p, { typeVersion: 1.2 }, description),
		);
		const report = (options?.options as INodeProperties[]).find((o) => o.name === 'reportRefusals');
		expect(report).toMatchObject({ default: true });
		expect(report?.description).toMatch(/Refusals output/);
	});
});

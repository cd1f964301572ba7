// The harness runs the node type n8n would run: for a VersionedNodeType, the version named by
// the node's typeVersion, with that version's parameter defaults and methods.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { NodeHarness } = require('../dist/index.js');
const { VersionedNodeType } = require('n8n-workflow');

/** One version of a node: it reports its version and its `greeting` parameter's value. */
function nodeVersion(version, greeting) {
	return {
		description: {
			displayName: 'Versioned',
			name: 'versioned',
			group: ['transform'],
			version,
			description: 'A node with two versions',
			defaults: { name: 'Versioned' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'versionedApi', required: true }],
			properties: [
				{ displayName: 'Greeting', name: 'greeting', type: 'string', default: greeting },
			],
		},
		methods: {
			listSearch: { which: async () => ({ results: [{ name: `v${version}`, value: version }] }) },
		},
		async execute() {
			return [[{ json: { version, greeting: this.getNodeParameter('greeting', 0) } }]];
		},
	};
}

const versioned = new VersionedNodeType(
	{ 1: nodeVersion(1, 'hello'), 2: nodeVersion(2, 'hi') },
	{
		displayName: 'Versioned',
		name: 'versioned',
		group: ['transform'],
		description: 'A node with two versions',
		defaultVersion: 2,
	},
);

function harness(typeVersion) {
	return new NodeHarness({
		nodeType: versioned,
		typeName: 'test.versioned',
		typeVersion,
		credentialType: { name: 'versionedApi', displayName: 'Versioned API', properties: [] },
		credentials: {},
	});
}

test('a VersionedNodeType runs its default version unless told otherwise', async () => {
	const [[item]] = await harness().execute({ parameters: {} });
	assert.deepEqual(item.json, { version: 2, greeting: 'hi' });
});

test('typeVersion picks the version, with its own parameter defaults', async () => {
	const [[item]] = await harness(1).execute({ parameters: {} });
	assert.deepEqual(item.json, { version: 1, greeting: 'hello' });
});

test("methods come from the node's version too", async () => {
	const { results } = await harness(1).listSearch('which');
	assert.deepEqual(results, [{ name: 'v1', value: 1 }]);
});

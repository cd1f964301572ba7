import { packageFileText } from 'business-messaging-testing';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import manifest from '../package.json';
import actionCodex from '../nodes/BusinessMessaging/BusinessMessaging.node.json';
import triggerCodex from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node.json';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { ADVICE } from '../nodes/common/transport/errorAdvice';

/**
 * The package README is the user's guide n8n links to (the codex files' documentation links) and
 * the page npm shows. These tests keep it in step with the nodes: every operation and trigger
 * option documented, every error the node advises on in the troubleshooting table, every link
 * to a section landing on one.
 */
const guide = packageFileText('README.md');

/** The anchor GitHub (and npm) gives a heading: lower case, punctuation dropped, each space a hyphen. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
const headings = [...guide.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]);
const anchors = new Set(headings.map(anchorOf));

/** The text of a `## ` or `### ` section, up to the next heading of the same or a higher level. */
function section(heading: string): string {
	const start = guide.search(
		new RegExp(`^(#{2,3}) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
	);
	if (start < 0) throw new Error(`the guide has no section "${heading}"`);
	const level = /^#+/.exec(guide.slice(start))![0].length;
	const rest = guide.slice(guide.indexOf('\n', start) + 1);
	const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
	return end < 0 ? rest : rest.slice(0, end);
}

const options = (properties: INodeProperties[], name: string, resource?: string) =>
	properties
		.filter(
			(p) =>
				p.name === name &&
				(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
		)
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[]);

describe('the user guide (package README)', () => {
	it('is where the codex files send users: each documentation link opens a section of it', () => {
		const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
		const links = [actionCodex, triggerCodex].flatMap((codex) =>
			Object.values(codex.resources)
				.flat()
				.map((r) => r.url),
		);
		expect(links.length).toBeGreaterThanOrEqual(4);
		for (const link of links) {
			const [page, anchor] = link.split('#');
			expect(page).toBe(`${repository}/blob/main/packages/n8n-nodes-business-messaging/README.md`);
			expect([...anchors]).toContain(anchor);
		}
	});

	it('has a section for every link to one inside it', () => {
		const internal = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
		expect(internal.length).toBeGreaterThan(10);
		expect(internal.filter((anchor) => !anchors.has(anchor))).toEqual([]);
	});

	it('documents every operation of every resource, in that resource’s section', () => {
		const properties = new BusinessMessaging().description.properties;
		const resources = options(properties, 'resource');
		expect(resources.length).toBe(7);
		const missing: string[] = [];
		for (const resource of resources) {
			const text = section(resource.name);
			const operations = options(properties, 'operation', String(resource.value));
			expect(operations.length).toBeGreaterThan(0);
			for (const operation of operations) {
				if (!text.includes(`**${operation.name}**`))
					missing.push(`${resource.name} › ${operation.name}`);
			}
			// and a row of the operations table links to the section
			expect(section('Operations')).toContain(`[${resource.name}](#${anchorOf(resource.name)})`);
		}
		expect(missing).toEqual([]);
	});

	it('documents every event and every authentication of the trigger', () => {
		const properties = new BusinessMessagingTrigger().description.properties;
		const events = options(properties, 'events');
		expect(events.length).toBe(16);
		for (const event of events)
			expect(section('Events')).toContain(`${event.name} (\`${String(event.value)}\`)`);
		const authentications = options(properties, 'deliveryAuth');
		expect(authentications.length).toBe(3);
		for (const authentication of authentications)
			expect(section('Authentication')).toContain(`**${authentication.name}**`);
	});

	it('has a troubleshooting row for every API error the node gives advice on', () => {
		const rows = new Set(
			[...section('Errors from the API').matchAll(/^\| ([\d /]+) \|/gm)].flatMap((m) =>
				m[1].split(' / '),
			),
		);
		const codes = Object.keys(ADVICE);
		expect(codes.length).toBeGreaterThan(5);
		expect(codes.filter((code) => !rows.has(code))).toEqual([]);
	});
});

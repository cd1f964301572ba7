import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import actionCodex from '../nodes/BusinessMessaging/BusinessMessaging.node.json';
import triggerCodex from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node.json';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { ADVICE } from '../nodes/common/transport/errorAdvice';
import {
	GUIDE_DIR,
	PACKAGE_README,
	blobUrl,
	brokenLink,
	documentText,
	guidePages,
	linksOf,
	repositoryTarget,
	section,
} from './guide';
import { readmeTable } from './operationsTable';

/**
 * The user's guide is the package README (what npm shows, and where it starts) and one page per
 * topic in docs/guide/, which n8n's Docs links and the README open on GitHub. These tests keep it
 * in step with the nodes (every operation and trigger option documented, every error the node
 * advises on in the troubleshooting table) and whole: the README short, every page reached from
 * it, every link landing on a heading.
 */
const readme = documentText(PACKAGE_README);
const page = (name: string) => documentText(`${GUIDE_DIR}/${name}`);

const options = (properties: INodeProperties[], name: string, resource?: string) =>
	properties
		.filter(
			(p) =>
				p.name === name &&
				(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
		)
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[])
		// A field that versions show differently (the trigger's Authentication) lists each once.
		.filter((o, i, all) => all.findIndex((other) => other.value === o.value) === i);

/** A text's links with their targets dropped, to compare the same words on two pages. */
const withoutTargets = (text: string) => text.replace(/\]\([^)]*\)/g, ']');

describe('the user guide', () => {
	it('is where the codex files send users: each documentation link opens a heading of it', () => {
		const links = [actionCodex, triggerCodex].flatMap((codex) =>
			Object.values(codex.resources)
				.flat()
				.map((r) => r.url),
		);
		expect(links.length).toBeGreaterThanOrEqual(4);
		for (const link of links) {
			const target = repositoryTarget(PACKAGE_README, link);
			expect(link).toMatch(/#./);
			expect([PACKAGE_README, ...guidePages()]).toContain(target?.path);
			expect(brokenLink(PACKAGE_README, link)).toBeUndefined();
		}
	});

	it('keeps the package README short: at most 3,000 words (as wc -w counts them) besides its generated Operations table', () => {
		// The table grows with the node (operationsTable.ts): a new operation never meets the cap.
		const words = readme
			.replace(readmeTable(readme) ?? '', '')
			.split(/\s+/)
			.filter(Boolean).length;
		expect(words).toBeGreaterThan(1000);
		expect(words).toBeLessThanOrEqual(3000);
	});

	it('links from the package README to every page, by its GitHub address (npm shows the README alone)', () => {
		const pages = guidePages();
		expect(pages.length).toBeGreaterThanOrEqual(15);
		const links = linksOf(readme).map((link) => link.split('#')[0]);
		expect(pages.filter((path) => !links.includes(blobUrl(path)))).toEqual([]);
		// npm resolves no relative link to the repository: only the README's own anchors are relative
		expect(linksOf(readme).filter((link) => !/^(https:\/\/|#)/.test(link))).toEqual([]);
	});

	it('lists every page in its index, and every page links back to it', () => {
		const index = page('README.md');
		for (const path of guidePages().filter((p) => p !== `${GUIDE_DIR}/README.md`)) {
			const name = path.slice(GUIDE_DIR.length + 1);
			expect(linksOf(index)).toContain(name);
			// the link back comes in the page's opening, before its first section
			const opening = documentText(path).split(/\n## /)[0];
			expect(`${name}: ${linksOf(opening).join(' ')}`).toContain('README.md');
		}
	});

	it('has every link between its documents landing on a file and a heading', () => {
		const documents = [PACKAGE_README, ...guidePages()];
		const links = documents.flatMap((path) =>
			linksOf(documentText(path)).map((link) => ({ path, link })),
		);
		expect(links.filter(({ link }) => link.includes('#')).length).toBeGreaterThan(50);
		expect(links.map(({ path, link }) => brokenLink(path, link)).filter(Boolean)).toEqual([]);
	});

	it('documents every event and every authentication of the trigger on its page', () => {
		const trigger = page('trigger.md');
		const properties = new BusinessMessagingTrigger().description.properties;
		const events = options(properties, 'events');
		expect(events.length).toBe(18);
		for (const event of events)
			expect(section(trigger, 'Events')).toContain(`${event.name} (\`${String(event.value)}\`)`);
		const authentications = options(properties, 'deliveryAuth');
		expect(authentications.length).toBe(3);
		for (const authentication of authentications)
			expect(section(trigger, 'Authentication')).toContain(`**${authentication.name}**`);
	});

	it("gives the trigger's set-up in the README as its page does", () => {
		expect(withoutTargets(section(readme, 'Set-up'))).toBe(
			withoutTargets(section(page('trigger.md'), 'Set-up')),
		);
	});

	it('has a troubleshooting row for every API error the node gives advice on', () => {
		const table = section(page('troubleshooting.md'), 'Errors from the API');
		const rows = new Set(
			[...table.matchAll(/^\| ([\d /]+) \|/gm)].flatMap((m) => m[1].split(' / ')),
		);
		const codes = Object.keys(ADVICE);
		expect(codes.length).toBeGreaterThan(5);
		expect(codes.filter((code) => !rows.has(code))).toEqual([]);
		// the README's common errors are five rows of that table, as they are there
		const common = section(readme, 'Common errors')
			.split('\n')
			.filter((line) => /^\| [\d]/.test(line));
		expect(common.length).toBe(5);
		expect(common.filter((row) => !table.split('\n').includes(row))).toEqual([]);
	});
});

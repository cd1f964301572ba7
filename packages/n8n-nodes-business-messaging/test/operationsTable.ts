import { generatedPart } from './generatedTables';
import { GUIDE_DIR, PACKAGE_README, anchorOf, blobUrl, documentText, guidePages } from './guide';

/**
 * The package README's Operations table, generated from the node (`npm run docs:operations`):
 * one row per resource, linking its guide page, with its operations as the Operation list names
 * them. An operation described on another page than its resource's (Send and Wait) links there.
 * Nobody keeps this list by hand; the README's word cap leaves it out (userGuide.test.ts).
 */

export const TABLE_START =
	'<!-- Generated from the node by `npm run docs:operations`: edit the guide, not this table. -->';
export const TABLE_END = '<!-- End of the generated table. -->';

/**
 * Each resource's guide page and heading, by its name in the Resource list. A new resource gets
 * a page (docs/ARCHITECTURE.md, "Adding an operation") and its line here.
 */
export const RESOURCE_GUIDE: Record<string, string> = {
	Account: 'account.md#account',
	Analytics: 'analytics.md#analytics',
	Chat: 'chat.md#chat',
	Media: 'media.md#media',
	Message: 'messages.md#messages',
	Payment: 'payments.md#payment',
	Product: 'catalog.md#catalog-products',
	Template: 'templates.md#template',
	'Template Sample': 'templates.md#template-sample',
};

/** Where an operation is described: the heading above its first `**Name**` in a guide page. */
export function operationParagraph(
	name: string,
	pages: string[],
	read: (path: string) => string = documentText,
): { path: string; anchor: string } | undefined {
	for (const path of pages) {
		const text = read(path);
		const at = text.indexOf(`**${name}**`);
		if (at < 0) continue;
		const heading = [...text.slice(0, at).matchAll(/^#{1,6} (.+)$/gm)].pop()?.[1];
		return { path, anchor: heading ? anchorOf(heading) : '' };
	}
	return undefined;
}

/** The table, between its markers, for the node's operations (recipe.ts › nodeOperations). */
export function operationsTable(
	operations: Array<{ name: string }>,
	read: (path: string) => string = documentText,
): string {
	const byResource = new Map<string, string[]>();
	for (const { name } of operations) {
		const [resource, operation] = name.split(' › ');
		byResource.set(resource, [...(byResource.get(resource) ?? []), operation]);
	}
	const rows = [...byResource].map(([resource, names]) => {
		const guide = RESOURCE_GUIDE[resource];
		const home = guide ? `${GUIDE_DIR}/${guide.split('#')[0]}` : undefined;
		// The resource's page first: an operation of the same name elsewhere is another one.
		const pages = [...(home ? [home] : []), ...guidePages().filter((p) => p !== home)];
		const cells = names.map((operation) => {
			const found = operationParagraph(operation, pages, read);
			return found && found.path !== home
				? `[${operation}](${blobUrl(found.path)}#${found.anchor})`
				: operation;
		});
		const resourceCell = guide ? `[${resource}](${blobUrl(`${GUIDE_DIR}/${guide}`)})` : resource;
		return `| ${resourceCell} | ${cells.join(' · ')} |`;
	});
	return [TABLE_START, '', '| resource | operations |', '|---|---|', ...rows, '', TABLE_END].join(
		'\n',
	);
}

/** The README's generated table as it is now, markers included; undefined without them. */
export function readmeTable(readme: string = documentText(PACKAGE_README)): string | undefined {
	return generatedPart(readme, TABLE_START, TABLE_END);
}

/** The operations the README's generated table lists: `Resource › Operation`. */
export function listedOperations(readme: string): Set<string> {
	const listed = new Set<string>();
	const plain = (cell: string) => cell.trim().replace(/^\[([^\]]+)\]\([^)]*\)$/, '$1');
	for (const row of (readmeTable(readme) ?? '').split('\n').filter((l) => l.startsWith('| ['))) {
		const [resource, operations] = row.split(' | ').map((cell) => cell.replace(/^\| |\s\|$/g, ''));
		for (const operation of operations.split(' · '))
			listed.add(`${plain(resource)} › ${plain(operation)}`);
	}
	return listed;
}

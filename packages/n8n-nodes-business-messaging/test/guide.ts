import {
	repositoryFileText,
	repositoryFolderFiles,
	repositoryPathExists,
} from 'business-messaging-testing';
import manifest from '../package.json';

/*
 * The user's guide, as the tests read it: the package README (what npm shows: install, the
 * credential, the operations, the trigger's set-up, the common errors) and one page per topic in
 * docs/guide/ at the repository's root, which the README links to on GitHub. Paths are from the
 * repository's root.
 */

/** The repository on GitHub, from package.json: `https://github.com/<owner>/<name>`. */
export const REPOSITORY_URL = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
export const PACKAGE_README = `${manifest.repository.directory}/README.md`;
export const GUIDE_DIR = 'docs/guide';

/** The guide's pages (docs/guide/*.md, its index README.md included). */
export const guidePages = (): string[] =>
	repositoryFolderFiles(GUIDE_DIR)
		.filter((name) => name.endsWith('.md'))
		.map((name) => `${GUIDE_DIR}/${name}`);

/** A file's address on GitHub, as the README links to it so that the link works on npm too. */
export const blobUrl = (path: string) => `${REPOSITORY_URL}/blob/main/${path}`;

export const documentText = (path: string) => repositoryFileText(path);

/** The headings of a Markdown text, outside code blocks: level and text. */
function headings(text: string): Array<{ level: number; heading: string; at: number }> {
	const found: Array<{ level: number; heading: string; at: number }> = [];
	let inCode = false;
	let at = 0;
	for (const line of text.split('\n')) {
		if (line.startsWith('```')) inCode = !inCode;
		const match = /^(#{1,6}) (.+)$/.exec(line);
		if (match && !inCode) found.push({ level: match[1].length, heading: match[2], at });
		at += line.length + 1;
	}
	return found;
}

/** GitHub's (and npm's) anchors of a text's headings: lower case, punctuation dropped, spaces as hyphens, -1 on a repeat. */
export function anchorsOf(text: string): Set<string> {
	const seen = new Map<string, number>();
	const found = new Set<string>();
	for (const { heading } of headings(text)) {
		const slug = anchorOf(heading);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		found.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return found;
}

export const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');

/** The text under a heading, up to the next heading of the same or a higher level. */
export function section(text: string, heading: string): string {
	const all = headings(text);
	const index = all.findIndex((h) => h.heading === heading);
	if (index < 0) throw new Error(`no section "${heading}"`);
	const next = all.slice(index + 1).find((h) => h.level <= all[index].level);
	return text.slice(text.indexOf('\n', all[index].at) + 1, next?.at);
}

/** The targets of a text's links and images, outside code blocks. */
export function linksOf(text: string): string[] {
	const prose = text.replace(/^```[\s\S]*?^```/gm, '');
	return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** A path relative to a file, from the repository's root (`..` and `.` resolved). */
function resolvePath(from: string, relative: string): string {
	const parts = from.split('/').slice(0, -1);
	for (const part of relative.split('/')) {
		if (part === '..') parts.pop();
		else if (part !== '.' && part !== '') parts.push(part);
	}
	return parts.join('/');
}

/**
 * Where a link of a document leads in the repository (`path` and `anchor`), or undefined for a
 * link outside it. Relative links, and absolute links to the repository on GitHub (its blob,
 * tree and raw addresses on main), are followed.
 */
export function repositoryTarget(
	from: string,
	link: string,
): { path: string; anchor?: string } | undefined {
	const [address, anchor] = link.split('#') as [string, string | undefined];
	const raw = REPOSITORY_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/');
	for (const base of [
		`${REPOSITORY_URL}/blob/main/`,
		`${REPOSITORY_URL}/tree/main/`,
		`${raw}/main/`,
	])
		if (address.startsWith(base)) return { path: address.slice(base.length), anchor };
	if (/^[a-z]+:/.test(address)) return undefined;
	return { path: address === '' ? from : resolvePath(from, address), anchor };
}

/** Why a link of a document leads nowhere: a missing file, or a heading its page does not have. */
export function brokenLink(from: string, link: string): string | undefined {
	const target = repositoryTarget(from, link);
	if (!target) return undefined;
	if (!repositoryPathExists(target.path)) return `${from}: ${link}: no file ${target.path}`;
	if (target.anchor === undefined) return undefined;
	if (!target.path.endsWith('.md'))
		return `${from}: ${link}: an anchor on a file that is not Markdown`;
	const anchor = decodeURIComponent(target.anchor);
	return anchorsOf(documentText(target.path)).has(anchor)
		? undefined
		: `${from}: ${link}: no heading "${anchor}" in ${target.path}`;
}

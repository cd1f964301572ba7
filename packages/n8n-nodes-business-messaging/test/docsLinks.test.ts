import type {
	CodexData,
	ICredentialType,
	INodeProperties,
	INodeTypeDescription,
} from 'n8n-workflow';
import { packageSourceFiles } from 'business-messaging-testing';
import manifest from '../package.json';
import actionCodex from '../nodes/BusinessMessaging/BusinessMessaging.node.json';
import triggerCodex from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node.json';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingHeaderTokenApi } from '../credentials/BusinessMessagingHeaderTokenApi.credentials';
import { BusinessMessagingSignatureApi } from '../credentials/BusinessMessagingSignatureApi.credentials';
import { GUIDE_DIR, PACKAGE_README, REPOSITORY_URL, brokenLink, repositoryTarget } from './guide';

/**
 * Every documentation link of the package, put through the code with which n8n's editor opens
 * it, lands on a section of the user guide on GitHub: the package README (its operations and
 * credential) or a page of docs/guide/ (the trigger's).
 */

/**
 * The node's Docs link: n8n's useNodeDocsUrl (n8n-editor-ui 1.123.81
 * assets/NodeSettings-Byv9I2f-.js; the same minified in 2.41.1 assets/NodeSettings-BLwI6MoL.js):
 *   if (nodeType.documentationUrl?.startsWith("http")) return nodeType.documentationUrl;
 *   const utmParams = new URLSearchParams({ utm_source: "n8n_app",
 *     utm_medium: "node_settings_modal-credential_link", utm_campaign: nodeType.name });
 *   const primaryDocUrl = nodeType.codex?.resources?.primaryDocumentation?.[0]?.url;
 *   if (primaryDocUrl) return `${primaryDocUrl}?${utmParams.toString()}`;
 *   if (isCommunityNode.value) return `${NPM_PACKAGE_DOCS_BASE_URL}${packageName.value}`;
 */
function n8nNodeDocsUrl(nodeType: INodeTypeDescription): string {
	if (nodeType.documentationUrl?.startsWith('http')) return nodeType.documentationUrl;
	const utmParams = new URLSearchParams({
		utm_source: 'n8n_app',
		utm_medium: 'node_settings_modal-credential_link',
		utm_campaign: nodeType.name,
	});
	const primaryDocUrl = nodeType.codex?.resources?.primaryDocumentation?.[0]?.url;
	if (primaryDocUrl) return `${primaryDocUrl}?${utmParams.toString()}`;
	return `https://www.npmjs.com/package/${nodeType.name.split('.')[0]}`;
}

/**
 * The credential modal's docs link: CredentialConfig.vue's documentationUrl (1.123.81
 * assets/index-xY3FY4Zp.js; minified in 2.41.1 assets/index-BGyb28lC.js):
 *   if (docUrl.startsWith("https://") || docUrl.startsWith("http://")) {
 *     url = new URL(docUrl); if (url.hostname !== "docs.n8n.io") return docUrl;
 *   } else if (isCommunityNode) return "";
 *   ... utm_* search params only on docs.n8n.io ... return url.href;
 */
function n8nCredentialDocsUrl(credential: ICredentialType): string {
	const docUrl = credential.documentationUrl;
	if (!docUrl) return '';
	if (!docUrl.startsWith('https://') && !docUrl.startsWith('http://')) return '';
	const url = new URL(docUrl);
	if (url.hostname !== 'docs.n8n.io') return docUrl;
	url.searchParams.set('utm_source', 'n8n_app');
	url.searchParams.set('utm_medium', 'credential_settings');
	url.searchParams.set('utm_campaign', 'create_new_credentials_modal');
	return url.href;
}

/** What n8n-core's DirectoryLoader.getCodex reads from a .node.json beside the node. */
function loadedCodex(file: CodexData): CodexData {
	const { categories, subcategories, alias, resources } = file;
	return { categories, subcategories, alias, resources };
}

/** The node type as the editor gets it: its name with the package, the codex added. */
function editorNodeType(description: INodeTypeDescription, codex: CodexData): INodeTypeDescription {
	return {
		...description,
		name: `${manifest.name}.${description.name}`,
		codex: loadedCodex(codex),
	};
}

const TRIGGER_PAGE = `${GUIDE_DIR}/trigger.md`;

/** The section of the guide a link opens (its file and heading), or why it opens none. */
function sectionOf(link: string): string {
	const url = new URL(link);
	const page = `${url.origin}${url.pathname}`;
	const target = repositoryTarget(PACKAGE_README, page);
	const inGuide = (path: string) => path === PACKAGE_README || path.startsWith(`${GUIDE_DIR}/`);
	if (!page.startsWith(`${REPOSITORY_URL}/blob/main/`) || !target || !inGuide(target.path))
		return `not the guide: ${link}`;
	const anchor = decodeURIComponent(url.hash.slice(1));
	const broken = brokenLink(PACKAGE_README, `${page}#${anchor}`);
	return broken ? `no section "${anchor}" in ${target.path}` : `${target.path}#${anchor}`;
}

const action = editorNodeType(new BusinessMessaging().description, actionCodex);
const trigger = editorNodeType(new BusinessMessagingTrigger().description, triggerCodex);
// The AI tool n8n makes of the node keeps its description and codex resources (n8n's
// convertNodeToAiTool, dist/tool-generation/ai-tools.js): only the name and displayName change.
const tool = { ...action, name: `${action.name}Tool`, displayName: `${action.displayName} Tool` };

describe("the node's Docs link, as n8n builds it", () => {
	it.each([
		['Business Messaging', action, `${PACKAGE_README}#operations`],
		['Business Messaging Tool', tool, `${PACKAGE_README}#operations`],
		['Business Messaging Trigger', trigger, `${TRIGGER_PAGE}#trigger`],
	])('%s opens the guide at its section', (_name, nodeType, section) => {
		expect(sectionOf(n8nNodeDocsUrl(nodeType))).toBe(section);
	});

	it('would lose the section through the codex link, which n8n gives its query after the #', () => {
		for (const nodeType of [action, trigger]) {
			const throughCodex = n8nNodeDocsUrl({ ...nodeType, documentationUrl: undefined });
			expect(new URL(throughCodex).hash).toMatch(/\?utm_source=n8n_app/);
			expect(sectionOf(throughCodex)).toMatch(/^no section/);
			// so the node names its own http documentationUrl, which n8n opens as it is
			expect(nodeType.documentationUrl).toMatch(/^https:\/\//);
			expect(nodeType.documentationUrl).toBe(
				nodeType.codex?.resources?.primaryDocumentation?.[0].url,
			);
		}
	});
});

describe("the credentials' docs links, as n8n builds them", () => {
	it.each([
		['Business Messaging API', new BusinessMessagingApi(), `${PACKAGE_README}#credentials`],
		[
			'Webhook Signature API',
			new BusinessMessagingSignatureApi(),
			`${TRIGGER_PAGE}#authentication`,
		],
		[
			'Webhook Header Token API',
			new BusinessMessagingHeaderTokenApi(),
			`${TRIGGER_PAGE}#authentication`,
		],
	])('%s opens the guide at its section', (_name, credential, section) => {
		expect(sectionOf(n8nCredentialDocsUrl(credential))).toBe(section);
	});
});

describe('the codex files’ links, opened as they are', () => {
	it('each opens a section of the guide', () => {
		const links = [actionCodex, triggerCodex].flatMap((codex) =>
			Object.values(codex.resources)
				.flat()
				.map((resource) => resource.url),
		);
		expect(links.length).toBe(4);
		expect(links.map(sectionOf)).toEqual([
			`${PACKAGE_README}#credentials`,
			`${PACKAGE_README}#operations`,
			`${TRIGGER_PAGE}#authentication`,
			`${TRIGGER_PAGE}#trigger`,
		]);
	});
});

describe('links in the forms (notices, descriptions, hints)', () => {
	/** Every text n8n renders as HTML in a form, with the fields inside collections. */
	function texts(properties: INodeProperties[]): string[] {
		return properties.flatMap((property) => [
			property.displayName,
			property.description ?? '',
			property.hint ?? '',
			...((property.options ?? []) as unknown as Array<Record<string, unknown>>).flatMap(
				(option) => [
					String(option.description ?? ''),
					...(Array.isArray(option.values) ? texts(option.values as INodeProperties[]) : []),
					...('type' in option ? texts([option as unknown as INodeProperties]) : []),
				],
			),
		]);
	}
	const all = [
		...texts(action.properties),
		...texts(trigger.properties),
		...[
			new BusinessMessagingApi(),
			new BusinessMessagingSignatureApi(),
			new BusinessMessagingHeaderTokenApi(),
		].flatMap((credential) => texts(credential.properties)),
	];
	const links = all.flatMap((text) => [...text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));

	it('are absolute, as n8n renders them unchanged', () => {
		expect(links.length).toBeGreaterThan(0);
		expect(links.filter((link) => !/^https:\/\//.test(link))).toEqual([]);
	});

	it('open a section when they point at the guide', () => {
		const toGuide = links.filter((link) => link.startsWith(`${REPOSITORY_URL}/blob/main/`));
		expect(toGuide.map(sectionOf).filter((s) => s.startsWith('no section'))).toEqual([]);
	});
});

describe('links to the guide anywhere in the nodes and credentials (error advice, notices, comments)', () => {
	const sources = [...packageSourceFiles('nodes'), ...packageSourceFiles('credentials')];
	const links = sources.flatMap(({ path, text }) =>
		[...text.matchAll(new RegExp(`${REPOSITORY_URL}/blob/main/[^\\s'"\`)<>]+`, 'g'))].map(
			([link]) => ({ path, link: link.replace(/[.,;]$/, '') }),
		),
	);

	it('land on a file of the repository, and on a heading of it when they name one', () => {
		expect(links.length).toBeGreaterThan(5);
		expect(
			links.flatMap(({ path, link }) => {
				const broken = brokenLink(PACKAGE_README, link);
				return broken ? [`${path}: ${broken}`] : [];
			}),
		).toEqual([]);
	});
});

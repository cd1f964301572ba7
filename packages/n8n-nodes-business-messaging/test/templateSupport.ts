import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { TestBed } from './harness';

/*
 * What the Template tests share: the demo account's seeded templates, parameters, and readers
 * of the sandbox's store. Each test file starts its own sandbox and hands it over with
 * useTemplateTestBed.
 */

let bed: TestBed;

/** Binds the helpers below to the test file's sandbox. */
export function useTemplateTestBed(testBed: TestBed): TestBed {
	bed = testBed;
	return testBed;
}

/** Node parameters as n8n stores them. */
export type Params = Record<string, unknown>;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A 1x1 PNG (68 bytes). */
export const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const PNG_LENGTH = Buffer.from(PNG_BASE64, 'base64').length;

/** The seeded templates of the demo account, newest first (as the API lists them). */
export const SEEDED_NEWEST_FIRST = [
	'loyalty_update (en_US) — PAUSED',
	'login_code (en_US) — APPROVED',
	'coffee_catalog (en_US) — APPROVED',
	'flash_sale (en_US) — APPROVED',
	'invoice_ready (en_US) — APPROVED',
	'store_pickup (en_US) — APPROVED',
	'delivery_update (en_US) — APPROVED',
	'approval_request (en_US) — APPROVED',
	'payment_reminder (en_US) — REJECTED',
	'spring_sale (en_US) — PENDING',
	'welcome_offer (en_US) — APPROVED',
	'order_confirmation (es_ES) — APPROVED',
	'order_confirmation (en_US) — APPROVED',
	'hello_world (en_US) — APPROVED',
];

/** The approved ones, as the send's template list names them. */
export const SEEDED_APPROVED = SEEDED_NEWEST_FIRST.filter((n) => n.endsWith('APPROVED')).map((n) =>
	n.replace(' — APPROVED', ''),
);

export const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
export const account = (mode = 'id') => locator(bed.sandbox.businessAccountId, mode);
export const templatesPath = () => `/v3/${bed.sandbox.businessAccountId}/message_templates`;

/** The stored template of the demo account with this name and language. */
export function stored(name: string, language = 'en_US') {
	const template = [...bed.sandbox.state.store.templates.values()].find(
		(t) =>
			t.accountId === bed.sandbox.businessAccountId && t.name === name && t.language === language,
	);
	if (!template) throw new Error(`test: no template ${name} (${language})`);
	return template;
}

export const has = (name: string, language = 'en_US') =>
	[...bed.sandbox.state.store.templates.values()].some(
		(t) => t.name === name && t.language === language,
	);

/** Adds templates straight to the sandbox's store (newer than the seeded ones). */
export function addTemplates(count: number): string[] {
	const { store } = bed.sandbox.state;
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = store.newId('template');
		store.templates.set(id, {
			id,
			seq: store.nextSeq(),
			accountId: bed.sandbox.businessAccountId,
			name: `bulk_${String(i).padStart(3, '0')}`,
			language: 'en_US',
			status: i % 3 === 0 ? 'PENDING' : 'APPROVED',
			category: 'UTILITY',
			components: [{ type: 'BODY', text: `Bulk template ${i}` }],
			approvedEdits: [],
		});
		ids.push(id);
	}
	return ids;
}

/** Every template ID of the demo account, newest first. */
export const allIdsNewestFirst = () =>
	[...bed.sandbox.state.store.templates.values()]
		.filter((t) => t.accountId === bed.sandbox.businessAccountId)
		.sort((a, b) => b.seq - a.seq)
		.map((t) => t.id);

export const query = (url: string) => new URL(url, 'http://sandbox').searchParams;
export const pathOf = (url: string) => new URL(url, 'http://sandbox').pathname;
export const sentJson = (request: { body?: string }) =>
	JSON.parse(request.body ?? 'null') as IDataObject;

export async function run(
	parameters: Params,
	items?: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const [output] = await bed
		.harness()
		.execute({ parameters: parameters as INodeParameters, items });
	return output;
}

export const createParameters = (extra: Params = {}): Params => ({
	resource: 'template',
	operation: 'create',
	businessAccountId: account(),
	name: 'shipping_update',
	language: 'en_US',
	category: 'UTILITY',
	content: 'builder',
	body: 'Hi {{1}}, your parcel with {{2}} is on its way.',
	bodyExamples: { example: [{ value: 'Maria' }, { value: '2 bags of coffee' }] },
	...extra,
});

export const getTemplate = async (id: string, apiKey?: string) => {
	const [output] = await bed.harness({ apiKey }).execute({
		parameters: {
			resource: 'template',
			operation: 'get',
			businessAccountId: account(),
			template: locator(id),
		},
	});
	return output[0].json;
};

export const pngItem = (mimeType = 'image/png', fileName = 'latte.png'): INodeExecutionData[] => [
	{ json: {}, binary: { data: { data: PNG_BASE64, mimeType, fileName } } },
];

export const uploadSessions = () => [...bed.sandbox.state.store.uploadSessions.values()];

/** A sample handle as step 2 of the upload issues it to the demo key. */
export function issuedHandle(fileType: string): string {
	const h = `4::${fileType}:test-handle`;
	bed.sandbox.state.store.uploadHandles.set(h, {
		h,
		apiKey: bed.sandbox.apiKey,
		fileType,
		size: PNG_LENGTH,
	});
	return h;
}

import { packageSourceFiles } from 'business-messaging-testing';

/**
 * Knowledge of the endpoints lives in the API layer (nodes/common/api), HTTP in the transport
 * (nodes/common/transport). Operations, list searches, the resource mapper and the trigger call
 * the API layer: none of them builds a path, a query or calls the transport itself.
 */
const API_LAYER = /^nodes\/common\/(api|transport)\//;

/** The code without its comments, which may name endpoints to explain themselves. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** Path segments and query names of the API's endpoints that no node parameter shares. */
const ENDPOINT_WORDS = [
	'getuserdetails',
	'message_templates',
	'payments_refund',
	'app/uploads',
	'upload:',
	'phone_number_id',
	'hsm_id',
	'file_length',
	'file_type',
	'sig',
];

/**
 * Code that calls this n8n itself, not the API: the trigger hands Send and Wait's answers to the
 * waiting executions through n8n's waiting webhook, and a closed burst to its own webhook. It
 * never reads the credential.
 */
const N8N_CALLERS = [
	'nodes/BusinessMessagingTrigger/delivery/burstHandOver.ts',
	'nodes/BusinessMessagingTrigger/waiting/resumeWaiting.ts',
];

/**
 * The API layer of n8n's own public API (data tables), where the trigger keeps its state: the one
 * file that calls it, with the State Store credential and never the messaging API's.
 */
const N8N_API_LAYER = 'nodes/common/store/dataTables.ts';

const files = packageSourceFiles('nodes').filter(
	(file) =>
		!API_LAYER.test(file.path) && !N8N_CALLERS.includes(file.path) && file.path !== N8N_API_LAYER,
);

describe('the API layer', () => {
	it('is the only code that calls the transport', () => {
		expect(files.length).toBeGreaterThan(20);
		const callers = files.filter((file) =>
			/\b(apiRequest|apiDownload|requestJson|requestAllPages|apiPath|httpRequest\w*)\s*[.(<]/.test(
				code(file.text),
			),
		);
		expect(callers.map((file) => file.path)).toEqual([]);
	});

	it("calls n8n's own API in one file, with the State Store credential only", () => {
		const [layer] = packageSourceFiles('nodes').filter((file) => file.path === N8N_API_LAYER);
		const calls = code(layer.text).match(/httpRequest\w*/g) ?? [];
		expect(calls).toEqual(['httpRequestWithAuthentication']);
		expect(layer.text).toMatch(/STORE_CREDENTIAL = 'businessMessagingN8nApi'/);
		expect(code(layer.text)).not.toMatch(/businessMessagingApi\b|apikey/);
	});

	it('leaves the calls to n8n itself without the credential', () => {
		const callers = packageSourceFiles('nodes').filter((file) => N8N_CALLERS.includes(file.path));
		expect(callers.map((file) => file.path)).toEqual(N8N_CALLERS);
		for (const file of callers) {
			expect(code(file.text)).toMatch(/\bhttpRequest\s*\(/);
			expect(code(file.text)).not.toMatch(/getCredentials|apiKey|apikey|authentication/);
		}
	});

	it('is the only code that builds a query or a path', () => {
		const builders = files.filter((file) =>
			/\bqs\s*[:.[]|['"`]\/[\w{$][^'"`]*['"`](?!\s*:)/.test(code(file.text)),
		);
		expect(builders.map((file) => file.path)).toEqual([]);
	});

	it.each(ENDPOINT_WORDS)('is the only code that names "%s" in a string', (word) => {
		// Template literals without their ${…} parts: reading a response's field is not naming one.
		const strings = (text: string) =>
			(code(text).match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? []).map((literal) =>
				literal.replace(/\$\{[^}]*\}/g, ''),
			);
		const naming = files.filter((file) =>
			strings(file.text).some((literal) =>
				new RegExp(`(^|[^\\w])${word.replace(/[/:]/g, '\\$&')}([^\\w]|$)`).test(
					literal.slice(1, -1),
				),
			),
		);
		expect(naming.map((file) => file.path)).toEqual([]);
	});
});

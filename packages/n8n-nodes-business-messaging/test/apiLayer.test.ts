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

const files = packageSourceFiles('nodes').filter((file) => !API_LAYER.test(file.path));

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

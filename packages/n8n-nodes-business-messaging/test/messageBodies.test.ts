import { packageFileText, packageSourceFiles } from 'business-messaging-testing';
import ts from 'typescript';

/**
 * Each kind of message a business sends has one builder, in nodes/common/messages (contents.ts,
 * template.ts, messageRequest.ts), used by every operation that sends it. The API layer takes
 * only the bodies built there (their types are branded), and no other code writes a message's
 * shape: this test reads every other file of the nodes as TypeScript and finds the object
 * literals that have one.
 *
 * A message's shape, in the Cloud API, is recognised by two things:
 * - its typed objects: a `type` and the object of that type under the type's name
 *   (`{ type: 'text', text }`, `{ type: kind, [kind]: media }`, `{ type: 'reply', reply }`), the
 *   pattern of every message, header, reply button and template parameter;
 * - the names only a send's body uses (`messaging_product`, `sub_type`, `display_text`, …).
 */
const BUILDERS = /^nodes\/common\/messages\//;

const SEND_ONLY_KEYS = [
	'messaging_product',
	'recipient_type',
	'biz_opaque_callback_data',
	'preview_url',
	'sub_type',
	'typing_indicator',
	'display_text',
];

/** What a message (`to`, `recipient`, `recipient_type`) or a read receipt (`message_id`) is about. */
const ADDRESSING_KEYS = ['to', 'recipient', 'recipient_type', 'message_id'];

/** The property's name as written: `a`, `'a'`, or `[a]` (then the expression's text). */
function keyOf(property: ts.ObjectLiteralElementLike, source: ts.SourceFile): string | undefined {
	if (ts.isShorthandPropertyAssignment(property)) return property.name.text;
	if (!ts.isPropertyAssignment(property)) return undefined;
	const { name } = property;
	if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
	if (ts.isComputedPropertyName(name)) return `[${name.expression.getText(source)}]`;
	return undefined;
}

/** Where the code builds a message's shape: `line: reason` for each object literal that does. */
export function builtMessageShapes(text: string, allowedKeys: string[] = []): string[] {
	const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isObjectLiteralExpression(node)) {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
			const keys = node.properties.map((p) => keyOf(p, source));
			const addressed =
				node.properties.some(ts.isSpreadAssignment) ||
				keys.some((key) => key !== undefined && ADDRESSING_KEYS.includes(key));
			const type = node.properties.find((p) => keyOf(p, source) === 'type');
			// A field of the form ({ displayName, type: 'options', options }) is n8n's, not a message.
			if (type && !keys.includes('displayName')) {
				// { type: 'text', text }, { type: kind, [kind]: … } or { type, [type]: … }
				const value = ts.isPropertyAssignment(type)
					? type.initializer
					: ts.isShorthandPropertyAssignment(type)
						? type.name
						: undefined;
				const named =
					value && ts.isStringLiteralLike(value)
						? value.text
						: value && ts.isIdentifier(value)
							? `[${value.text}]`
							: undefined;
				if (named && keys.includes(named)) found.push(`${line}: { type: ${named}, ${named} }`);
			}
			for (const key of keys)
				if (key && SEND_ONLY_KEYS.includes(key) && !allowedKeys.includes(key)) {
					// Every Cloud API body names the product (a media upload, blocking users): a message
					// or a receipt also names whom or what it is about, or spreads it in.
					if (key === 'messaging_product' && !addressed) continue;
					found.push(`${line}: ${key}`);
				}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const files = packageSourceFiles('nodes');

describe('the message builders', () => {
	it('are the only code that writes a message’s shape', () => {
		const others = files.filter((file) => !BUILDERS.test(file.path));
		expect(others.length).toBeGreaterThan(50);
		const builders = others.flatMap((file) =>
			builtMessageShapes(file.text).map((where) => `${file.path}:${where}`),
		);
		expect(builders).toEqual([]);
	});

	it('find the shapes they build (the check sees real code)', () => {
		const shapes = (path: string) => builtMessageShapes(packageFileText(path)).join('\n');
		const contents = shapes('nodes/common/messages/contents.ts');
		expect(contents).toMatch(/\{ type: \[type\], \[type\] \}/);
		expect(contents).toMatch(/\{ type: reply, reply \}/);
		expect(contents).toMatch(/display_text/);
		expect(shapes('nodes/common/messages/template.ts')).toMatch(/sub_type/);
		expect(shapes('nodes/common/messages/messageRequest.ts')).toMatch(/messaging_product/);
	});

	it('refuse an operation that builds its own buttons, list, media or body', () => {
		// What Send and Wait did before it used the builders, and other ways to write one.
		const own = `
			const question = {
				type: 'interactive',
				interactive: { type: 'button', action: { buttons: [{ type: 'reply', reply: { id, title } }] } },
			};
			const media = { type: kind, [kind]: { link } };
			const text = { type: 'text', 'text': { body } };
			const body = { messaging_product: 'whatsapp', to, ...content };
			const button = { type: 'button', sub_type: 'quick_reply', index, parameters };
		`;
		expect(builtMessageShapes(own)).toEqual([
			'2: { type: interactive, interactive }',
			'4: { type: reply, reply }',
			'6: { type: [kind], [kind] }',
			'7: { type: text, text }',
			'8: messaging_product',
			'9: sub_type',
		]);
	});

	it('leave alone objects that are no message', () => {
		const other = `
			const field = { displayName: 'Mode', name: 'mode', type: 'options', options: [] };
			const component = { type: 'BODY', text: 'Hello {{1}}' };
			const event = { type: message.type, [message.type as string]: content };
			const upload = { messaging_product: 'whatsapp', type: file.mimeType };
			const blocking = { messaging_product: 'whatsapp', block_users: users };
		`;
		expect(builtMessageShapes(other)).toEqual([]);
	});
});

import {
	deepCopy,
	NodeHelpers,
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeProperties,
} from 'n8n-workflow';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { filledValues } from '../nodes/common/templates/filledValues';
import {
	LABEL_WIDTH,
	labelWidth,
	templateVariables,
	type TemplateVariable,
} from '../nodes/common/templates/variables';

/**
 * What a no-code user meets in n8n's editor (issue 30): the variables form's labels, which n8n
 * cuts at about 166 px and is the only text it shows of a field; errors that name a field by
 * its label, never its ID; the limits of buttons and rows said where they are added, and the
 * run's refusal in the field's words.
 */

/** Inter at 12 px, as n8n 2.41 draws labels in Chromium (canvas measureText, px). */
const MEASURED: Record<string, number> = {
	' ': 3.38,
	'!': 3.45,
	'"': 5.59,
	'#': 7.6,
	$: 7.7,
	'%': 11.78,
	'&': 7.73,
	"'": 3.6,
	'(': 4.38,
	')': 4.38,
	'*': 6.01,
	'+': 7.94,
	',': 3.46,
	'-': 5.52,
	'.': 3.46,
	'/': 4.32,
	'0': 7.57,
	'1': 4.88,
	'2': 7.32,
	'3': 7.41,
	'4': 7.75,
	'5': 7.12,
	'6': 7.44,
	'7': 6.79,
	'8': 7.42,
	'9': 7.44,
	':': 3.46,
	';': 3.62,
	'<': 7.94,
	'=': 7.94,
	'>': 7.94,
	'?': 6.13,
	'@': 11.59,
	A: 8.28,
	B: 7.85,
	C: 8.77,
	D: 8.66,
	E: 7.21,
	F: 7.08,
	G: 8.95,
	H: 8.92,
	I: 3.22,
	J: 6.85,
	K: 8.06,
	L: 6.79,
	M: 10.84,
	N: 9.04,
	O: 9.18,
	P: 7.66,
	Q: 9.18,
	R: 7.72,
	S: 7.7,
	T: 7.75,
	U: 8.93,
	V: 8.28,
	W: 11.82,
	X: 8.19,
	Y: 8.14,
	Z: 7.55,
	'[': 4.38,
	'\\': 4.32,
	']': 4.38,
	'^': 5.65,
	_: 5.47,
	'`': 3.87,
	a: 6.74,
	b: 7.35,
	c: 6.86,
	d: 7.35,
	e: 7,
	f: 4.44,
	g: 7.36,
	h: 7.1,
	i: 2.91,
	j: 2.91,
	k: 6.59,
	l: 2.91,
	m: 10.51,
	n: 7.09,
	o: 7.2,
	p: 7.35,
	q: 7.35,
	r: 4.52,
	s: 6.33,
	t: 3.93,
	u: 7.1,
	v: 6.74,
	w: 9.82,
	x: 6.55,
	y: 6.74,
	z: 6.63,
	'{': 5.12,
	'|': 3.99,
	'}': 5.12,
	'~': 7.94,
};

const node: INode = {
	id: 'n',
	name: 'Business Messaging',
	type: 'n8n-nodes-business-messaging.businessMessaging',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A template of every kind of variable, with examples and button texts of the given length. */
function everyKind(example: string, buttonText: string, header = 'TEXT'): IDataObject {
	const headers: Record<string, IDataObject> = {
		TEXT: {
			type: 'HEADER',
			format: 'TEXT',
			text: 'Order {{1}}',
			example: { header_text: [example] },
		},
		DOCUMENT: { type: 'HEADER', format: 'DOCUMENT' },
		LOCATION: { type: 'HEADER', format: 'LOCATION' },
	};
	return {
		components: [
			headers[header],
			{
				type: 'BODY',
				text: 'Hi {{1}}, your {{2}} ships {{3}}',
				example: { body_text: [[example, example, example]] },
			},
			{
				type: 'BUTTONS',
				buttons: [
					{
						type: 'URL',
						text: buttonText,
						url: 'https://x.example/{{1}}',
						example: [`https://x.example/${example}`],
					},
					{ type: 'COPY_CODE', example },
					{ type: 'QUICK_REPLY', text: buttonText },
					{ type: 'FLOW', text: buttonText },
					{ type: 'CATALOG', text: buttonText },
				],
			},
			{ type: 'LIMITED_TIME_OFFER', limited_time_offer: { has_expiration: true } },
		],
	};
}

const KINDS = ['TEXT', 'DOCUMENT', 'LOCATION'].flatMap((header) =>
	[
		['1', 'Yes'],
		['Maria', 'Track order'],
		['2 bags of Ethiopia Yirgacheffe', 'A button text of 25 chars'],
		['WWWWWWWWWWWW', 'WWWWWWWWWWWWWWWWWWWWWWWWW'],
		['ありがとうございます', '注文を追跡する'],
	].map(([example, text]) => [header, example, text] as const),
);

describe('the variables form: labels n8n shows whole', () => {
	it('measures no character narrower than Chromium draws it, nor much wider', () => {
		for (const [char, width] of Object.entries(MEASURED)) {
			expect([char, labelWidth(char) >= width]).toEqual([char, true]);
			expect([char, labelWidth(char) - width < 1.1]).toEqual([char, true]);
		}
		// A label the editor cut: 'Body {{2}} (e.g. 2 bags o…' was all of 166 px it had.
		expect(labelWidth('Body {{2}} (e.g. 2 bags of Ethiopia Yirgacheffe)')).toBeGreaterThan(166);
	});

	it.each(KINDS)(
		'every label of a %s-header template fits (example %p, button %p)',
		(header, example, text) => {
			const labels = templateVariables(everyKind(example, text, header)).map((v) => v.label);
			expect(labels.filter((label) => labelWidth(label) > LABEL_WIDTH)).toEqual([]);
		},
	);

	it('keeps the example in the label when it fits, and names a button by its text when that fits', () => {
		const labels = templateVariables(everyKind('Maria', 'Yes')).map((v) => v.label);
		expect(labels).toEqual([
			'Header {{1}} (e.g. Maria)',
			'Body {{1}} (e.g. Maria)',
			'Body {{2}} (e.g. Maria)',
			'Body {{3}} (e.g. Maria)',
			'Button "Yes" URL end',
			'Coupon code (e.g. Maria)',
			'"Yes" payload (optional)',
			'"Yes" flow token (optional)',
			'"Yes" flow data (optional)',
			'"Yes" thumbnail (optional)',
			'Offer expires at',
		]);
	});

	it('leaves a long example out of the label for the template’s own words around the placeholder, and a long button text for its place', () => {
		const labels = templateVariables(
			everyKind('2 bags of Ethiopia Yirgacheffe', 'A button text of 25 chars'),
		).map((v) => v.label);
		// 'Order {{1}}' and 'Hi {{1}}, your {{2}} ships {{3}}', as wide as fits.
		expect(labels).toEqual([
			'Header “Order {{1}}”',
			'“Hi {{1}}, your {{2}}…”',
			'“…your {{2}} ships…”',
			'“…{{2}} ships {{3}}”',
			'Button 1 URL end',
			'Coupon code',
			'Button 3 payload (optional)',
			'Flow token (optional)',
			'Flow data (optional)',
			'Thumbnail SKU (optional)',
			'Offer expires at',
		]);
	});

	it('names a location header’s fields, the optional ones so', () => {
		const labels = templateVariables(everyKind('1', 'Yes', 'LOCATION')).map((v) => v.label);
		expect(labels.slice(0, 4)).toEqual([
			'Latitude (e.g. 37.4833)',
			'Longitude (e.g. -122.1489)',
			'Place name (optional)',
			'Address (optional)',
		]);
	});

	it('names a placeholder by the part it is in when even the nearest words do not fit', () => {
		const [variable] = templateVariables({
			components: [
				{ type: 'BODY', text: 'Your reservation reference is {{1}} — keep it for your records' },
			],
		});
		expect(variable.label).toBe('“…is {{1}} —…”');
		const [wide] = templateVariables({
			components: [
				{ type: 'BODY', text: 'Unterschriftsberechtigungsnachweis {{1}} Versicherungsbedingungen' },
			],
		});
		expect(wide.label).toBe('Body {{1}}');
	});

	it('keeps a name that cannot be shorter whole, however long', () => {
		const [variable] = templateVariables({
			parameter_format: 'NAMED',
			components: [{ type: 'BODY', text: 'Hi {{the_customer_first_name_as_written}}' }],
		});
		expect(variable.label).toBe('Body {{the_customer_first_name_as_written}}');
	});
});

describe('the variables form: errors name the label, never the ID', () => {
	const variables = templateVariables(everyKind('2 bags of Ethiopia Yirgacheffe', 'Yes'));
	const fill = (except: string, form?: string) => {
		const values: Record<string, unknown> = {};
		for (const v of variables) if (v.id !== except) values[v.id] = '1';
		if (except !== 'offer_expiration')
			values.offer_expiration = new Date(Date.now() + 86_400_000).toISOString();
		values.button_3_flow_data = '{}';
		return () => filledValues(node, variables, values, 0, undefined, { form });
	};
	const refusal = (run: () => unknown): NodeOperationError => {
		try {
			run();
		} catch (error) {
			expect(error).toBeInstanceOf(NodeOperationError);
			return error as NodeOperationError;
		}
		throw new Error('not refused');
	};

	it.each(variables.filter((v: TemplateVariable) => v.required).map((v) => [v.id, v.label]))(
		'%s left out: "Template Variables › %s is required", the example in the description',
		(id, label) => {
			const error = refusal(fill(id));
			expect(error.message).toBe(`Template Variables › ${label} is required`);
			expect(error.message).not.toContain(id);
			const variable = variables.find((v) => v.id === id)!;
			if (variable.example) expect(error.description).toBe(`For example: ${variable.example}`);
		},
	);

	it('names the form it is in', () => {
		expect(refusal(fill('body_2', 'Fallback Template Variables')).message).toBe(
			'Fallback Template Variables › “…your {{2}} ships…” is required',
		);
	});

	it('gives no example twice: the label that holds it is enough', () => {
		const [variable] = templateVariables({
			components: [{ type: 'BODY', text: 'Hi {{1}}', example: { body_text: [['Maria']] } }],
		});
		const error = refusal(() => filledValues(node, [variable], {}, 0));
		expect(error.message).toBe('Template Variables › Body {{1}} (e.g. Maria) is required');
		expect(error.description).toBeUndefined();
	});
});

describe('the variables form and the limits as the editor shows them', () => {
	const properties = new BusinessMessaging().description.properties;
	const find = (name: string) =>
		properties.filter((p) => p.name === name) as Array<INodeProperties & { type: string }>;

	it.each([
		['replyButtons', 'Add Button (up to 3)'],
		['rows', 'Add Row (up to 10)'],
	])(
		'%s: the Add button says the limit, and n8n’s own limit is not set (its refusal names no field)',
		(name, add) => {
			for (const property of find(name)) {
				expect(property.type).toBe('fixedCollection');
				// n8n 2.41 and 1.123 label a fixedCollection's Add button with its placeholder.
				expect(property.placeholder).toBe(add);
				expect(property.typeOptions?.multipleValueButtonText).toBe(add);
				expect(property.typeOptions?.maxAllowedFields).toBeUndefined();
			}
			expect(find(name).length).toBeGreaterThan(0);
		},
	);

	it('titles each variables form with its own name, not n8n’s "Values to Send"', () => {
		const untitled = properties
			.filter((p) => p.type === 'resourceMapper')
			.filter((p) => p.typeOptions?.resourceMapper?.valuesLabel !== p.displayName)
			.map((p) => p.displayName);
		expect([...new Set(untitled)]).toEqual([]);
	});

	it('leaves no list to n8n’s maxAllowedFields, whose refusal ("At most 3 fields are allowed") names no field', () => {
		const capped = properties
			.filter((p) => p.type === 'fixedCollection' && p.typeOptions?.maxAllowedFields)
			.map((p) => p.displayName);
		expect([...new Set(capped)]).toEqual([]);
	});
});

describe('lists inside Update Fields stay when other fields are typed', () => {
	const action = new BusinessMessaging().description;
	/** Every list (a fixedCollection of many rows) that is an option of a collection. */
	const lists = action.properties.flatMap((collection) =>
		collection.type === 'collection'
			? (collection.options as INodeProperties[])
					.filter((o) => o.type === 'fixedCollection' && o.typeOptions?.multipleValues)
					.map((list) => ({ collection, list }))
			: [],
	);
	/** What n8n's editor keeps of the node's values after a change (NodeSettings' valueChanged). */
	const kept = (parameters: INodeParameters) =>
		NodeHelpers.getNodeParameters(
			action.properties,
			parameters,
			false,
			false,
			node,
			action,
		) as IDataObject;

	it.each(lists.map(({ collection, list }) => [list.displayName, collection, list] as const))(
		'%s, added and not filled yet, stays when another field of the form changes',
		(_name, collection, list) => {
			const show = collection.displayOptions?.show ?? {};
			const parameters: INodeParameters = {
				resource: String(show.resource?.[0]),
				operation: String(show.operation?.[0]),
				// Added from the Add Field list: n8n gives the option its default.
				[collection.name]: { [list.name]: deepCopy(list.default) },
			};
			const after = kept(parameters)[collection.name] as IDataObject | undefined;
			expect(after?.[list.name]).toBeDefined();
		},
	);

	it('would lose a list whose default is empty (n8n drops {} in a collection)', () => {
		const [{ collection, list }] = lists;
		const show = collection.displayOptions?.show ?? {};
		const after = kept({
			resource: String(show.resource?.[0]),
			operation: String(show.operation?.[0]),
			[collection.name]: { [list.name]: {} },
		})[collection.name] as IDataObject | undefined;
		expect(after?.[list.name]).toBeUndefined();
	});
});

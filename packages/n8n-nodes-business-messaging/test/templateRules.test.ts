import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';
import { run, createParameters, useTemplateTestBed, type Params } from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('Template › Create checks the rules before sending', () => {
	const urlButton = (url: string, urlExample = '1001', text = 'Open') => ({
		type: 'URL',
		text,
		url,
		urlExample,
	});

	it.each<[string, Params, string]>([
		[
			'an uppercase name',
			{ name: 'Order_Update' },
			'Name: use 1 to 512 lowercase letters, digits and underscores',
		],
		[
			'a name with a hyphen',
			{ name: 'order-update' },
			'Name: use 1 to 512 lowercase letters, digits and underscores',
		],
		[
			'body variables with a gap',
			{ body: 'Hi {{1}}, see {{3}}', bodyExamples: { example: [{ value: 'a' }, { value: 'b' }] } },
			'Body: variables must be numbered {{1}} to {{3}} without gaps ({{2}} is missing)',
		],
		[
			'a named body variable',
			{ body: 'Hi {{name}}', bodyExamples: {} },
			'Body: the variable {{name}} must be a number',
		],
		[
			'too few body examples',
			{ bodyExamples: { example: [{ value: 'Maria' }] } },
			'Body Variable Examples: give exactly 2 example value(s), one for each of {{1}} to {{2}} (got 1)',
		],
		[
			'too many body examples',
			{ bodyExamples: { example: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] } },
			'Body Variable Examples: give exactly 2 example value(s), one for each of {{1}} to {{2}} (got 3)',
		],
		[
			'an empty body example',
			{ bodyExamples: { example: [{ value: 'Maria' }, { value: ' ' }] } },
			'Body Variable Examples: give exactly 2',
		],
		['an empty body', { body: '   ', bodyExamples: {} }, 'Body: is required'],
		[
			'a header holding only {{2}}',
			{ headerType: 'text', headerText: 'Order {{2}}', headerExample: 'x' },
			'Header Text: variables must be numbered {{1}} to {{2}} without gaps ({{1}} is missing)',
		],
		[
			'a header with two variables',
			{ headerType: 'text', headerText: 'Order {{1}} for {{2}}', headerExample: 'x' },
			'Header Text: a header holds at most one variable, {{1}}',
		],
		[
			'a header variable without example',
			{ headerType: 'text', headerText: 'Order {{1}}' },
			'Header Variable Example: give one example value for {{1}}',
		],
		[
			'a header text over 60 characters',
			{ headerType: 'text', headerText: 'x'.repeat(61) },
			'Header Text: at most 60 characters (it has 61)',
		],
		['a footer with a variable', { footer: 'Sent to {{1}}' }, 'Footer: cannot hold variables'],
		[
			'a footer over 60 characters',
			{ footer: 'f'.repeat(61) },
			'Footer: at most 60 characters (it has 61)',
		],
		[
			'three URL buttons',
			{
				buttons: {
					button: [
						urlButton('https://a.example.com'),
						urlButton('https://b.example.com'),
						urlButton('https://c.example.com'),
					],
				},
			},
			'Buttons: at most 2 URL buttons',
		],
		[
			'a URL variable not at the end',
			{ buttons: { button: [urlButton('https://shop.example.com/{{1}}/track')] } },
			'Buttons[1] URL: may end in one variable, {{1}}, and hold no other',
		],
		[
			'a URL variable without example',
			{ buttons: { button: [urlButton('https://shop.example.com/orders/{{1}}', '')] } },
			'Buttons[1] URL Variable Example: give an example for the {{1}} at the end of the URL',
		],
		[
			'a URL that is not http(s)',
			{ buttons: { button: [urlButton('ftp://shop.example.com')] } },
			'Buttons[1] URL: must be an http(s) URL',
		],
		[
			'a button label over 25 characters',
			{ buttons: { button: [{ type: 'QUICK_REPLY', text: 'b'.repeat(26) }] } },
			'Buttons[1] Text: at most 25 characters (it has 26)',
		],
		[
			'a copy code over 15 characters',
			{
				category: 'MARKETING',
				buttons: {
					button: [
						{ type: 'QUICK_REPLY', text: 'Hi' },
						{ type: 'COPY_CODE', code: 'C'.repeat(16) },
					],
				},
			},
			'Buttons[2] Example Code: at most 15 characters (it has 16)',
		],
		[
			'a copy-code button without code',
			{ buttons: { button: [{ type: 'COPY_CODE', code: '' }] } },
			'Buttons[1] Example Code: is required for a copy-code button',
		],
		[
			'two copy-code buttons',
			{
				buttons: {
					button: [
						{ type: 'COPY_CODE', code: 'A1' },
						{ type: 'COPY_CODE', code: 'B2' },
					],
				},
			},
			'Buttons: at most one copy-code button',
		],
		[
			'a phone button with a bad number',
			{ buttons: { button: [{ type: 'PHONE_NUMBER', text: 'Call', phoneNumber: '555-CALL' }] } },
			'Buttons[1] Phone Number: must be a number in international format',
		],
		[
			'a limited-time offer on a Utility template',
			{ limitedTimeOffer: { text: 'Expiring offer!' } },
			'Limited-Time Offer: needs the category Marketing',
		],
		[
			'a limited-time offer text over 16 characters',
			{ category: 'MARKETING', limitedTimeOffer: { text: 'o'.repeat(17) } },
			'Limited-Time Offer Text: at most 16 characters (it has 17)',
		],
		[
			'JSON components without a body',
			{ content: 'json', componentsJson: '[{"type": "FOOTER", "text": "Acme"}]' },
			'Body: is required',
		],
		[
			'JSON with an unknown component type',
			{
				content: 'json',
				componentsJson: '[{"type": "BODY", "text": "Hi"}, {"type": "CAROUSEL"}]',
			},
			'Components[1] (CAROUSEL): type must be HEADER',
		],
		[
			'JSON with two bodies',
			{
				content: 'json',
				componentsJson: '[{"type": "BODY", "text": "Hi"}, {"type": "BODY", "text": "Ho"}]',
			},
			'Components[1] (BODY): a template has only one BODY',
		],
		[
			'JSON with an empty array',
			{ content: 'json', componentsJson: '[]' },
			'Components: give at least the body',
		],
		[
			'JSON with examples for a body without variables',
			{
				content: 'json',
				componentsJson: '[{"type": "BODY", "text": "Hi", "example": {"body_text": [[]]}}]',
			},
			'Body Variable Examples: the body has no variables, so it takes no examples',
		],
		[
			'JSON with an example for a header without a variable',
			{
				content: 'json',
				componentsJson:
					'[{"type": "HEADER", "format": "TEXT", "text": "Hi", "example": {"header_text": ["x"]}}, {"type": "BODY", "text": "Hi"}]',
			},
			'Header Variable Example: the header has no variable, so it takes no example',
		],
		[
			'JSON with an empty footer',
			{
				content: 'json',
				componentsJson: '[{"type": "BODY", "text": "Hi"}, {"type": "FOOTER", "text": ""}]',
			},
			'Footer: is required in a FOOTER component',
		],
		[
			'JSON with a copy code given as a list (the platform takes the code itself)',
			{
				category: 'MARKETING',
				content: 'json',
				componentsJson:
					'[{"type": "BODY", "text": "Hi"}, {"type": "BUTTONS", "buttons": [{"type": "COPY_CODE", "example": ["WELCOME15"]}]}]',
			},
			'Buttons[1] Example Code: must be the code itself (a text such as "WELCOME15"), not a list',
		],
	])('refuses %s, naming the field and rule, with no request', async (_case, extra, message) => {
		const error = await expectFailure(run(createParameters(extra)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toHaveLength(0);
	});
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OTHER_API_KEY, useSandbox } from './helpers';
import type { UploadSession } from './types';
import {
	OTHER_ACCOUNT_ID,
	Component,
	PLAIN_BODY,
	textHeader,
	draft,
	refusedComponents,
	acceptedComponents,
	uploadHandle,
	mediaHeader,
} from './templatesSupport';

const sandbox = useSandbox();

describe('create a template: media headers and the sample upload (4.5)', () => {
	it('accepts IMAGE with a png or jpeg sample, VIDEO with mp4, DOCUMENT with pdf', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			mediaHeader('IMAGE', await uploadHandle(s, 'image/png')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('IMAGE', await uploadHandle(s, 'image/jpeg')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('VIDEO', await uploadHandle(s, 'video/mp4')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('DOCUMENT', await uploadHandle(s, 'application/pdf')),
			PLAIN_BODY,
		]);
	});

	it('refuses a sample whose type does not fit the format', async () => {
		const s = sandbox.current;
		const pdf = await uploadHandle(s, 'application/pdf');
		const png = await uploadHandle(s, 'image/png');
		const mp4 = await uploadHandle(s, 'video/mp4');
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', pdf), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', mp4), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('VIDEO', png), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('DOCUMENT', png), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
	});

	it('needs exactly one handle in example.header_handle', async () => {
		const s = sandbox.current;
		const png = await uploadHandle(s, 'image/png');
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE' }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE', example: {} }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE'), PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', png, png), PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE', example: { header_handle: png } }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
	});

	it("refuses another key's handle, an invented handle and an unfinished upload session", async () => {
		const s = sandbox.current;
		const others = await uploadHandle(s, 'image/png', OTHER_API_KEY);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', others), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', '4::aW1hZ2UvcG5n:invented'), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', 42), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		const session = await s.api<UploadSession>('POST', '/app/uploads', {
			query: { file_length: 10, file_type: 'image/png' },
		});
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', session.body.id), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		// the other key can use its own handle
		const response = await s.api('POST', `/${OTHER_ACCOUNT_ID}/message_templates`, {
			key: OTHER_API_KEY,
			body: draft('other_image', { components: [mediaHeader('IMAGE', others), PLAIN_BODY] }),
		});
		assert.equal(response.status, 200, response.text);
	});

	it('refuses text on a media header', async () => {
		const s = sandbox.current;
		const png = await uploadHandle(s, 'image/png');
		await refusedComponents(
			s,
			[{ ...mediaHeader('IMAGE', png), text: 'Caption' }, PLAIN_BODY],
			'components[0].text',
		);
	});
});

describe('create a template: footer', () => {
	it('accepts 60 characters and refuses 61', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(60) }]);
		await refusedComponents(
			s,
			[textHeader('Hello'), PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(61) }],
			'components[2].text',
		);
	});

	it('refuses placeholders, missing text and unknown fields', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[
				textHeader('Hello'),
				PLAIN_BODY,
				{ type: 'FOOTER', text: 'Reply {{1}}', example: { footer_text: ['STOP'] } },
			],
			'components[2].example',
		);
		await refusedComponents(
			s,
			[textHeader('Hello'), PLAIN_BODY, { type: 'FOOTER', text: 'Reply {{1}}' }],
			'components[2].text',
		);
		await refusedComponents(s, [PLAIN_BODY, { type: 'FOOTER' }], 'components[1].text');
	});
});

describe('create a template: limited-time offer', () => {
	const offer = (extra: Component = {}): Component => ({
		type: 'LIMITED_TIME_OFFER',
		limited_time_offer: { text: 'Expiring offer!', has_expiration: true, ...extra },
	});

	it('is accepted on a MARKETING template', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [offer(), PLAIN_BODY], 'MARKETING');
	});

	it('needs category MARKETING', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [PLAIN_BODY, offer()], 'components[1].type', 'UTILITY');
		await refusedComponents(s, [PLAIN_BODY, offer()], 'components[1].type', 'AUTHENTICATION');
	});

	it('needs text of at most 16 characters and a boolean has_expiration', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, offer({ text: 'o'.repeat(17) })],
			'components[1].limited_time_offer.text',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, offer({ has_expiration: 'yes' })],
			'components[1].limited_time_offer.has_expiration',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, { type: 'LIMITED_TIME_OFFER' }],
			'components[1].limited_time_offer',
			'MARKETING',
		);
	});
});

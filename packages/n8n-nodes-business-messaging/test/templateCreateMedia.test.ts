import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';
import {
	DAY_MS,
	PNG_BASE64,
	PNG_LENGTH,
	account,
	templatesPath,
	stored,
	has,
	query,
	pathOf,
	sentJson,
	run,
	createParameters,
	getTemplate,
	pngItem,
	uploadSessions,
	issuedHandle,
	useTemplateTestBed,
	type Params,
} from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('Template › Create with a media header', () => {
	const imageHeader = (extra: Params = {}) =>
		createParameters({
			name: 'pickup_ready',
			headerType: 'image',
			body: 'Your order {{1}} is ready for pickup.',
			bodyExamples: { example: [{ value: '#1001' }] },
			...extra,
		});
	const body = {
		type: 'BODY',
		text: 'Your order {{1}} is ready for pickup.',
		example: { body_text: [['#1001']] },
	};

	it('uploads the input binary in two steps: its type and size, then its raw bytes to the session', async () => {
		// Only what the node sends is checked here; the tests below check what it does with the answer.
		await run(imageHeader(), pngItem()).catch(() => undefined);
		const [step1, step2] = bed.requests();
		expect(`${step1.method} ${pathOf(step1.url)}`).toBe('POST /v3/app/uploads');
		expect(Object.fromEntries(query(step1.url))).toEqual({
			file_length: String(PNG_LENGTH),
			file_type: 'image/png',
		});
		const [session] = uploadSessions();
		expect(session).toMatchObject({ fileLength: PNG_LENGTH, fileType: 'image/png' });
		expect(step2.method).toBe('POST');
		expect(step2.url).toBe(`/v3/upload:${session.sessionId}?sig=${session.sig}`);
		expect(step2.headers['content-type']).toBe('application/octet-stream');
		expect(step2.headers['content-length']).toBe(String(PNG_LENGTH));
	});

	it("reports the API's refusal of the upload as an API error with its status, and creates nothing", async () => {
		bed.sandbox.state.config.maxSampleBytes = 10;
		const error = await expectFailure(run(imageHeader(), pngItem()));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('file_length');
		expect(bed.requests().map((r) => `${r.method} ${pathOf(r.url)}`)).toEqual([
			'POST /v3/app/uploads',
		]);
	});

	it('sends the handle of the uploaded binary as the header example', async () => {
		const output = await run(imageHeader(), pngItem());
		expect(output[0].json).toMatchObject({ status: 'PENDING', name: 'pickup_ready' });
		const requests = bed.requests();
		expect(requests.map((r) => `${r.method} ${pathOf(r.url)}`)).toEqual([
			'POST /v3/app/uploads',
			expect.stringMatching(/^POST \/v3\/upload:/),
			`POST ${templatesPath()}`,
		]);
		expect((requests[1] as { bodyBytes?: number }).bodyBytes).toBe(PNG_LENGTH);
		const [session] = uploadSessions();
		expect(session.handle).toEqual(expect.any(String));
		expect(bed.sandbox.state.store.uploadHandles.get(session.handle!)).toMatchObject({
			fileType: 'image/png',
			size: PNG_LENGTH,
		});
		expect(sentJson(requests[2]).components).toEqual([
			{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [session.handle] } },
			body,
		]);
	});

	it('reads the binary from the chosen field', async () => {
		await run(imageHeader({ headerSampleBinaryProperty: 'photo' }), [
			{
				json: {},
				binary: { photo: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'photo.png' } },
			},
		]);
		expect(bed.requests()).toHaveLength(3);
		expect(stored('pickup_ready').components[0]).toEqual({
			type: 'HEADER',
			format: 'IMAGE',
			example: { header_handle: [uploadSessions()[0].handle] },
		});
	});

	it('uses an existing upload handle without uploading again', async () => {
		const h = issuedHandle('image/png');
		const output = await run(
			imageHeader({ headerSampleSource: 'handle', headerSampleHandle: ` ${h} ` }),
			pngItem(),
		);
		expect(output[0].json).toMatchObject({ status: 'PENDING', name: 'pickup_ready' });
		const requests = bed.requests();
		expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${templatesPath()}`]);
		expect(sentJson(requests[0]).components).toEqual([
			{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [h] } },
			body,
		]);
		expect(uploadSessions()).toHaveLength(0);
	});

	it('surfaces the refusal of a handle whose file does not fit the header', async () => {
		const h = issuedHandle('application/pdf');
		const error = await expectFailure(
			run(
				imageHeader({ headerType: 'video', headerSampleSource: 'handle', headerSampleHandle: h }),
			),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain(
			'a VIDEO header needs a sample of type video/mp4 or video/3gpp',
		);
		expect(sentJson(bed.requests()[0]).components).toEqual([
			{ type: 'HEADER', format: 'VIDEO', example: { header_handle: [h] } },
			body,
		]);
	});

	it('refuses an empty handle before sending anything', async () => {
		const error = await expectFailure(
			run(imageHeader({ headerSampleSource: 'handle', headerSampleHandle: '  ' })),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Header Sample: a image header needs a sample file (an upload handle)',
		);
		expect(bed.requests()).toHaveLength(0);
	});

	it('refuses a binary of a type a sample cannot have before any request', async () => {
		const error = await expectFailure(run(imageHeader(), pngItem('text/plain', 'notes.txt')));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('The file in "data" is text/plain');
		expect(error.message).toContain('image/jpeg, image/png');
		expect(bed.requests()).toHaveLength(0);
		expect(uploadSessions()).toHaveLength(0);
	});

	it('uploads nothing when the rest of the form is invalid', async () => {
		const error = await expectFailure(run(imageHeader({ bodyExamples: {} }), pngItem()));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Body Variable Examples: give exactly 1 example value(s), one for each of {{1}} to {{1}} (got 0)',
		);
		expect(bed.requests()).toHaveLength(0);
		expect(uploadSessions()).toHaveLength(0);
	});
});

describe('Template › Create refused by the API', () => {
	const plain = (name: string, extra: Params = {}) =>
		createParameters({ name, body: 'Your order is confirmed.', bodyExamples: {}, ...extra });

	it('surfaces a duplicate name and language (2388024)', async () => {
		const error = await expectFailure(run(plain('hello_world')));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toBe(
			'A template named hello_world in en_US already exists; edit it, or pick another name',
		);
		expect(error.description).toContain('Error code 2388024');
		expect(bed.requests()).toHaveLength(1);
	});

	it('allows the same name in another language', async () => {
		const output = await run(plain('hello_world', { language: 'de' }));
		expect(output[0].json).toMatchObject({
			status: 'PENDING',
			name: 'hello_world',
			language: 'de',
		});
	});

	it('surfaces a name deleted less than 30 days ago (2388023), and accepts it after 30 days', async () => {
		await run({
			resource: 'template',
			operation: 'delete',
			businessAccountId: account(),
			name: 'hello_world',
		});
		const refused = await expectFailure(run(plain('hello_world')));
		expect(refused).toBeInstanceOf(NodeApiError);
		expect(refused.httpCode).toBe('400');
		expect(refused.message).toContain('was deleted less than 30 days ago');
		expect(refused.description).toContain('Error code 2388023');

		bed.sandbox.state.advanceClock(29 * DAY_MS);
		expect((await expectFailure(run(plain('hello_world')))).description).toContain(
			'Error code 2388023',
		);

		bed.sandbox.state.advanceClock(DAY_MS);
		const output = await run(plain('hello_world'));
		expect(output[0].json).toMatchObject({
			name: 'hello_world',
			language: 'en_US',
			status: 'PENDING',
		});
		expect(has('hello_world')).toBe(true);
	});

	it('ends REJECTED after the review for a name starting with reject_', async () => {
		const [created] = await run(plain('reject_x'));
		const id = String(created.json.id);
		expect(created.json.status).toBe('PENDING');
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.reviewDelayMs);
		expect(await getTemplate(id)).toMatchObject({
			id,
			name: 'reject_x',
			status: 'REJECTED',
			rejected_reason: 'INCORRECT_CATEGORY',
		});
	});
});

import { NodeApiError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

// A 1x1 PNG is enough: the sandbox refuses the upload by size before looking at the bytes.
const PNG =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('Template › Create with a media header from the input binary', () => {
	it("reports the API's refusal of the sample upload as an API error, with its status", async () => {
		bed.sandbox.state.config.maxSampleBytes = 10;
		const error = await expectFailure(
			bed.harness().execute({
				items: [
					{ json: {}, binary: { data: { data: PNG, mimeType: 'image/png', fileName: 'x.png' } } },
				],
				parameters: {
					resource: 'template',
					operation: 'create',
					businessAccountId: { __rl: true, mode: 'id', value: bed.sandbox.businessAccountId },
					name: 'photo_update',
					language: 'en_US',
					category: 'UTILITY',
					content: 'builder',
					headerType: 'image',
					headerSampleSource: 'binary',
					body: 'Your photo is ready',
				},
			}),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('file_length');
		expect(bed.requests().map((r) => r.url.split('?')[0])).toEqual(['/v3/app/uploads']);
	});
});

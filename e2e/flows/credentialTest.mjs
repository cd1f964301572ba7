// In the served n8n: the credential's Test button, pressed as the editor does through n8n's REST
// API: OK for the demo key, a clear failure for a wrong one, and no redirect followed.
import { createServer } from 'node:http';
import { assert, check } from '../checks.mjs';
import { N8N_MAJOR, SANDBOX_CREDENTIAL } from '../../tools/n8n/index.mjs';

export async function credentialTestFlow({ sandbox, base, cookie }) {
	/** The credential's Test button, as the editor presses it: n8n's verdict. */
	const testCredential = async (data) => {
		const response = await fetch(`${base}/rest/credentials/test`, {
			method: 'POST',
			headers: { cookie, 'content-type': 'application/json' },
			body: JSON.stringify({
				credentials: {
					id: SANDBOX_CREDENTIAL.id,
					name: 'test',
					type: 'businessMessagingApi',
					data,
				},
			}),
		});
		return (await response.json()).data;
	};
	await check(
		"the credential's test button: OK for the demo key, a clear failure for a wrong one",
		async () => {
			const good = await testCredential({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
			const bad = await testCredential({ baseUrl: sandbox.baseUrl, apiKey: 'wrong-key' });
			assert(good?.status === 'OK', `demo key: ${JSON.stringify(good)}`);
			// n8n 1.x answers a refused key with its own words, before the credential's rules.
			const refused =
				N8N_MAJOR === 1
					? /API key was refused|Authorization failed - please check your credentials/
					: /API key was refused/;
			assert(
				bad?.status === 'Error' && refused.test(bad.message),
				`wrong key: ${JSON.stringify(bad)}`,
			);
		},
	);
	await check(
		"the credential's test follows no redirect: the other host gets nothing, and the test says why",
		async () => {
			const heard = [];
			const listen = (handler) =>
				new Promise((resolve) => {
					const server = createServer(handler).listen(0, '127.0.0.1', () => resolve(server));
				});
			const thief = await listen((req, res) => {
				heard.push(req.headers);
				res.setHeader('content-type', 'application/json');
				res.end('{"data":[]}');
			});
			const redirecting = await listen((req, res) => {
				res.statusCode = 302;
				res.setHeader('location', `http://127.0.0.1:${thief.address().port}/v3/getuserdetails`);
				res.end();
			});
			try {
				const result = await testCredential({
					baseUrl: `http://127.0.0.1:${redirecting.address().port}/v3`,
					apiKey: sandbox.apiKey,
				});
				assert(heard.length === 0, `the other host got ${heard.length} request(s)`);
				// n8n 1.x applies no credential rule to an answer it takes as an error: it says the
				// status in its own words.
				const said = N8N_MAJOR === 1 ? /redirect|status code 302/ : /redirect/;
				assert(
					result?.status === 'Error' && said.test(result.message),
					`the test said ${JSON.stringify(result)}`,
				);
			} finally {
				thief.close();
				redirecting.close();
			}
		},
	);
}

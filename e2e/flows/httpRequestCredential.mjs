// In the served n8n: the package's credential in n8n's own HTTP Request node, as a predefined
// credential type (what a user reaches for when the node lacks an endpoint). The key goes in the
// apikey header to the Base URL; a URL elsewhere is refused before anything is sent.
import { createServer } from 'node:http';
import { assert, check } from '../checks.mjs';
import { SANDBOX_CREDENTIAL, webhookNode, workflowJson } from '../../tools/n8n/index.mjs';
import { outputOf, runIn } from './workflows.mjs';

/** Webhook → HTTP Request (GET `url`) with the Business Messaging credential. */
function httpRequestWorkflow(id, url) {
	return workflowJson({
		id,
		name: `e2e: HTTP Request with the credential (${id})`,
		nodes: [
			{
				...webhookNode(`e2e-run-${id.toLowerCase()}`, { responseMode: 'lastNode' }),
				name: 'Start',
			},
			{
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
				parameters: {
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'businessMessagingApi',
					options: {},
				},
			},
		],
	});
}

/** Before n8n starts: the two workflows, one to the API, one to a listener of this run. */
export async function importHttpRequestWorkflows({ n8n, sandbox }) {
	const heard = [];
	const listener = createServer((request, response) => {
		heard.push({ url: request.url, headers: request.headers });
		response.end('{}');
	});
	await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve));
	const elsewhere = `http://127.0.0.1:${listener.address().port}/v3/${sandbox.phoneNumberIds[0]}`;
	const flows = {
		toApi: httpRequestWorkflow(
			'bmE2eHttpReqApi1',
			`${sandbox.baseUrl}/${sandbox.phoneNumberIds[0]}/block_users`,
		),
		elsewhere: httpRequestWorkflow('bmE2eHttpReqElse', elsewhere),
	};
	n8n.importActiveWorkflows(Object.values(flows));
	return { flows, heard, close: () => listener.close() };
}

export async function httpRequestCredentialFlow(context, { flows, heard, close }) {
	try {
		await check(
			"n8n's HTTP Request node with the credential: the key goes in the apikey header to the Base URL, and nowhere else",
			async () => {
				const [listed] = outputOf(await runIn(context, flows.toApi), 'HTTP Request');
				assert(Array.isArray(listed?.data), `the API answered ${JSON.stringify(listed)}`);
				// The sandbox's log shows the apikey header by the key's label, never the key.
				const log = (await context.control('/requests')).data ?? [];
				const call = log.find((r) => String(r.url).endsWith('/block_users'));
				assert(
					call?.headers?.apikey && !String(call.url).includes(context.sandbox.apiKey),
					`the sandbox saw ${JSON.stringify(call)}`,
				);
				const refused = await runIn(context, flows.elsewhere);
				const message = refused.resultData?.error?.message ?? '';
				assert(
					/sends its key only to its Base URL/.test(message),
					`to another host: ${message || 'no error'}`,
				);
				assert(heard.length === 0, `the other host got ${JSON.stringify(heard)}`);
			},
		);
	} finally {
		close();
	}
}

// In the served n8n: Numbers › Chosen Numbers, Sent Here (trigger 1.1), and version 1's
// Options › Send These Numbers' Events Here, as saved workflows have it. Publishing the workflow
// registers its Production URL as a number's webhook override at the sandbox (which first checks
// the URL with the verify token, answered by the trigger in n8n); unpublishing removes it.
import { assert, check, executionsOf, waitFor } from '../checks.mjs';
import { SANDBOX_CREDENTIAL } from '../../tools/n8n/home.mjs';
import { triggerNode, workflowJson } from '../../tools/n8n/index.mjs';
import { setPublished } from '../../tools/n8n/rest.mjs';
import { TRIGGER_PATH } from './trigger.mjs';

/** The app's signing secret while this flow runs (the secret scan looks for it). */
export const NUMBERS_SECRET = 'e2e-numbers-signing-secret';
const SECRET = NUMBERS_SECRET;
const withToken = { id: 'bmE2eWebhookVt01', name: 'e2e webhook with verify token' };
const withoutToken = { id: 'bmE2eWebhookNoVt', name: 'e2e webhook without verify token' };

/** The number sent here, as each version of the trigger asks it. */
const numberFields = {
	1: (phoneNumberId) => ({ options: { onlyNumbers: [phoneNumberId], sendNumbersHere: true } }),
	1.1: (phoneNumberId) => ({ numberRouting: 'sendHere', phoneNumberIds: [phoneNumberId] }),
};

function numbersWorkflow(id, webhookId, credential, phoneNumberId, typeVersion) {
	return workflowJson({
		id,
		name: `e2e: ${id}`,
		nodes: [
			triggerNode(
				webhookId,
				{
					events: ['incomingMessage'],
					deliveryAuth: 'signature',
					...numberFields[typeVersion](phoneNumberId),
				},
				{
					id: `${id}Node`,
					typeVersion,
					credentials: {
						businessMessagingApi: SANDBOX_CREDENTIAL,
						businessMessagingSignatureApi: credential,
					},
				},
			),
		],
	});
}

const flows = (sandbox) => ({
	own: numbersWorkflow(
		'bmE2eNumbersHere',
		'bm-e2e-numbers-here',
		withToken,
		sandbox.phoneNumberIds[1],
		1.1,
	),
	noToken: numbersWorkflow(
		'bmE2eNumbersNoVt',
		'bm-e2e-numbers-no-token',
		withoutToken,
		sandbox.phoneNumberIds[1],
		1,
	),
});

/** With n8n stopped: the two workflows, unpublished, and their webhook credentials. */
export function importNumberOverrideWorkflows({ n8n, sandbox }) {
	n8n.importWebhookCredential(SECRET, { as: withToken, verifyToken: 'e2e-numbers-verify' });
	n8n.importWebhookCredential(SECRET, { as: withoutToken });
	n8n.importWorkflows(Object.values(flows(sandbox)));
}

/**
 * `base` is n8n's main (its REST API), `hooks` where its webhooks answer (queue mode: the webhook
 * processes); `post` a POST of the sandbox's control API (a PUT for /webhook).
 */
export async function numberOverrideFlow({ sandbox, base, hooks = base, cookie, post }) {
	const { own, noToken } = flows(sandbox);
	const number = sandbox.phoneNumberIds[1];
	// n8n's own Production URL: its host is n8n's setting (1.x names it localhost), its path fixed.
	const path = `/webhook/${own.nodes[0].webhookId}/webhook`;
	const overrideNow = async () => {
		const response = await fetch(`${sandbox.baseUrl}/${number}?fields=webhook_configuration`, {
			headers: { apikey: sandbox.apiKey },
		});
		return (await response.json()).webhook_configuration?.phone_number;
	};
	const customerWrites = () =>
		post('/incoming', { phone_number_id: number, from: '14155550177', text: 'Hello there' });
	const executions = () => executionsOf(base, cookie, own.id);
	// The app's URL stays another workflow's; an app signs every delivery with its one secret.
	await post('/webhook', { url: `${hooks}/webhook/${TRIGGER_PATH}`, secret: SECRET });

	await check(
		'Chosen Numbers, Sent Here: publishing points the number at the workflow; its message runs it once',
		async () => {
			assert((await overrideNow()) === undefined, 'the number had an override already');
			await setPublished(base, cookie, own.id, true);
			const now = await overrideNow();
			assert(now && new URL(now).pathname === path, `the number's override is ${now}, not ${path}`);
			await customerWrites();
			// Listed as soon as it starts: wait for it to end, not only to be there.
			const ended = async () => {
				const list = await executions();
				return list.length === 1 && !['new', 'running'].includes(list[0].status);
			};
			await waitFor(ended, 30_000, 'its execution to end');
			const [execution] = await executions();
			assert(execution.status === 'success', `status ${execution.status}`);
		},
	);
	await check(
		'Chosen Numbers, Sent Here: unpublishing removes the override, and the next message does not come',
		async () => {
			await setPublished(base, cookie, own.id, false);
			const now = await overrideNow();
			assert(now === undefined, `the override is still ${now}`);
			await customerWrites();
			await new Promise((r) => setTimeout(r, 3000));
			const count = (await executions()).length;
			assert(count === 1, `${count} executions, expected the 1 from before`);
		},
	);
	await check(
		"v1's Send These Numbers' Events Here: without a Verify Token, n8n refuses to publish, naming it",
		async () => {
			let refused;
			try {
				await setPublished(base, cookie, noToken.id, true);
			} catch (error) {
				refused = error.message;
			}
			assert(refused?.includes('Verify Token'), `publishing answered: ${refused ?? 'published'}`);
			assert((await overrideNow()) === undefined, 'an override was registered');
		},
	);
}

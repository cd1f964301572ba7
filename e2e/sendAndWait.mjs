// End-to-end: Message › Send and Wait for Response in a real n8n, against the sandbox playing
// the customer. Workflows started by a Webhook node ask a question and wait; the sandbox's
// deliveries reach an active Business Messaging Trigger, which resumes them. Regular mode by
// default; with --queue, n8n's queue mode (a main, a worker, a webhook process): the question
// is sent on the worker, the answer arrives at the webhook process, and the execution resumes
// on the worker again. Prints "N passed, N failed"; exits 1 on a failure.
// Runs alone, or with the other suites on one n8n (e2e/suites.mjs). The workflows, the session the
// checks act with, and the checks are in sendAndWait/.
// With --state database the trigger keeps its open questions in n8n's database (Keep State In ›
// Database, an API key made when n8n serves).
//   node e2e/sendAndWait.mjs [--queue] [--state database]
import {
	answeredOnPage,
	freeTextAnswered,
	freeTextByUserId,
	limitRanOut,
	receiptAwaited,
	reviewAwaited,
} from './sendAndWait/others.mjs';
import {
	approvalTapped,
	askWithLimit,
	choiceAsList,
	forgedTap,
	formFilled,
	secondTap,
	templateApproval,
} from './sendAndWait/questions.mjs';
import { WaitSession } from './sendAndWait/session.mjs';
import {
	CUSTOMER,
	SECRET,
	STATE_CREDENTIAL,
	TRIGGER_ID,
	USERNAME_CUSTOMER,
	WEBHOOK_CREDENTIAL,
	waitWorkflows,
} from './sendAndWait/workflows.mjs';
import { isMain, runSuites } from './suite.mjs';
import { createApiKey, setStateStoreCredential } from '../tools/n8n/index.mjs';

const at = process.argv.indexOf('--state');
/** Where the trigger keeps its open questions: its process (default) or n8n's database. */
const STATE = at === -1 ? 'process' : process.argv[at + 1];

/** Send and Wait for Response with an active trigger. */
export const sendAndWaitSuite = { active: 'the waiting workflows', prepare };

function prepare({ n8n, sandbox, mode }) {
	const flows = waitWorkflows(sandbox, STATE);
	n8n.importWebhookCredential(SECRET, { as: WEBHOOK_CREDENTIAL });
	if (STATE === 'database')
		n8n.importCredential({
			...STATE_CREDENTIAL,
			type: 'businessMessagingN8nApi',
			data: { baseUrl: 'http://127.0.0.1:1/api/v1', apiKey: 'set once n8n serves' },
		});
	n8n.importActiveWorkflows(Object.values(flows));
	return {
		readyPath: `${TRIGGER_ID}/webhook`,
		secrets: [SECRET],
		run: (served) => run(new WaitSession({ sandbox, flows, mode }, served)),
	};
}

/** The checks, in an order that lets the short limit run out while the others run. */
async function run(s) {
	if (STATE === 'database')
		await setStateStoreCredential(
			s.main,
			s.cookie,
			STATE_CREDENTIAL,
			await createApiKey(s.main, s.cookie, 'e2e wait: trigger state', /^dataTable/),
		);
	await s.control('/webhook', { url: s.triggerUrl, secret: SECRET }, 'PUT');
	await s.control('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
	// The customers wrote first: the questions below are answers inside their 24-hour window.
	await s.control('/incoming', {
		phone_number_id: s.sandbox.phoneNumberIds[0],
		from: CUSTOMER,
		name: 'Lea',
		text: 'Hi, about my order #5005',
	});
	await s.control('/incoming', {
		phone_number_id: s.sandbox.phoneNumberIds[0],
		user_id: USERNAME_CUSTOMER,
		username: '@mugfan',
		name: 'Mug Fan',
		text: 'Hi, can you print a name on a mug?',
	});
	for (const step of [
		askWithLimit,
		approvalTapped,
		formFilled,
		secondTap,
		forgedTap,
		templateApproval,
		choiceAsList,
		freeTextAnswered,
		freeTextByUserId,
		answeredOnPage,
		receiptAwaited,
		reviewAwaited,
		limitRanOut,
	])
		await step(s);
}

if (isMain(import.meta.url))
	await runSuites([sendAndWaitSuite], {
		queue: process.argv.includes('--queue'),
		port: Number(process.env.BM_N8N_PORT ?? 5698),
	});

// End-to-end: the whole AI agent story in a real n8n, with no network, on the example users
// import (examples/whatsapp-ai-agent.json). The sandbox plays the customer; a scripted,
// OpenAI-compatible model (scriptedModel.mjs) plays the model behind n8n's own AI Agent and
// OpenAI Chat Model nodes. Business Messaging Trigger (Collect Bursts) → AI Agent → this
// package's node as tools: the agent marks the customer's message read with typing, then answers
// with buttons; every value of those calls is chosen by the model ($fromAI). Also: in tool mode
// Runs alone, or with the other suites on one n8n (e2e/suites.mjs).
//   node e2e/aiAgent.mjs
import { assert, check, executionsOf, savedExecution, waitFor } from './checks.mjs';
import { SANDBOX_CREDENTIAL } from '../tools/n8n/index.mjs';
import { EXAMPLE_WEBHOOK_SECRET, EXAMPLES, loadExamples } from '../tools/n8n/examples.mjs';
import { startScriptedModel } from './scriptedModel.mjs';
import { isMain, runSuites } from './suite.mjs';

const TOOL_TYPE = 'n8n-nodes-business-messaging.businessMessagingTool';

/** The AI agent story: trigger → n8n's AI Agent (a scripted model) → this node as tools. */
export const aiAgentSuite = { active: 'the AI agent workflow', prepare };

/** What the model answers: read the customer's message, answer with buttons, then say it is done. */
const ANSWER = 'Your mug ships tomorrow. Anything else?';
const BUTTONS = [
	{ title: 'Track my order', id: 'track' },
	{ title: 'Talk to a person', id: 'human' },
];
const CUSTOMER = '14155550301';
/** A customer who insults the business: the agent blocks them and answers nothing. */
const ABUSIVE_CUSTOMER = '14155550302';
const ABUSE = 'You are useless idiots, all of you';
/** A customer who asks for a person: the agent says one is coming and hands the chat over. */
const WANTS_PERSON = '14155550303';
const ASKS_FOR_PERSON = 'Can I talk to a person please?';
const PERSON_COMING = 'A person of the team will answer you here soon.';
const HANDOVER_NOTE = 'The customer asked for a person';

/** The scripted model's answer to one request of n8n's AI Agent (see ANSWER). */
function script(request) {
	const tools = (request.tools ?? []).map((tool) => tool.function?.name ?? tool.name);
	const markTool = tools.find((name) => /mark/i.test(name));
	const buttonsTool = tools.find((name) => /button/i.test(name));
	const blockTool = tools.find((name) => /block/i.test(name));
	const textTool = tools.find((name) => /text/i.test(name));
	const handOverTool = tools.find((name) => /hand_over/i.test(name));
	const system = String(request.messages.find((m) => m.role === 'system')?.content ?? '');
	const from = (pattern) => system.match(pattern)?.[1];
	const sender = from(/business number ID (\S+?);/);
	// A number, or a user ID for a customer with a username (US.1349…).
	const recipient = from(/the customer ([^\s(]+) /);
	const messageId = from(/last message ID is (\S+?)\.(?:\s|$)/);
	if (!markTool || !buttonsTool || !sender || !recipient || !messageId)
		throw new Error(`unexpected request: tools ${tools}, system "${system}"`);
	const results = request.messages.filter((m) => m.role === 'tool').length;
	const prompt = String(request.messages.find((m) => m.role === 'user')?.content ?? '');
	if (prompt.includes(ABUSE) && blockTool)
		return results === 0
			? { toolCalls: [{ name: blockTool, arguments: { sender, customer: recipient } }] }
			: { text: 'Blocked the customer.' };
	if (results === 0)
		return { toolCalls: [{ name: markTool, arguments: { sender, messageId, typing: true } }] };
	if (prompt.includes(ASKS_FOR_PERSON) && textTool && handOverTool) {
		const [name, args] =
			results === 1
				? [textTool, { sender, recipient, text: PERSON_COMING }]
				: [handOverTool, { sender, customer: recipient, note: HANDOVER_NOTE }];
		return results <= 2 ? { toolCalls: [{ name, arguments: args }] } : { text: 'Handed over.' };
	}
	if (results === 1)
		return {
			toolCalls: [
				{ name: buttonsTool, arguments: { sender, recipient, text: ANSWER, buttons: BUTTONS } },
			],
		};
	return { text: 'Answered the customer with buttons.' };
}

async function prepare({ n8n, sandbox }) {
	const secret = EXAMPLE_WEBHOOK_SECRET;
	const [number] = sandbox.phoneNumberIds;
	const model = await startScriptedModel(script);

	// The example users import (examples/whatsapp-ai-agent.json), its OpenAI credential pointed at
	// the scripted model.
	const flow = loadExamples({ sandboxBaseUrl: sandbox.baseUrl, filesDir: '/unused' }).find(
		(example) => example.workflow.id === EXAMPLES.agent,
	).workflow;
	const trigger = flow.nodes.find((node) => node.type.endsWith('.businessMessagingTrigger'));
	const triggerId = trigger.webhookId;
	const OPENAI_CREDENTIAL = flow.nodes.find((node) => node.credentials?.openAiApi).credentials
		.openAiApi;

	n8n.importWebhookCredential(secret);
	n8n.importCredential({
		...OPENAI_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'scripted-model-key', url: model.url },
	});
	n8n.importActiveWorkflows([flow]);
	return {
		readyPath: `${triggerId}/webhook`,
		secrets: [secret],
		async run({ main, cookie }) {
			const a = { main, cookie, control: sandbox.control, number, flow, model };
			await toolListsLoad(a);
			await a.control('/webhook', { url: `${main}/webhook/${triggerId}/webhook`, secret }, 'PUT');
			await agentAnswers(a);
			await agentBlocksAbuse(a);
			await agentHandsOver(a);
		},
		close: () => model.close(),
	};
}

/** In tool mode the node's pickers load through n8n's REST API, as in the editor. */
async function toolListsLoad({ main, cookie, number }) {
	await check(
		'used as a tool, the node loads its lists (the sender and the templates)',
		async () => {
			const load = async (path, body) => {
				const response = await fetch(`${main}/rest/dynamic-node-parameters/${path}`, {
					method: 'POST',
					headers: { cookie, 'content-type': 'application/json' },
					body: JSON.stringify({
						nodeTypeAndVersion: { name: TOOL_TYPE, version: 1 },
						credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
						...body,
					}),
				});
				const answer = await response.json();
				assert(response.ok, `${path}: ${response.status} ${JSON.stringify(answer)}`);
				return answer.data;
			};
			const numbers = await load('resource-locator-results', {
				path: 'parameters.phoneNumberId',
				methodName: 'searchPhoneNumbers',
				currentNodeParameters: { resource: 'message', operation: 'sendButtons' },
			});
			assert(
				numbers.results?.some((result) => result.value === number),
				`numbers: ${JSON.stringify(numbers)}`,
			);
			const templates = await load('resource-locator-results', {
				path: 'parameters.template',
				methodName: 'searchApprovedTemplates',
				currentNodeParameters: {
					resource: 'message',
					operation: 'sendTemplate',
					phoneNumberId: { __rl: true, mode: 'list', value: number },
				},
			});
			assert(
				templates.results?.some((result) => /hello_world/.test(result.name)),
				`templates: ${JSON.stringify(templates).slice(0, 300)}`,
			);
		},
	);
}

/** The customer writes twice; the agent's one execution marks the message read, then answers with buttons. */
async function agentAnswers(a) {
	const { main, cookie, control, number, flow, model } = a;
	await check(
		'Trigger → AI Agent → tools: the agent marks the message read with typing, then answers with buttons, with the values it chose',
		async () => {
			const known = new Set((await executionsOf(main, cookie, flow.id)).map((e) => e.id));
			await control('/incoming', { phone_number_id: number, from: CUSTOMER, text: 'Hi!' });
			// A customer types the second message a moment later. Two messages in the same second
			// have no order: the platform's timestamps are in seconds and its deliveries race.
			await new Promise((resolve) => setTimeout(resolve, 1050));
			const { message_id: last } = await control('/incoming', {
				phone_number_id: number,
				from: CUSTOMER,
				text: 'Where is my mug? Order #7001',
			});
			await agentRun(a, known);
			const executions = (await executionsOf(main, cookie, flow.id)).filter(
				(e) => !known.has(e.id),
			);
			assert(executions.length === 1, `${executions.length} executions for a burst of 2`);
			assertModelSaw(flow, model.requests.slice(-3)[0]);
			await assertToolsActed(control, model, last);
		},
	);
}

/** The agent's first execution not in `known`, once it ended; it must have succeeded. */
async function agentRun({ main, cookie, flow }, known) {
	let run;
	await waitFor(
		async () => {
			run = (await executionsOf(main, cookie, flow.id)).find((e) => !known.has(e.id));
			return run && !['new', 'running'].includes(run.status);
		},
		60_000,
		'the agent execution',
	);
	const { status, data } = await savedExecution(main, cookie, run.id);
	assert(
		status === 'success',
		`execution ${run.id}: ${status} ${JSON.stringify(data.resultData.error ?? {}).slice(0, 500)}`,
	);
	return { data };
}

/**
 * A customer who insults the business: the agent's one tool call blocks them (Account › Block
 * User as a tool, the customer chosen by the model), nothing is sent to them, and their next
 * message starts nothing.
 */
async function agentBlocksAbuse(a) {
	const { main, cookie, control, number, flow } = a;
	await check(
		'Trigger → AI Agent → tools: an abusive customer is blocked by the agent (Block User as a tool), and answered nothing',
		async () => {
			const runs = async () => (await executionsOf(main, cookie, flow.id)).map((e) => e.id);
			const known = new Set(await runs());
			await control('/incoming', { phone_number_id: number, from: ABUSIVE_CUSTOMER, text: ABUSE });
			await agentRun(a, known);
			const sent = (await control('/messages')).data.filter((m) => m.to === ABUSIVE_CUSTOMER);
			assert(sent.length === 0, `${sent.length} messages to the blocked customer`);
			// The platform drops what a blocked customer writes: nothing reaches the trigger.
			const again = await control('/incoming', {
				phone_number_id: number,
				from: ABUSIVE_CUSTOMER,
				text: 'Hello?',
			});
			assert(
				again.dropped === 'blocked by the number',
				`their next message: ${JSON.stringify(again)}`,
			);
		},
	);
}

/**
 * A customer asks for a person: the agent tells them one is coming (Answer in text) and hands the
 * chat over (Chat › Hand Over to a Person as a tool, the note chosen by the model). Their next
 * message starts nothing: the trigger of the example (Skip Chats a Person Is Handling, by default)
 * reads the handover the tool recorded.
 */
async function agentHandsOver(a) {
	const { main, cookie, control, number, flow } = a;
	await check(
		'Trigger → AI Agent → tools: a customer who asks for a person is told so and handed over (Hand Over as a tool); their next message starts nothing',
		async () => {
			const runs = async () => (await executionsOf(main, cookie, flow.id)).map((e) => e.id);
			const known = new Set(await runs());
			await control('/incoming', {
				phone_number_id: number,
				from: WANTS_PERSON,
				text: ASKS_FOR_PERSON,
			});
			const { data } = await agentRun(a, known);
			// The tool ran once and recorded the handover, with the model's note.
			const handOver = data.resultData.runData['Hand over to a person'] ?? [];
			assert(
				handOver.length === 1 &&
					JSON.stringify(handOver[0].data).includes(HANDOVER_NOTE) &&
					JSON.stringify(handOver[0].data).includes('"handledByPerson":true'),
				`the tool's runs: ${JSON.stringify(handOver).slice(0, 500)}`,
			);
			const told = (await control('/messages')).data.filter((m) => m.to === WANTS_PERSON);
			assert(
				told.length === 1 && JSON.stringify(told[0].content).includes(PERSON_COMING),
				`messages to the customer: ${JSON.stringify(told)}`,
			);
			// The customer writes again: the delivery is answered, and no execution starts, even after
			// the example's burst (3 s) would have closed.
			const before = new Set(await runs());
			await control('/incoming', { phone_number_id: number, from: WANTS_PERSON, text: 'Hello?' });
			await control('/webhook/flush', {});
			await new Promise((resolve) => setTimeout(resolve, 5_000));
			const after = (await runs()).filter((id) => !before.has(id));
			assert(after.length === 0, `${after.length} execution(s) for the handed-over chat`);
		},
	);
}

/**
 * The model saw the five tools, each described as the example describes it, with the parameters
 * the workflow leaves to it, and the burst's two messages in the prompt.
 */
function assertModelSaw(flow, first) {
	const seen = (first.tools ?? [])
		.map(({ function: tool }) => ({
			name: tool.name,
			description: tool.description,
			parameters: Object.keys(tool.parameters?.properties ?? {}).sort(),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
	const described = (name) =>
		flow.nodes.find((node) => node.name === name).parameters.toolDescription;
	const expected = [
		['Answer_in_text', 'Answer in text', ['recipient', 'sender', 'text']],
		['Answer_with_buttons', 'Answer with buttons', ['buttons', 'recipient', 'sender', 'text']],
		['Block_customer', 'Block customer', ['customer', 'sender']],
		['Hand_over_to_a_person', 'Hand over to a person', ['customer', 'note', 'sender']],
		['Mark_as_read', 'Mark as read', ['messageId', 'sender', 'typing']],
	].map(([name, node, parameters]) => ({ name, description: described(node), parameters }));
	assert(JSON.stringify(seen) === JSON.stringify(expected), `tools: ${JSON.stringify(seen)}`);
	const prompt = first.messages.find((m) => m.role === 'user')?.content;
	assert(
		String(prompt).includes('Hi!\nWhere is my mug? Order #7001'),
		`the prompt: ${JSON.stringify(prompt)}`,
	);
}

/**
 * The sandbox recorded what the tools did, with the values the model chose, and the tools'
 * outputs went back to the model: the read receipt, then the sent message's ID.
 */
async function assertToolsActed(control, model, last) {
	const read = (await control('/incoming')).data.find((m) => m.id === last);
	assert(read?.readAt && read.typingIndicator === true, `the message: ${JSON.stringify(read)}`);
	const answers = (await control('/messages')).data.filter((m) => m.to === CUSTOMER);
	assert(answers.length === 1, `${answers.length} messages to the customer`);
	const [answer] = answers;
	assert(
		answer.type === 'interactive' &&
			answer.content?.body?.text === ANSWER &&
			answer.content.action.buttons.map((b) => `${b.reply.title}|${b.reply.id}`).join() ===
				BUTTONS.map((b) => `${b.title}|${b.id}`).join(),
		`the answer: ${JSON.stringify(answer)}`,
	);
	const results = model.requests.at(-1).messages.filter((m) => m.role === 'tool');
	assert(
		results.length === 2 && String(results[1].content).includes(answer.id),
		`tool results: ${JSON.stringify(results).slice(0, 500)}`,
	);
}

if (isMain(import.meta.url))
	await runSuites([aiAgentSuite], { port: Number(process.env.BM_N8N_PORT ?? 5706) });

import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { ANSWER_KINDS, type AnswerKind } from '../../common/waiting/answerReference';
import { isAnswerSignature } from '../../common/waiting/answerSignature';
import { questionPage, thanksPage } from '../../common/waiting/answerPage';
import { answerOptions, responseTypeOf, type AnswerOption } from '../../common/waiting/question';
import { receiptReached } from '../../common/waiting/receipts';
import { isObject } from '../../common/isObject';

/**
 * The node's waiting webhook: n8n calls it when a resume address of a waiting execution is
 * called (see common/waiting). It checks the package's signature and that the answer belongs
 * to the wait under way, then resumes the execution with the answer as the node's output.
 *
 * Who calls: the Business Messaging Trigger, with the delivery that answers (a tap, the next
 * message, a receipt, a Flow's answer), as JSON `{ event }`; or the customer's browser on the n8n page.
 * A refusal resumes nothing and answers JSON `{ resumed: false, reason }`.
 */
export async function resumeWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	const parts = { k: textOf(query.k), a: textOf(query.a), w: textOf(query.w) };
	// The item the node left when it started waiting holds the wait's ID and key (see waitFor).
	const waiting = waitingItem(this);
	if (waiting.waitId !== parts.w)
		return refuse(this, 409, 'otherWait', 'The answer belongs to an earlier wait of this node');
	if (!isAnswerSignature(query.s, waiting.waitKey, this.getNode().id, parts))
		return refuse(this, 401, 'signature', 'The answer’s signature does not match');
	const kind = (Object.keys(ANSWER_KINDS) as AnswerKind[]).find(
		(name) => ANSWER_KINDS[name] === parts.k,
	);
	const method = this.getRequestObject().method;
	if (kind === 'page') return await pageAnswer.call(this, waiting, method);
	if (method !== 'POST' || !kind)
		return refuse(this, 405, 'method', 'This address takes answers from the trigger (POST)');
	const body = this.getBodyData();
	const event = isObject(body.event) ? body.event : {};
	const otherChat = otherChatThan(waiting, event);
	if (otherChat) return refuse(this, 403, 'otherChat', otherChat);
	// The trigger asks before it lets a receipt open (or close) a free-text question: only a
	// reference this wait signed, for this chat, may (a forged receipt would take the answer).
	if (body.probe === true)
		return refuse(this, 202, 'notYet', 'The question waits for the chat’s next message');
	const answer = answerOf(this, kind, parts.a, event);
	if ('refused' in answer) return refuse(this, answer.status, answer.refused, answer.message);
	return {
		webhookResponse: { resumed: true },
		workflowData: [[{ json: { ...keptOf(waiting), ...answer.fields } }]],
	};
}

interface Refusal {
	refused: string;
	status: number;
	message: string;
}
type Answer = { fields: IDataObject } | Refusal;

/** The answer fields of a tap, a message or a receipt. */
function answerOf(
	context: IWebhookFunctions,
	kind: Exclude<AnswerKind, 'page'>,
	chosen: string,
	event: IDataObject,
): Answer {
	const reply = withoutRaw(event);
	if (kind === 'receipt') {
		const status = textOf(event.status);
		if (!receiptReached(status, chosen))
			return { refused: 'notYet', status: 202, message: `Waiting for ${chosen}, got ${status}` };
		return { fields: { receiptStatus: status, receipt: reply, receiptAt: now() } };
	}
	if (kind === 'form') {
		const form = formOf(event);
		if (!form)
			return { refused: 'notForm', status: 400, message: 'The answer is not a Flow’s answer' };
		return { fields: { answered: true, form, answeredThrough: 'chat', ...answeredNow(), reply } };
	}
	if (kind === 'text')
		return {
			fields: {
				answered: true,
				text: messageText(event),
				answeredThrough: 'chat',
				...answeredNow(),
				reply,
			},
		};
	const option = optionOf(context, chosen);
	if (!option) return { refused: 'unknownAnswer', status: 400, message: 'No such answer' };
	return {
		fields: {
			answered: true,
			...chosenFields(context, option),
			answeredThrough: 'chat',
			...answeredNow(),
			reply,
		},
	};
}

/** The n8n page: GET shows the question, POST takes the answer from its form. */
async function pageAnswer(
	this: IWebhookFunctions,
	waiting: IDataObject,
	method: string,
): Promise<IWebhookResponseData> {
	const read = (name: string, fallback: unknown) => this.getNodeParameter(name, fallback);
	const options = answerOptions(this.getNode(), read);
	const response = this.getResponseObject();
	if (method === 'GET') {
		response
			.status(200)
			.setHeader('Content-Type', 'text/html; charset=utf-8')
			.send(
				questionPage({
					header:
						read('headerType', 'none') === 'text' ? String(read('headerText', '')) : undefined,
					text: String(read('bodyText', '')),
					footer: String(read('footer', '')) || undefined,
					options,
				}),
			);
		return { noWebhookResponse: true };
	}
	if (method !== 'POST') return refuse(this, 405, 'method', 'The page takes GET and POST');
	const form = this.getBodyData();
	let answer: IDataObject;
	if (options.length === 0) {
		const text = textOf(form.text).trim();
		if (!text) return refuse(this, 400, 'empty', 'The answer is empty');
		answer = { text };
	} else {
		const option = optionOf(this, textOf(form.answer));
		if (!option) return refuse(this, 400, 'unknownAnswer', 'No such answer');
		answer = chosenFields(this, option);
	}
	return {
		webhookResponse: thanksPage(),
		workflowData: [
			[
				{
					json: {
						...keptOf(waiting),
						answered: true,
						...answer,
						answeredThrough: 'page',
						...answeredNow(),
					},
				},
			],
		],
	};
}

function optionOf(context: IWebhookFunctions, chosen: string): AnswerOption | undefined {
	const read = (name: string, fallback: unknown) => context.getNodeParameter(name, fallback);
	return answerOptions(context.getNode(), read).find((option) => option.answer === chosen);
}

/** What a chosen answer outputs: `approved` for an approval, `choice` for a choice. */
function chosenFields(context: IWebhookFunctions, option: AnswerOption): IDataObject {
	const read = (name: string, fallback: unknown) => context.getNodeParameter(name, fallback);
	return responseTypeOf(context.getNode(), read) === 'approval'
		? { approved: option.answer === 'approve', answerTitle: option.title }
		: { choice: { value: option.value, title: option.title } };
}

/**
 * The fields the customer filled in a Flow, by name, as the trigger read them from the answer's
 * `response_json`; without the flow token, which only carried the reference here.
 */
function formOf(event: IDataObject): IDataObject | undefined {
	const flow = isObject(event.flow) ? event.flow : {};
	if (!isObject(flow.response)) return undefined;
	const form = { ...flow.response };
	delete form.flow_token;
	return form;
}

/** The text of the customer's answer: a text, a caption, or what a tap or reaction said. */
function messageText(event: IDataObject): string {
	const reply = isObject(event.reply) ? event.reply : {};
	for (const value of [event.text, event.caption, reply.title, reply.text, event.emoji])
		if (typeof value === 'string' && value) return value;
	return '';
}

function waitingItem(context: IWebhookFunctions): IDataObject {
	try {
		const json = context.evaluateExpression('{{ $json }}', 0);
		return isObject(json) ? json : {};
	} catch {
		return {};
	}
}

/**
 * What the answer keeps of the item the node left when it started waiting (waitFor): what was
 * sent, to whom, and how. Only that item: n8n may hand the node's original input instead.
 */
function keptOf(waiting: IDataObject): IDataObject {
	if (typeof waiting.waitId !== 'string') return {};
	const kept = { ...waiting };
	delete kept.waitKey;
	return kept;
}

/**
 * Why an answer from the chat does not answer this question, or undefined when it does: a tap,
 * a message or a receipt must come from the business number that asked and the customer asked
 * (their WhatsApp ID or user ID as the platform gave it when the question was sent, or the number
 * or user ID it was sent to). Execution B's Approve, tapped in another customer's chat, resumes nothing.
 */
function otherChatThan(waiting: IDataObject, event: IDataObject): string | undefined {
	const number = textOf(waiting.phoneNumberId);
	if (number && textOf(event.phoneNumberId) !== number)
		return 'The answer came to another business number than the one that asked';
	const asked = [waiting.waId, waiting.userId, waiting.recipient].map(customerKey).filter(Boolean);
	if (asked.length === 0) return undefined;
	// A number or a user ID (a customer with a username): either names the chat.
	const answered = [event.from, event.sendTo, event.recipient, event.userId, event.recipientUserId]
		.map(customerKey)
		.filter(Boolean);
	return answered.some((key) => asked.includes(key))
		? undefined
		: 'The answer came from another chat than the one asked';
}

/** A customer as compared: a phone number's digits, or a user ID as given. */
function customerKey(value: unknown): string {
	const text = textOf(value).trim();
	return /^\+?[\d\s().-]+$/.test(text) ? text.replace(/\D/g, '') : text;
}

function refuse(
	context: IWebhookFunctions,
	status: number,
	reason: string,
	message: string,
): IWebhookResponseData {
	context.getResponseObject().status(status).json({ resumed: false, reason, message });
	return { noWebhookResponse: true };
}

function withoutRaw(event: IDataObject): IDataObject {
	const rest = { ...event };
	delete rest.raw;
	return rest;
}

function textOf(value: unknown): string {
	return typeof value === 'string' ? value : '';
}

function now(): string {
	return new Date().toISOString();
}

/**
 * When the answer came: `answeredAt`, and the same instant as `respondedAt`, the name n8n's own
 * Send and Wait gives it (since 2.30), so a workflow written for either reads it.
 */
function answeredNow(): { answeredAt: string; respondedAt: string } {
	const at = now();
	return { answeredAt: at, respondedAt: at };
}

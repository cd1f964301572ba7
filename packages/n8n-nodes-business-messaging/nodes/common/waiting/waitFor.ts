import {
	NodeOperationError,
	SEND_AND_WAIT_OPERATION,
	WAIT_INDEFINITELY,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { ANSWER_KINDS, referenceOf, type AnswerKind } from './answerReference';
import { answerSignature, newWaitId, newWaitKey } from './answerSignature';
import { characterCount } from '../characters';

/** The references a waiting send puts in its message (see answerReference). */
export interface AnswerReferences {
	/** For an ID field: a button or row ID, the callback data; refused past `max` characters. */
	id(kind: AnswerKind, answer?: string, max?: number): string;
	/** The whole address, for a link the customer opens. */
	url(kind: AnswerKind, answer?: string): string;
}

/**
 * A send's output field that says no message of this run went out (Send Text's bubbles, all
 * sent in an earlier run): the wait would never be resumed, so there is none.
 */
export const NO_RECEIPT_TO_WAIT_FOR = 'noReceiptToWaitFor';

/** The platform's limit on `biz_opaque_callback_data`. */
const CALLBACK_DATA_MAX = 512;

/**
 * Sends a message that carries answer references (`send`), then puts the execution to wait
 * until an answer resumes it through this node's webhook, or until `limit`.
 *
 * The limit: n8n resumes a node whose wait ran out "disabled", which passes on its input. So
 * the node's input becomes the item it outputs now: the workflow then goes on with
 * `pending` (e.g. `answered: false`), and a resuming answer reads the wait's ID from it (`waitId`).
 */
export async function waitFor(
	this: IExecuteFunctions,
	limit: Date,
	send: (references: AnswerReferences) => Promise<IDataObject>,
	/** What the output says while nothing came, e.g. `{ answered: false }`. */
	pending: IDataObject,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const waitId = newWaitId();
	const waitKey = newWaitKey();
	const url = (kind: AnswerKind, answer = '') => {
		const parts = { k: ANSWER_KINDS[kind], a: answer, w: waitId };
		const parameters = { ...parts, s: answerSignature(waitKey, node.id, parts) };
		return resumeAddress(this, parameters);
	};
	const references: AnswerReferences = {
		url,
		id: (kind, answer = '', max = CALLBACK_DATA_MAX) => {
			const reference = referenceOf(url(kind, answer));
			if (characterCount(reference) > max)
				throw new NodeOperationError(
					node,
					`This n8n's resume address is too long to fit in a button or list ID (${characterCount(reference)} characters; at most ${max})`,
					{
						description:
							'The address is n8n’s webhook address (WEBHOOK_URL) with /webhook-waiting/<execution>/<node>. A shorter base path, or Answer Through › Web Page, avoids it.',
					},
				);
			return reference;
		},
	};
	const sent = await send(references);
	// Nothing of this run can resume the wait (a retry that sent nothing new): go on at once.
	if (sent[NO_RECEIPT_TO_WAIT_FOR] === true) {
		delete sent[NO_RECEIPT_TO_WAIT_FOR];
		return [
			{
				json: {
					...pending,
					...sent,
					notice: 'Nothing was sent in this run, so there is no new receipt to wait for.',
				},
				pairedItem: { item: 0 },
			},
		];
	}
	const waiting: INodeExecutionData = {
		json: {
			...pending,
			...sent,
			waitId,
			// The answer's signing key (answerSignature): the resuming webhook reads it from here.
			waitKey,
			waitLimit: limit.getTime() === WAIT_INDEFINITELY.getTime() ? null : limit.toISOString(),
		},
		pairedItem: { item: 0 },
	};
	const input = this.getExecuteData().data;
	if (Array.isArray(input.main)) input.main[0] = [waiting];
	await this.putExecutionToWait(limit);
	return [waiting];
}

/**
 * n8n's resume address of this node with `parameters`. Send and Wait's is signed by n8n (its
 * waiting webhook checks the signature for that operation); the other operations' carry the
 * execution's resume token, as `$execution.resumeUrl` does.
 */
function resumeAddress(context: IExecuteFunctions, parameters: Record<string, string>): string {
	const operation = context.getNodeParameter('operation', 0, '') as string;
	if (operation === SEND_AND_WAIT_OPERATION) return context.getSignedResumeUrl(parameters);
	const url = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(context.getNode().id)}`;
	for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
	return url.toString();
}

import { NodeOperationError, sleep, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { markAsRead } from '../../../common/api/messages';
import type { ItemContext } from '../../../common/context';
import { partlyDone, type PartClaims } from '../../../common/idempotency/idempotencyKey';
import { pauseBefore } from '../../../common/messages/bubbles';
import { textContent } from '../../../common/messages/contents';
import { readReceiptBody } from '../../../common/messages/messageRequest';
import { nothingWentOut } from '../../../common/transport/apiError';
import { NO_RECEIPT_TO_WAIT_FOR } from '../../../common/waiting/waitFor';
import { saidFirst, sendOnce, type ChatAddress } from './chatSend';

/** How Send Text › Split Into Bubbles sends one item's bubbles. */
export interface BubblePlan {
	bubbles: string[];
	/** The text's paragraphs: one, split into several bubbles, may be a text that lost its breaks. */
	paragraphs: number;
	previewUrl: boolean;
	/** Sets the pause before each bubble after the first (bubbles.ts › pauseBefore). */
	charactersPerSecond: number;
	/** The customer's message "typing…" answers before each bubble; undefined: no indicator. */
	typingFor?: string;
	/** With an Idempotency Key: each bubble claimed on its own, so a retry sends none twice. */
	claims?: PartClaims;
}

interface BubbleSent extends IDataObject {
	bubble: number;
	text: string;
}

/** What the bubbles of one item did so far. */
interface BubbleRun {
	sent: BubbleSent[];
	/** The output of the first bubble sent by this run. */
	first?: IDataObject;
}

/**
 * Where a bubble was when it failed, one meaning each: `claiming` made no claim; `typing` and
 * `waiting` sent nothing of the bubble; `sending` may have sent it (unless the error says not).
 */
type BubbleStep = 'claiming' | 'typing' | 'waiting' | 'sending';

/**
 * Sends the bubbles in order: for each, "typing…" on the customer's message, a pause that grows
 * with the bubble (from the second on), then the bubble. Reply To quotes on the first only;
 * `callbackData` (Wait for Receipt) goes on the last, whose receipt tells the whole was read.
 * When the window is closed, the first bubble's refusal sends the fallback template instead, and
 * nothing more. A failure part-way says which bubbles went out, with their IDs.
 */
export async function sendBubbles(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	plan: BubblePlan,
	callbackData: string | undefined,
): Promise<IDataObject> {
	const { bubbles, claims } = plan;
	const run: BubbleRun = { sent: [] };
	for (const [index, text] of bubbles.entries()) {
		const bubble = index + 1;
		let step: BubbleStep = 'claiming';
		try {
			const claim = claims ? await claims.claim(bubble) : { now: true as const };
			if (!claim.now) {
				run.sent.push({ bubble, text, ...claim.earlier, sentBefore: true });
				continue;
			}
			step = 'waiting';
			stopIfCancelled(this, item);
			step = 'typing';
			await showTyping.call(this, item, address, plan);
			step = 'waiting';
			await pauseBeforeBubble.call(this, item, plan, run, text);
			step = 'sending';
			const output = await sendOnce.call(
				this,
				item,
				index === 0 ? address : { ...address, replyTo: '', fallback: undefined },
				textContent({ body: text, previewUrl: plan.previewUrl }),
				// The receipt to wait for is the last bubble's; a fallback template always has it.
				{
					callbackData: bubble === bubbles.length ? callbackData : undefined,
					fallbackCallbackData: callbackData,
				},
			);
			// The window was closed: the template went instead of the whole text; the item's key
			// stands for it.
			if (output.sentAs === 'template') {
				await claims?.allDone(1);
				return output;
			}
			run.first ??= output;
			claims?.done(bubble, { messageId: output.messageId as string });
			run.sent.push({ bubble, text, messageId: output.messageId as string });
		} catch (error) {
			throw await bubbleFailed(error, { bubble, step, plan, run });
		}
	}
	await claims?.allDone(bubbles.length);
	return bubblesOutput(address, plan, run, callbackData);
}

/** "typing…" on the customer's message (which the platform then shows read), if asked. */
async function showTyping(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	plan: BubblePlan,
): Promise<void> {
	if (!plan.typingFor) return;
	const receipt = readReceiptBody({ messageId: plan.typingFor, typing: true });
	await markAsRead.call(this, address.sender, receipt, item.request);
}

/** The pause before every bubble after the first this run sent; stopped, the bubble does not go. */
async function pauseBeforeBubble(
	this: IExecuteFunctions,
	item: ItemContext,
	plan: BubblePlan,
	run: BubbleRun,
	text: string,
): Promise<void> {
	if (!run.sent.some((done) => done.sentBefore !== true)) return;
	await sleep(pauseBefore(text, plan.charactersPerSecond));
	stopIfCancelled(this, item);
}

function stopIfCancelled(context: IExecuteFunctions, item: ItemContext): void {
	if (context.getExecutionCancelSignal?.()?.aborted)
		throw new NodeOperationError(context.getNode(), 'The execution was stopped', {
			itemIndex: item.itemIndex,
		});
}

/**
 * The error to throw for bubble `bubble`. Its claim is freed when the bubble surely did not go
 * out, so that a retry sends it; a failure to free it is added to the error, never put in its
 * place.
 */
async function bubbleFailed(
	error: unknown,
	at: { bubble: number; step: BubbleStep; plan: BubblePlan; run: BubbleRun },
): Promise<unknown> {
	const { bubble, step, plan, run } = at;
	const sending = step === 'sending';
	if (step === 'typing')
		saidFirst(error, `The typing indicator on the customer’s message ${plan.typingFor} failed.`);
	if (plan.claims && step !== 'claiming' && (!sending || nothingWentOut(error))) {
		try {
			await plan.claims.free(bubble);
		} catch (freeing) {
			saidFirst(
				error,
				`Bubble ${bubble}'s claim could not be given back (${(freeing as Error).message}): a retry with the same Idempotency Key may skip it.`,
			);
		}
	}
	return stoppedAt(error, {
		bubble,
		of: plan.bubbles.length,
		sent: run.sent,
		sending,
		keyed: !!plan.claims,
	});
}

/** The item's output once every bubble went out (in this run or an earlier one). */
function bubblesOutput(
	address: ChatAddress,
	plan: BubblePlan,
	run: BubbleRun,
	callbackData: string | undefined,
): IDataObject {
	const { sent, first } = run;
	const lastId = sent[sent.length - 1].messageId;
	// Every bubble had gone out in an earlier run: no message of this run carries the receipt.
	const nothingNew = sent.every((done) => done.sentBefore === true);
	return {
		// All went out in an earlier run (a retry): the output says so from what this one knows.
		...(first ?? { recipient: address.to }),
		...(lastId ? { messageId: lastId } : {}),
		type: 'text',
		messageIds: sent.map((done) => done.messageId ?? null),
		bubbles: sent,
		paragraphs: plan.paragraphs,
		// One paragraph cut at its sentences: often a text whose line breaks were lost on the way
		// (n8n's Edit Fields drops them from a Fixed value; messages.md says how to keep them).
		...(plan.paragraphs === 1 && plan.bubbles.length > 1
			? {
					paragraphsNote:
						'The text has no blank line between paragraphs, so it was split at its sentences. If it had paragraphs, its line breaks were lost before this node (e.g. a Fixed value of Edit Fields): give the text as an Expression.',
				}
			: {}),
		typing: plan.typingFor !== undefined,
		...(address.replyTo ? { replyTo: address.replyTo } : {}),
		phoneNumberId: address.sender,
		...(nothingNew && callbackData ? { [NO_RECEIPT_TO_WAIT_FOR]: true } : {}),
	};
}

/** The error of bubble `bubble`, saying first what went out before it and what a retry does. */
function stoppedAt(
	error: unknown,
	at: { bubble: number; of: number; sent: BubbleSent[]; sending: boolean; keyed: boolean },
): unknown {
	const { bubble, of, sent, sending, keyed } = at;
	// With a key, the item's claim can always go: each bubble that went out (or may have) keeps its own.
	const marked = keyed ? partlyDone(error as object) : error;
	if (sent.length === 0 && (nothingWentOut(error) || !sending)) return marked;
	const ids = sent.map((done) => done.messageId ?? 'ID not kept here').join(', ');
	const went =
		sent.length === 0
			? ''
			: sent.length === 1
				? `Bubble 1 of ${of} was sent (${ids}). `
				: `Bubbles 1–${sent.length} of ${of} were sent (${ids}). `;
	const unknown = sending && !nothingWentOut(error);
	const outcome = unknown
		? `Bubble ${bubble} may have gone out (the answer was lost).`
		: `Bubble ${bubble} was not sent.`;
	const rest = unknown ? bubble + 1 : bubble;
	const retry = keyed
		? rest > of
			? 'A retry with the same Idempotency Key sends nothing again.'
			: `A retry with the same Idempotency Key sends bubble${rest < of ? `s ${rest}–${of}` : ` ${of}`} only.`
		: 'Without an Idempotency Key, a retry sends every bubble again.';
	saidFirst(error, `${went}${outcome} ${retry}`);
	return marked;
}

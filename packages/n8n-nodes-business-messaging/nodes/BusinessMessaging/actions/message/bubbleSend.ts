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
	const cancelled = this.getExecutionCancelSignal?.();
	const sent: BubbleSent[] = [];
	let first: IDataObject | undefined;
	const stopIfCancelled = () => {
		if (cancelled?.aborted)
			throw new NodeOperationError(this.getNode(), 'The execution was stopped', {
				itemIndex: item.itemIndex,
			});
	};
	for (const [index, text] of bubbles.entries()) {
		const bubble = index + 1;
		let stage: 'claim' | 'typing' | 'pause' | 'sending' = 'claim';
		try {
			const claim = claims ? await claims.claim(bubble) : { now: true as const };
			if (!claim.now) {
				sent.push({ bubble, text, ...claim.earlier, sentBefore: true });
				continue;
			}
			stage = 'pause';
			stopIfCancelled();
			if (plan.typingFor) {
				stage = 'typing';
				// "typing…" on the customer's message (which the platform then shows read).
				const receipt = readReceiptBody({ messageId: plan.typingFor, typing: true });
				await markAsRead.call(this, address.sender, receipt, item.request);
				stage = 'pause';
			}
			if (sent.some((done) => done.sentBefore !== true)) {
				await sleep(pauseBefore(text, plan.charactersPerSecond));
				// Stopped during the pause: the next bubble does not go.
				stopIfCancelled();
			}
			stage = 'sending';
			const last = bubble === bubbles.length;
			const output = await sendOnce.call(
				this,
				item,
				index === 0 ? address : { ...address, replyTo: '', fallback: undefined },
				textContent({ body: text, previewUrl: plan.previewUrl }),
				{},
				undefined,
				last ? callbackData : undefined,
				callbackData,
			);
			// The window was closed: the template went instead of the whole text; the item's key
			// stands for it.
			if (output.sentAs === 'template') {
				await claims?.allDone(1);
				return output;
			}
			first ??= output;
			const messageId = output.messageId as string;
			claims?.done(bubble, { messageId });
			sent.push({ bubble, text, messageId });
		} catch (error) {
			const sending = stage === 'sending';
			if (stage === 'typing')
				saidFirst(
					error,
					`The typing indicator on the customer’s message ${plan.typingFor} failed.`,
				);
			// A typing indicator, or a bubble refused, sent nothing: a retry may send the bubble. (A
			// claim that failed was never made.)
			if (claims && stage !== 'claim' && (!sending || nothingWentOut(error)))
				await claims.free(bubble);
			throw stoppedAt(error, { bubble, of: bubbles.length, sent, sending, keyed: !!claims });
		}
	}
	await claims?.allDone(bubbles.length);
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
		...(plan.paragraphs === 1 && bubbles.length > 1
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

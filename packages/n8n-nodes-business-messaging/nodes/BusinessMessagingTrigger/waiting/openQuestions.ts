import type { IDataObject } from 'n8n-workflow';
import { chatKeys } from '../../common/store/chatKeys';

/**
 * The free-text questions waiting for a chat's next message. A customer's message carries
 * nothing that ties it to the question, so the trigger remembers, per chat, the question's
 * reference, which its receipt handed back (see common/waiting).
 *
 * Where: in the memory of the process that took the receipt, and in the trigger's static data,
 * which n8n keeps in its database for the other processes (queue mode). Memory comes first:
 * n8n 2.x keeps a published workflow, its static data included, in a cache shared by the
 * deliveries under way, and each delivery's start marks that data unchanged, so a change made
 * by one of several deliveries at once may never be saved (measured in a real n8n 2.41: the
 * three receipts of a question, delivered together, all opened it and none was saved). What
 * this process did is therefore never taken from the database's older copy.
 */

/** An open question is forgotten after 30 days, the longest a chat reasonably waits. */
export const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many open questions are kept; the oldest go first. */
const MAX_OPEN = 1000;

export interface OpenQuestion {
	/** The reference's path (answerReference). */
	path: string;
	/** The question's message ID. */
	messageId: string;
	/** When the receipt opened it (ms). */
	at: number;
}

/** What this process did to a chat's question: opened it, or took it (null), and when. */
interface Change {
	question: OpenQuestion | null;
	at: number;
}

/** What this process knows, per trigger: chat key → its last change. */
const known = new Map<string, Map<string, Change>>();

export class OpenQuestions {
	private readonly here: Map<string, Change>;

	/** `trigger` names the trigger (workflow, node, test or production) in this process's memory. */
	constructor(
		private readonly staticData: IDataObject,
		trigger: string,
	) {
		this.here = known.get(trigger) ?? new Map();
		known.set(trigger, this.here);
	}

	private get saved(): Record<string, OpenQuestion> {
		const table = this.staticData.openQuestions;
		if (typeof table === 'object' && table !== null && !Array.isArray(table))
			return table as unknown as Record<string, OpenQuestion>;
		return {};
	}

	/** The chat's question: this process's word, else the saved one. */
	private questionAt(key: string): OpenQuestion | undefined {
		const mine = this.here.get(key);
		return mine ? (mine.question ?? undefined) : this.saved[key];
	}

	/**
	 * Records a change here and writes the saved table back whole (a new object at the top of
	 * the node's data); called only when something changes.
	 */
	private change(keys: string[], question: OpenQuestion | null, now: number) {
		const table = { ...this.saved };
		for (const key of keys) {
			// Moved to the end: the map stays in the order of its changes, oldest first.
			this.here.delete(key);
			this.here.set(key, { question, at: now });
			if (question) table[key] = question;
			else delete table[key];
		}
		this.staticData.openQuestions = pruned(table, now) as unknown as IDataObject;
		// A taken question is remembered as taken as long as an older saved copy may name it.
		for (const [key, mine] of this.here) {
			if (now - mine.at <= KEPT_MS && this.here.size <= 2 * MAX_OPEN) break;
			this.here.delete(key);
		}
	}

	/** A receipt of a free-text question: the chat's next message answers it. */
	open(
		phoneNumberId: unknown,
		customers: string[],
		question: Omit<OpenQuestion, 'at'>,
		now: number,
	) {
		const keys = chatKeys(phoneNumberId, customers);
		// Every receipt of the question (sent, delivered, read) names it again: only the first opens it.
		if (
			keys.length === 0 ||
			keys.every((key) => this.questionAt(key)?.messageId === question.messageId)
		)
			return;
		this.change(keys, { ...question, at: now }, now);
	}

	/** Whether this question is open for the chat already. */
	isOpen(phoneNumberId: unknown, customers: string[], messageId: string): boolean {
		return chatKeys(phoneNumberId, customers).some(
			(key) => this.questionAt(key)?.messageId === messageId,
		);
	}

	/** The chat's open question, taken out: a message answers it once. */
	take(phoneNumberId: unknown, customers: string[], now: number): OpenQuestion | undefined {
		const key = chatKeys(phoneNumberId, customers).find((k) => this.questionAt(k) !== undefined);
		if (!key) return undefined;
		const question = this.questionAt(key)!;
		this.forget(question.messageId, now);
		return now - question.at <= KEPT_MS ? question : undefined;
	}

	/** A question that failed to reach the customer waits for nothing. */
	close(phoneNumberId: unknown, customers: string[], messageId: string, now: number) {
		if (this.isOpen(phoneNumberId, customers, messageId)) this.forget(messageId, now);
	}

	/** Takes a question out under every key of its chat. */
	private forget(messageId: string, now: number) {
		const keys = new Set<string>();
		for (const [key, question] of Object.entries(this.saved))
			if (question.messageId === messageId) keys.add(key);
		for (const [key, mine] of this.here) if (mine.question?.messageId === messageId) keys.add(key);
		this.change([...keys], null, now);
	}
}

/** Without the questions older than KEPT_MS, and at most MAX_OPEN, the newest. */
function pruned(table: Record<string, OpenQuestion>, now: number): Record<string, OpenQuestion> {
	const kept = Object.entries(table)
		.filter(([, question]) => now - question.at <= KEPT_MS)
		.sort(([, a], [, b]) => b.at - a.at)
		.slice(0, MAX_OPEN);
	return Object.fromEntries(kept);
}

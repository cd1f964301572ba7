import type { IDataObject } from 'n8n-workflow';

/**
 * The free-text questions waiting for a chat's next message. A customer's message carries
 * nothing that ties it to the question, so the trigger remembers, per chat, the question's
 * reference, which its receipt handed back (see common/waiting). They live in the trigger's
 * static data, which n8n loads for every delivery and saves after it, on whichever process
 * takes the delivery.
 */

/** An open question is forgotten after 30 days, the longest a chat reasonably waits. */
const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many open questions are kept; the oldest go first. */
const MAX_OPEN = 1000;

interface OpenQuestion {
	/** The reference's path (answerReference). */
	path: string;
	/** The question's message ID. */
	messageId: string;
	/** When the receipt opened it (ms). */
	at: number;
}

/**
 * The keys of a chat: the business number with each identity the event names for the customer
 * (their number and their user ID). A question sent to a user ID, whose receipts name only the
 * user ID, is answered by a message that may name the number too.
 */
function chatKeys(phoneNumberId: unknown, customers: string[]): string[] {
	return typeof phoneNumberId === 'string'
		? customers.filter((c) => c !== '').map((customer) => `${phoneNumberId}:${customer}`)
		: [];
}

export class OpenQuestions {
	constructor(private readonly staticData: IDataObject) {}

	private get table(): Record<string, OpenQuestion> {
		const table = this.staticData.openQuestions;
		if (typeof table === 'object' && table !== null && !Array.isArray(table))
			return table as unknown as Record<string, OpenQuestion>;
		// Created on first use only: a delivery that finds no table changes nothing.
		return {};
	}

	private writableTable(): Record<string, OpenQuestion> {
		if (this.staticData.openQuestions === undefined) this.staticData.openQuestions = {};
		return this.table;
	}

	/** A receipt of a free-text question: the chat's next message answers it. */
	open(
		phoneNumberId: unknown,
		customers: string[],
		question: Omit<OpenQuestion, 'at'>,
		now: number,
	) {
		const keys = chatKeys(phoneNumberId, customers);
		if (keys.length === 0) return;
		const table = this.writableTable();
		// Every receipt of the question (sent, delivered, read) names it again: only the first opens it.
		if (keys.every((key) => table[key]?.messageId === question.messageId)) return;
		for (const key of keys) table[key] = { ...question, at: now };
		this.prune(now);
	}

	/** Whether this question is open for the chat already. */
	isOpen(phoneNumberId: unknown, customers: string[], messageId: string): boolean {
		return chatKeys(phoneNumberId, customers).some(
			(key) => this.table[key]?.messageId === messageId,
		);
	}

	/** The chat's open question, taken out: a message answers it once. */
	take(phoneNumberId: unknown, customers: string[], now: number): OpenQuestion | undefined {
		const table = this.table;
		const key = chatKeys(phoneNumberId, customers).find((k) => table[k] !== undefined);
		if (!key) return undefined;
		const question = table[key];
		this.forget(question.messageId);
		return now - question.at <= KEPT_MS ? question : undefined;
	}

	/** A question that failed to reach the customer waits for nothing. */
	close(phoneNumberId: unknown, customers: string[], messageId: string) {
		if (this.isOpen(phoneNumberId, customers, messageId)) this.forget(messageId);
	}

	/** Takes a question out under every key of its chat. */
	private forget(messageId: string) {
		const table = this.table;
		for (const key of Object.keys(table)) if (table[key].messageId === messageId) delete table[key];
	}

	private prune(now: number) {
		const table = this.table;
		const keys = Object.keys(table).sort((a, b) => table[a].at - table[b].at);
		for (const key of keys)
			if (now - table[key].at > KEPT_MS || Object.keys(table).length > MAX_OPEN) delete table[key];
	}
}

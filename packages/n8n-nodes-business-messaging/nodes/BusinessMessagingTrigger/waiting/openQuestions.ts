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

function chatKey(phoneNumberId: unknown, customer: unknown): string | undefined {
	return typeof phoneNumberId === 'string' && typeof customer === 'string' && customer
		? `${phoneNumberId}:${customer}`
		: undefined;
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
	open(phoneNumberId: unknown, customer: unknown, question: Omit<OpenQuestion, 'at'>, now: number) {
		const key = chatKey(phoneNumberId, customer);
		if (!key) return;
		const table = this.writableTable();
		// Every receipt of the question (sent, delivered, read) names it again: only the first opens it.
		if (table[key]?.messageId === question.messageId) return;
		table[key] = { ...question, at: now };
		this.prune(now);
	}

	/** Whether this question is open for the chat already. */
	isOpen(phoneNumberId: unknown, customer: unknown, messageId: string): boolean {
		const key = chatKey(phoneNumberId, customer);
		return key !== undefined && this.table[key]?.messageId === messageId;
	}

	/** The chat's open question, taken out: a message answers it once. */
	take(phoneNumberId: unknown, customer: unknown, now: number): OpenQuestion | undefined {
		const key = chatKey(phoneNumberId, customer);
		const table = this.table;
		if (!key || !table[key]) return undefined;
		const question = table[key];
		delete table[key];
		return now - question.at <= KEPT_MS ? question : undefined;
	}

	/** A question that failed to reach the customer waits for nothing. */
	close(phoneNumberId: unknown, customer: unknown, messageId: string) {
		const key = chatKey(phoneNumberId, customer);
		const table = this.table;
		if (key && table[key]?.messageId === messageId) {
			delete table[key];
		}
	}

	private prune(now: number) {
		const table = this.table;
		const keys = Object.keys(table).sort((a, b) => table[a].at - table[b].at);
		for (const key of keys)
			if (now - table[key].at > KEPT_MS || Object.keys(table).length > MAX_OPEN) delete table[key];
	}
}

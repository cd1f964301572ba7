import { chatKeys } from '../../common/store/chatKeys';
import { KEPT_MS, type OpenQuestion } from '../waiting/openQuestions';
import { all, any, eq, type DataTables } from '../../common/store/dataTables';
import { QUESTIONS_TABLE } from './tables';

/**
 * The free-text questions waiting for a chat's next message, in n8n's database. A question has a
 * row for each identity of the customer (their number, their user ID). The chat's next message
 * takes the question with one delete with returnData: each row goes to one caller only, so of two
 * messages taken at once by two processes, one resumes the question and the other finds none.
 */
export interface QuestionStore {
	open(
		phoneNumberId: unknown,
		customers: string[],
		question: Omit<OpenQuestion, 'at'>,
		now: number,
	): Promise<void>;
	isOpen(phoneNumberId: unknown, customers: string[], messageId: string): Promise<boolean>;
	take(phoneNumberId: unknown, customers: string[], now: number): Promise<OpenQuestion | undefined>;
	close(phoneNumberId: unknown, customers: string[], messageId: string, now: number): Promise<void>;
}

export class QuestionTable implements QuestionStore {
	constructor(
		private readonly store: DataTables,
		private readonly trigger: string,
	) {}

	private chats(phoneNumberId: unknown, customers: string[]): string[] {
		return chatKeys(phoneNumberId, customers).map((key) => `${this.trigger}|${key}`);
	}

	private question(messageId: string): string {
		return `${this.trigger}|${messageId}`;
	}

	async open(
		phoneNumberId: unknown,
		customers: string[],
		question: Omit<OpenQuestion, 'at'>,
		now: number,
	): Promise<void> {
		const chats = this.chats(phoneNumberId, customers);
		if (chats.length === 0 || (await this.isOpen(phoneNumberId, customers, question.messageId)))
			return;
		await this.store.insertGrouped(
			QUESTIONS_TABLE,
			chats.map((chat) => ({
				chat,
				question: this.question(question.messageId),
				path: question.path,
				at: now,
			})),
		);
	}

	async isOpen(phoneNumberId: unknown, customers: string[], messageId: string): Promise<boolean> {
		const chats = this.chats(phoneNumberId, customers);
		if (chats.length === 0) return false;
		const rows = await this.store.rows(QUESTIONS_TABLE, any(chats.map((chat) => eq('chat', chat))));
		return rows.some((row) => row.question === this.question(messageId));
	}

	/** The chat's newest open question, taken out (older ones of the chat go with it). */
	async take(
		phoneNumberId: unknown,
		customers: string[],
		now: number,
	): Promise<OpenQuestion | undefined> {
		const chats = this.chats(phoneNumberId, customers);
		if (chats.length === 0) return undefined;
		const taken = await this.store.remove(
			QUESTIONS_TABLE,
			any(chats.map((chat) => eq('chat', chat))),
			true,
		);
		if (taken.length === 0) return undefined;
		const newest = taken.reduce((a, b) => (Number(b.at) > Number(a.at) ? b : a));
		const messageId = String(newest.question).slice(this.trigger.length + 1);
		// Its rows under the customer's other identities.
		await this.store.remove(QUESTIONS_TABLE, all(eq('question', String(newest.question))));
		const question = { path: String(newest.path), messageId, at: Number(newest.at) };
		return now - question.at <= KEPT_MS ? question : undefined;
	}

	/** The question failed to reach the customer: it waits for nothing (under every identity). */
	async close(_phoneNumberId: unknown, _customers: string[], messageId: string): Promise<void> {
		await this.store.remove(QUESTIONS_TABLE, all(eq('question', this.question(messageId))));
	}
}

/** Deletes the questions older than any chat waits (tableCare.ts). */
export async function removeExpiredQuestions(store: DataTables, now = Date.now()): Promise<void> {
	await store.remove(
		QUESTIONS_TABLE,
		all({ columnName: 'at', condition: 'lt', value: now - KEPT_MS }),
	);
}

import type { Customer, Message, MessageStatus, PhoneNumber, Template } from './model';
import type { SandboxState } from './sandbox';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many customers last week's sends went to (numbers of the US 555 range). */
const CUSTOMERS = 40;

/**
 * What last week's traffic added: the sends, and the taps on their quick-reply buttons.
 */
export interface LastWeekTraffic {
	messages: number;
	clicks: number;
}

/**
 * Last week's traffic of every approved template, so that analytics show figures on a fresh
 * sandbox (the weekly cost report example): for each of the 7 days before today (UTC), 12 to 28
 * sends of each template from the account's first number, each delivered and mostly read
 * (1 in 20 failed, 1 in 10 only sent), a quarter of those read tapping the template's first
 * quick-reply button. Fixed figures, not random: the same day gives the same report. Billed as
 * template sends are (regular pricing of the template's category), since no chat was open.
 */
export function seedLastWeekTraffic(sandbox: SandboxState): LastWeekTraffic {
	const { store } = sandbox;
	const today = Math.floor(sandbox.now() / DAY_MS) * DAY_MS;
	const added: LastWeekTraffic = { messages: 0, clicks: 0 };
	const customers = lastWeekCustomers(sandbox);
	for (const account of store.accounts.values()) {
		const number = [...store.numbers.values()].find((n) => n.accountId === account.id);
		if (!number) continue;
		const approved = store.templatesOf(account.id).filter((t) => t.status === 'APPROVED');
		for (const [rank, template] of approved.entries())
			for (let daysAgo = 1; daysAgo <= 7; daysAgo++) {
				const count = 12 + ((rank * 7 + daysAgo * 5) % 17);
				for (let i = 0; i < count; i++) {
					const customer = customers[(rank * 13 + daysAgo * 7 + i) % customers.length];
					const sentAt = today - daysAgo * DAY_MS + (8 * 60 + i * 10) * 60_000;
					const message = sendOf(number, template, customer, statusOf(i), sentAt, daysAgo, i);
					store.messages.set(message.id, message);
					added.messages += 1;
					const button = quickReplyOf(template);
					if (button && message.status === 'read' && i % 4 === 0) {
						tap(sandbox, number, customer, message, button);
						added.clicks += 1;
					}
				}
			}
	}
	return added;
}

/** 1 in 20 failed, 1 in 10 sent and no more, a third delivered, the rest read. */
function statusOf(i: number): MessageStatus {
	if (i % 20 === 19) return 'failed';
	if (i % 10 === 5) return 'sent';
	return i % 3 === 0 ? 'delivered' : 'read';
}

/** The customers the sends went to (the same for every account), saved once. */
function lastWeekCustomers(sandbox: SandboxState): Customer[] {
	return Array.from({ length: CUSTOMERS }, (_, i) => {
		const wa_id = `1415555${String(7000 + i).padStart(4, '0')}`;
		return (
			sandbox.store.customerByNumber(wa_id) ??
			sandbox.store.saveCustomer({ id: '', wa_id, name: `Last week customer ${i + 1}` })
		);
	});
}

function sendOf(
	number: PhoneNumber,
	template: Template,
	customer: Customer,
	status: MessageStatus,
	sentAt: number,
	daysAgo: number,
	i: number,
): Message {
	return {
		id: `wamid.lastweek.${template.id}.${daysAgo}.${i}`,
		phoneNumberId: number.phone_number_id,
		to: customer.wa_id,
		customerId: customer.id,
		type: 'template',
		template: { name: template.name, language: template.language, id: template.id },
		content: { name: template.name, language: { code: template.language } },
		pricing: {
			billable: true,
			category: template.category.toLowerCase() as Message['pricing']['category'],
			type: 'regular',
			pricing_model: 'PMP',
		},
		status,
		createdAt: sentAt,
	};
}

/** The text of the template's first quick-reply button, if it has one. */
function quickReplyOf(template: Template): string | undefined {
	for (const component of template.components as Array<Record<string, unknown>>) {
		const buttons = Array.isArray(component.buttons)
			? (component.buttons as Array<Record<string, unknown>>)
			: [];
		const quickReply = buttons.find((b) => b.type === 'QUICK_REPLY');
		if (quickReply) return String(quickReply.text);
	}
	return undefined;
}

/** The customer's tap on the button, five minutes after the send, as the platform records it. */
function tap(
	sandbox: SandboxState,
	number: PhoneNumber,
	customer: Customer,
	sent: Message,
	text: string,
): void {
	const id = `${sent.id}.tap`;
	const at = sent.createdAt + 5 * 60_000;
	sandbox.store.received.set(id, {
		id,
		phoneNumberId: number.phone_number_id,
		from: customer.wa_id,
		customerId: customer.id,
		type: 'button',
		receivedAt: at,
		message: {
			from: customer.wa_id,
			id,
			timestamp: String(Math.floor(at / 1000)),
			type: 'button',
			context: { from: number.wanumber, id: sent.id },
			button: { text, payload: text },
		},
	});
}

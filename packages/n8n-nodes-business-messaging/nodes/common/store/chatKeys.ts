/**
 * The keys of a chat: the business number with each identity the event names for the customer
 * (their number and their user ID). A question sent to a user ID, whose receipts name only the
 * user ID, is answered by a message that may name the number too.
 */
export function chatKeys(phoneNumberId: unknown, customers: string[]): string[] {
	return typeof phoneNumberId === 'string'
		? customers.filter((c) => c !== '').map((customer) => `${phoneNumberId}:${customer}`)
		: [];
}

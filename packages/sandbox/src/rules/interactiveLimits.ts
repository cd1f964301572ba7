/**
 * The Cloud API's limits of interactive messages (in characters, see characters.ts), one table
 * for every kind: reply buttons, lists, link buttons, Flows and the product messages.
 */
export const INTERACTIVE_LIMITS = {
	/** The body of every kind but a list. */
	body: 1024,
	listBody: 4096,
	header: 60,
	footer: 60,
	buttonId: 256,
	buttonTitle: 20,
	listButton: 20,
	sections: 10,
	sectionTitle: 24,
	/** Rows of a list, counted over all its sections. */
	rows: 10,
	rowId: 200,
	rowTitle: 24,
	rowDescription: 72,
	linkButtonText: 20,
	/** Products of a product list, counted over all its sections. */
	products: 30,
} as const;

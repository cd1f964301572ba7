import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { LIMITS } from '../rules/messageLimits';
import { limitedText } from '../parameters';

/**
 * What Send and Wait asks, read from the node's parameters: the kind of answer, and the answers
 * a tap can give. The sending run and the resuming webhook read it alike, so a tap is turned
 * back into the option the form defines, whatever the delivery says the button was called.
 */

export type ResponseType = 'approval' | 'choice' | 'freeText' | 'form';

const RESPONSE_TYPES: readonly ResponseType[] = ['approval', 'choice', 'freeText', 'form'];

export interface AnswerOption {
	/** What the reference carries: "approve", "decline", or the choice's index. */
	answer: string;
	title: string;
	/** A choice's value; an approval's is the answer itself. */
	value: string;
	description?: string;
}

/** Reads a parameter of the node (the first item's, in a run). */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

export function responseTypeOf(node: INode, read: ParameterReader): ResponseType {
	const type = String(read('responseType', 'approval'));
	if ((RESPONSE_TYPES as readonly string[]).includes(type)) return type as ResponseType;
	throw new NodeOperationError(
		node,
		`Response Type "${type}" is not one of ${RESPONSE_TYPES.join(', ')}`,
	);
}

/** The answers a tap may give, checked against the platform's limits; none for free text or a form. */
export function answerOptions(node: INode, read: ParameterReader): AnswerOption[] {
	const type = responseTypeOf(node, read);
	if (type === 'freeText' || type === 'form') return [];
	if (type === 'approval') {
		const approve = limitedText(
			node,
			'Approve Button Label',
			read('approveLabel', 'Approve'),
			LIMITS.buttonTitle,
			0,
			{ required: true },
		);
		const options: AnswerOption[] = [{ answer: 'approve', title: approve, value: 'approve' }];
		if (String(read('approvalType', 'double')) === 'single') return options;
		const decline = limitedText(
			node,
			'Decline Button Label',
			read('declineLabel', 'Decline'),
			LIMITS.buttonTitle,
			0,
			{ required: true },
		);
		if (decline === approve)
			throw new NodeOperationError(
				node,
				`Approve Button Label and Decline Button Label are both "${approve}": the customer could not tell them apart`,
			);
		return [...options, { answer: 'decline', title: decline, value: 'decline' }];
	}
	const choices = (read('choices', {}) as { choice?: IDataObject[] }).choice ?? [];
	if (choices.length < 2 || choices.length > LIMITS.rows)
		throw new NodeOperationError(
			node,
			`Choices: 2 to ${LIMITS.rows} choices; this question has ${choices.length}`,
			{ description: 'Up to 3 are sent as buttons, 4 to 10 as a list.' },
		);
	// Up to 3 become buttons (titles up to 20 characters), more a list (up to 24).
	const titleMax = choices.length <= LIMITS.buttons ? LIMITS.buttonTitle : LIMITS.rowTitle;
	const titles = new Set<string>();
	return choices.map((choice, index) => {
		const field = `Choices › Choice ${index + 1}`;
		const title = limitedText(node, `${field} › Title`, choice.title, titleMax, 0, {
			required: true,
		});
		if (titles.has(title))
			throw new NodeOperationError(
				node,
				`${field} › Title "${title}" is used twice: each choice needs its own title`,
			);
		titles.add(title);
		const value = String(choice.value ?? '').trim() ? String(choice.value) : title;
		const description =
			choices.length > LIMITS.buttons && String(choice.description ?? '').trim()
				? limitedText(node, `${field} › Description`, choice.description, LIMITS.rowDescription, 0)
				: undefined;
		return { answer: String(index), title, value, ...(description ? { description } : {}) };
	});
}

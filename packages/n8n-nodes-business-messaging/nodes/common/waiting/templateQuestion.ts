import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { MessageContent } from '../messages/contents';
import { templateContent } from '../messages/template';
import type { TemplateMessage } from '../templates/templateMessage';
import type { AnswerOption } from './question';

/**
 * Send and Wait asked with an approved template, which reaches someone who has not written in
 * 24 hours. The template's quick-reply buttons are the answers, in order: each carries its
 * answer's signed reference as its payload (a send's `quick_reply` parameter), which the
 * platform hands back in the tap (`button.payload`), as a reply button hands back its ID.
 */

/**
 * The longest payload put in a button. Meta documents no length for a quick-reply payload; a
 * reply button's ID holds 256 characters, so a reference that fits there is asked of it too.
 */
export const PAYLOAD_MAX = 256;

/**
 * A template's quick-reply buttons in order, the answers of a question asked with it: each with
 * its index as a send names it (its place among the buttons, as the variables form names a
 * button's payload) and its text. The Question Template list reads them here too, so that it
 * and the run count the same buttons.
 */
export function quickReplyButtons(
	components: IDataObject[],
): Array<{ index: string; title: string }> {
	return components
		.filter((c) => c.type === 'BUTTONS')
		.flatMap((c) =>
			((c.buttons as IDataObject[] | undefined) ?? []).flatMap((button, index) =>
				button.type === 'QUICK_REPLY'
					? [{ index: String(index), title: String(button.text ?? '') }]
					: [],
			),
		);
}

/**
 * The template's content with one reference per answer in its quick-reply buttons. Refused when
 * the buttons and the answers do not pair up one to one, or when the form gave a payload of its
 * own (it would be lost). A free-text question needs no button: its next message answers.
 */
export function askingContent(
	node: INode,
	template: TemplateMessage,
	options: AnswerOption[],
	referenceFor: (answer: string) => string,
	/** The template field's label, for errors ("Question Template"). */
	label: string,
): MessageContent {
	// A free-text question needs no payload: its next message answers.
	if (options.length === 0) return template.content;
	const own = template.values.buttons.find((button) => button.kind === 'quickReply');
	if (own)
		throw new NodeOperationError(
			node,
			`${label} Variables gives a payload to quick-reply button ${Number(own.index) + 1}: Send and Wait sets those payloads itself, to know the answer`,
			{
				description: `The form no longer shows that field (button_${String(own.index)}_payload), but the node kept its value: open ${label} Variables and use Refresh Variable List, or pick the template again.`,
			},
		);
	const replies = quickReplyButtons(template.components);
	if (replies.length !== options.length)
		throw new NodeOperationError(
			node,
			`${label} ${template.name} (${template.language}) has ${replies.length} quick-reply button${replies.length === 1 ? '' : 's'}, and the question has ${options.length} answer${options.length === 1 ? '' : 's'} (${options.map((o) => o.title).join(', ')})`,
			{
				description:
					'Each answer is a quick-reply button of the template, in order: Approve and Decline need two (the first approves), Approve Only one, Choice one per choice. Pick a template with as many quick-reply buttons, or change the answers.',
			},
		);
	return templateContent(template, {
		...template.values,
		answers: replies.map(({ index }, i) => ({ index, payload: referenceFor(options[i].answer) })),
	});
}

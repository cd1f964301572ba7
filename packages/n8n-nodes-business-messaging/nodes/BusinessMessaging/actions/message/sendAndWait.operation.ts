import {
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { itemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { chatRecipientField, senderField } from '../../../common/fields/conversation';
import { templateLocator } from '../../../common/fields/locators';
import {
	linkButtonContent,
	listContent,
	replyButtonsContent,
	textContent,
	type MessageContent,
} from '../../../common/messages/contents';
import { interactiveFrame } from '../../../common/messages/interactive';
import { headerFooterFields } from '../../../common/fields/interactive';
import { FLOW_LIMITS, FLOW_TOKEN_FIELD, flowFields } from '../../../common/fields/flow';
import { flowContent, readFlowFields } from '../../../common/messages/flow';
import { limitedText } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import {
	answerOptions,
	responseTypeOf,
	type AnswerOption,
	type ParameterReader,
} from '../../../common/waiting/question';
import { waitLimit, waitLimitFields } from '../../../common/waiting/waitLimit';
import { waitFor, type AnswerReferences } from '../../../common/waiting/waitFor';
import { askingContent, PAYLOAD_MAX } from '../../../common/waiting/templateQuestion';
import { templateMessage, type TemplateMessage } from '../../../common/templates/templateMessage';
import {
	chatAddress,
	chatOptions,
	notWroteTo,
	sendContent,
	windowClosed,
	windowClosedWhileAsking,
} from './chatSend';
import { sentMessageJson } from './sentMessage';

/** Questions with a header and footer: buttons, a list, a Flow's button. */
const QUESTION = { show: { responseType: ['approval', 'choice', 'form'] } };
/** A Flow is answered in the chat, to a message: not on a page, not with a template's buttons. */
const NOT_FORM = { hide: { responseType: ['form'] } };
/** Fields of the interactive question, not of a template one (its template has its own words). */
const NOT_TEMPLATE = { hide: { askWith: ['template'] } };
/** The question's text: one field, shown with the words of a question or of a form. */
const QUESTION_TEXT: INodeProperties = {
	displayName: 'Message',
	name: 'bodyText',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	required: true,
};
const QUESTION_TEMPLATE = { label: 'Question Template', variables: 'Question Template Variables' };

/** The question's template and its variables; shown for Ask With › Template and as the fallback. */
function questionTemplateFields(show: Record<string, string[]>): INodeProperties[] {
	return [
		{
			...templateLocator({
				approvedOnly: true,
				name: 'fallbackTemplate',
				displayName: QUESTION_TEMPLATE.label,
				searchListMethod: 'searchQuestionTemplates',
				description:
					'An approved template whose quick-reply buttons are the answers, in order: for an approval the first button approves and the second declines; for a choice one button per choice. The list says what each template’s buttons answer. Any template for Free Text: the next message answers.',
			}),
			displayOptions: { show, ...NOT_FORM },
		},
		{
			displayName: QUESTION_TEMPLATE.variables,
			name: 'fallbackVariables',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			displayOptions: { show, ...NOT_FORM },
			typeOptions: {
				loadOptionsDependsOn: ['fallbackTemplate.value', 'phoneNumberId.value'],
				resourceMapper: {
					resourceMapperMethod: 'getFallbackTemplateVariables',
					mode: 'add',
					valuesLabel: QUESTION_TEMPLATE.variables,
					fieldWords: { singular: 'variable', plural: 'variables' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: false,
				},
			},
		},
	];
}

const properties: INodeProperties[] = [
	{
		displayName:
			'The customer answers in the chat: keep a Business Messaging Trigger workflow active, it hands the answer to this execution. Give that trigger a Signature or Header Token Authentication: with None, anyone who knows its URL can post answers in a customer’s name. Without a trigger, choose Answer Through › Web Page. A question is accepted within 24 hours of the person’s last message; to reach someone who has not written, choose Ask With › An Approved Template.',
		name: 'sendAndWaitNotice',
		type: 'notice',
		default: '',
		displayOptions: NOT_FORM,
	},
	{
		displayName:
			'The customer fills the Flow in the chat: keep a Business Messaging Trigger workflow active, it hands the form’s answer to this execution (give that trigger a Signature or Header Token Authentication). A Flow goes as a message, which the platform accepts within 24 hours of the person’s last message.',
		name: 'sendAndWaitFormNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { responseType: ['form'] } },
	},
	senderField,
	chatRecipientField,
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{
				name: 'Approval',
				value: 'approval',
				description: 'Approve and Decline buttons, or Approve only',
			},
			{
				name: 'Choice',
				value: 'choice',
				description: '2 to 10 options, each with a value: up to 3 as buttons, more as a list',
			},
			{
				name: 'Form (WhatsApp Flow)',
				value: 'form',
				description: 'A WhatsApp Flow the customer fills in the chat; its fields are the answer',
			},
			{
				name: 'Free Text',
				value: 'freeText',
				description: 'The customer’s next message in the chat',
			},
		],
	},
	{
		...QUESTION_TEXT,
		placeholder: 'e.g. Refund of 25.00 EUR for order #1001: approve?',
		displayOptions: { hide: { ...NOT_TEMPLATE.hide, ...NOT_FORM.hide } },
		description: `The question, up to ${LIMITS.interactiveBody} characters (${LIMITS.textBody} for Free Text in the chat)`,
	},
	{
		...QUESTION_TEXT,
		placeholder: 'e.g. Pick a time for your visit',
		displayOptions: { show: { responseType: ['form'] } },
		description: `The text above the Flow’s button, up to ${LIMITS.interactiveBody} characters`,
	},
	{
		displayName: 'Approval Type',
		name: 'approvalType',
		type: 'options',
		default: 'double',
		displayOptions: { show: { responseType: ['approval'] } },
		options: [
			{ name: 'Approve and Decline', value: 'double' },
			{ name: 'Approve Only', value: 'single' },
		],
	},
	{
		displayName: 'Approve Button Label',
		name: 'approveLabel',
		type: 'string',
		default: 'Approve',
		required: true,
		displayOptions: { show: { responseType: ['approval'] }, ...NOT_TEMPLATE },
		description: `Up to ${LIMITS.buttonTitle} characters`,
	},
	{
		displayName: 'Decline Button Label',
		name: 'declineLabel',
		type: 'string',
		default: 'Decline',
		required: true,
		displayOptions: {
			show: { responseType: ['approval'], approvalType: ['double'] },
			...NOT_TEMPLATE,
		},
		description: `Up to ${LIMITS.buttonTitle} characters`,
	},
	{
		displayName: 'Choices',
		name: 'choices',
		type: 'fixedCollection',
		typeOptions: {
			multipleValues: true,
			multipleValueButtonText: `Add Choice (up to ${LIMITS.rows})`,
			sortable: true,
		},
		default: {},
		// n8n labels a fixedCollection's Add button with its placeholder; the run checks the limit.
		placeholder: `Add Choice (up to ${LIMITS.rows})`,
		displayOptions: { show: { responseType: ['choice'] } },
		description: `2 to ${LIMITS.rows} options. Up to ${LIMITS.buttons} are sent as buttons (titles up to ${LIMITS.buttonTitle} characters), more as a list (up to ${LIMITS.rowTitle}).`,
		options: [
			{
				displayName: 'Choice',
				name: 'choice',
				values: [
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. Tomorrow morning',
						description: 'What the customer sees and taps',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. am',
						description: 'What the node outputs when this choice is taken; empty uses the title',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: `A second line under the title in a list (4 or more choices), up to ${LIMITS.rowDescription} characters`,
					},
				],
			},
		],
	},
	{
		displayName: 'List Button Text',
		name: 'listButton',
		type: 'string',
		default: 'Choose',
		displayOptions: { show: { responseType: ['choice'] }, ...NOT_TEMPLATE },
		description: `The button that opens the list when there are 4 or more choices, up to ${LIMITS.listButton} characters`,
	},
	// The Flow asked with; its token is the answer's reference, so the form has no Flow Token.
	...flowFields
		.filter((field) => field.name !== FLOW_TOKEN_FIELD)
		.map((field) => ({
			...field,
			displayOptions: {
				...field.displayOptions,
				show: { responseType: ['form'], ...(field.displayOptions?.show ?? {}) },
			},
		})),
	{
		displayName: 'Answer Through',
		name: 'answerThrough',
		type: 'options',
		default: 'chat',
		displayOptions: NOT_FORM,
		options: [
			{
				name: 'Chat',
				value: 'chat',
				description:
					'Buttons or a list in the chat, or the next message; needs an active Business Messaging Trigger',
			},
			{
				name: 'Web Page',
				value: 'page',
				description:
					'A link button that opens a page of this n8n where the customer answers; no trigger needed',
			},
		],
	},
	{
		displayName: 'Ask With',
		name: 'askWith',
		type: 'options',
		default: 'message',
		displayOptions: { show: { answerThrough: ['chat'] }, ...NOT_FORM },
		options: [
			{
				name: 'A Message (Within 24 Hours)',
				value: 'message',
				description:
					'Buttons, a list or a text: accepted within 24 hours of the person’s last message',
			},
			{
				name: 'An Approved Template (Any Time)',
				value: 'template',
				description:
					'A template whose quick-reply buttons are the answers: reaches someone who has not written in 24 hours, e.g. a manager asked for an approval',
			},
		],
	},
	{
		// n8n drops a hidden field's value: a question typed in Message is gone after the switch.
		displayName:
			'The template’s own text is the question: Message is not sent with a template, and what it held is cleared. Put the words that change into the template’s variables below.',
		name: 'askWithTemplateNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { answerThrough: ['chat'], askWith: ['template'] }, ...NOT_FORM },
	},
	...questionTemplateFields({ answerThrough: ['chat'], askWith: ['template'] }),
	{
		displayName: 'If the 24-Hour Window Is Closed',
		name: 'ifWindowClosed',
		type: 'options',
		default: 'fail',
		displayOptions: { show: { answerThrough: ['chat'], askWith: ['message'] }, ...NOT_FORM },
		options: [
			{
				name: 'Ask With a Template',
				value: 'template',
				description:
					'When the platform refuses the question because the window is closed, ask with an approved template whose quick-reply buttons are the answers',
			},
			{ name: 'Fail', value: 'fail', description: 'The item fails with the platform’s refusal' },
		],
	},
	...questionTemplateFields({
		answerThrough: ['chat'],
		askWith: ['message'],
		ifWindowClosed: ['template'],
	}),
	{
		displayName: 'Link Button Text',
		name: 'linkButtonText',
		type: 'string',
		default: 'Answer',
		displayOptions: { show: { answerThrough: ['page'] } },
		description: `Up to ${LIMITS.linkButtonText} characters`,
	},
	...headerFooterFields(false).map((field) => ({
		...field,
		displayOptions: {
			show: { ...QUESTION.show, ...(field.displayOptions?.show ?? {}) },
			...NOT_TEMPLATE,
		},
	})),
	...waitLimitFields('the answer'),
	chatOptions([], { receipts: false }),
];

export const description = updateDisplayOptions(forOperation('message', 'sendAndWait'), properties);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/**
 * Sends one question and puts the execution to wait for its answer (see common/waiting).
 * One question per execution: n8n resumes a waiting execution once, so the node takes one item.
 */
export async function executeAll(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const items = this.getInputData();
	if (items.length !== 1)
		throw new NodeOperationError(
			node,
			`Send and Wait for Response asks one question per execution; it got ${items.length} items`,
			{
				description:
					'n8n resumes a waiting execution once. To ask several people, put a Loop Over Items node (batch size 1) before this node, or start one execution per person.',
			},
		);
	const item = itemContext.call(this, 0);
	const read = (name: string, fallback: unknown) => this.getNodeParameter(name, 0, fallback);
	const responseType = responseTypeOf(node, read);
	const address = await chatAddress.call(this, item, QUESTION_TEMPLATE.variables);
	const options = answerOptions(node, read);
	const { through, askWith } = askingWay(node, read);
	// The Flow's fields, checked before anything is sent (its token is the answer's reference).
	const flow = responseType === 'form' ? readFlowFields(this, 0) : undefined;
	// Read and checked before anything is sent: the template asked with, or asked with if the
	// window is closed (chatAddress read that one).
	const template: TemplateMessage | undefined =
		askWith === 'template'
			? await templateMessage.call(this, item, address.sender, {
					template: 'fallbackTemplate',
					variables: 'fallbackVariables',
					recipient: address.to,
					form: QUESTION_TEMPLATE.variables,
				})
			: address.fallback;
	const limit = waitLimit(this);

	return await waitFor.call(
		this,
		limit,
		async (reference) => {
			// The receipts carry it back: the trigger then knows this chat's next message answers.
			const callbackData =
				through === 'chat' && responseType === 'freeText' ? reference.id('text') : undefined;
			const asTemplate =
				template &&
				askingContent(
					node,
					template,
					options,
					(answer) => reference.id('tap', answer, PAYLOAD_MAX),
					QUESTION_TEMPLATE.label,
				);
			// Ask With › Template reads the template above, so asTemplate is there.
			const question =
				askWith === 'template'
					? asTemplate!
					: flow
						? await flowQuestion.call(this, item, flow, reference)
						: await questionContent.call(this, item, through, responseType, options, reference);
			const fallback = askWith === 'template' ? undefined : asTemplate;
			const send = async (message: MessageContent) =>
				await sendContent.call(this, item, address, message, callbackData);
			let sent;
			let sentAs = askWith === 'template' ? 'template' : 'message';
			try {
				sent = await send(question);
			} catch (error) {
				if (!fallback || !windowClosed(error))
					throw windowClosedWhileAsking(notWroteTo(error, address), flow !== undefined);
				sent = await send(fallback);
				sentAs = 'template';
			}
			return {
				...sentMessageJson(sent, address.to),
				phoneNumberId: address.sender,
				responseType,
				answerThrough: through,
				...(template ? { sentAs } : {}),
				...(template && sentAs === 'template'
					? { template: template.name, language: template.language }
					: {}),
			};
		},
		{ answered: false },
	);
}

/** Answer Through (chat or page) and, in the chat, Ask With (message or template), checked. */
function askingWay(
	node: INode,
	read: ParameterReader,
): { through: 'chat' | 'page'; askWith: string } {
	const through = String(read('answerThrough', 'chat'));
	if (through !== 'chat' && through !== 'page')
		throw new NodeOperationError(node, `Answer Through "${through}" is not one of chat, page`);
	const askWith = through === 'chat' ? String(read('askWith', 'message')) : '';
	if (through === 'chat' && askWith !== 'message' && askWith !== 'template')
		throw new NodeOperationError(node, `Ask With "${askWith}" is not one of message, template`);
	return { through, askWith };
}

/** The Flow's button, whose flow token is the reference of the form's answer. */
async function flowQuestion(
	this: IExecuteFunctions,
	item: ReturnType<typeof itemContext>,
	flow: ReturnType<typeof readFlowFields>,
	reference: AnswerReferences,
): Promise<MessageContent> {
	const { frame } = await questionFrame.call(this, item, 'form');
	return flowContent({
		...flow,
		token: reference.id('form', '', FLOW_LIMITS.token),
		header: frame.header?.type === 'text' ? frame.header.text : undefined,
		body: frame.body,
		footer: frame.footer,
	});
}

/** The question as a message (not a template): a link to n8n's page, a text, buttons or a list. */
async function questionContent(
	this: IExecuteFunctions,
	item: ReturnType<typeof itemContext>,
	through: string,
	responseType: string,
	options: AnswerOption[],
	reference: AnswerReferences,
): Promise<MessageContent> {
	const node = this.getNode();
	if (through === 'page') {
		const { frame } = await questionFrame.call(this, item, responseType);
		const text = limitedText(
			node,
			'Link Button Text',
			this.getNodeParameter('linkButtonText', 0, ''),
			LIMITS.linkButtonText,
			0,
			{ required: true },
		);
		return linkButtonContent(frame, { text, url: reference.url('page') });
	}
	if (responseType === 'freeText') {
		const body = limitedText(
			node,
			'Message',
			this.getNodeParameter('bodyText', 0, ''),
			LIMITS.textBody,
			0,
			{ required: true },
		);
		return textContent({ body });
	}
	const { frame } = await questionFrame.call(this, item, responseType);
	if (options.length <= LIMITS.buttons)
		return replyButtonsContent(
			frame,
			options.map((option) => ({
				id: reference.id('tap', option.answer, LIMITS.buttonId),
				title: option.title,
			})),
		);
	const button = limitedText(
		node,
		'List Button Text',
		this.getNodeParameter('listButton', 0, ''),
		LIMITS.listButton,
		0,
		{ required: true },
	);
	const rows = options.map((option) => ({
		id: reference.id('tap', option.answer, LIMITS.rowId),
		title: option.title,
		description: option.description,
	}));
	return listContent(frame, { button, sections: [{ rows }] });
}

/** Header, question and footer of an interactive question (a list's body may be longer). */
async function questionFrame(
	this: IExecuteFunctions,
	item: ReturnType<typeof itemContext>,
	responseType: string,
) {
	const read = (name: string, fallback: unknown) => this.getNodeParameter(name, 0, fallback);
	const choices = responseType === 'choice' ? answerOptions(this.getNode(), read).length : 0;
	const bodyMax = choices > LIMITS.buttons ? LIMITS.listBody : LIMITS.interactiveBody;
	return await interactiveFrame.call(this, item, bodyMax, '', ['text']);
}

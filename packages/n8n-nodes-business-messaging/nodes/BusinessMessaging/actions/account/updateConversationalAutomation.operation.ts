import type { IDataObject, INodeProperties } from 'n8n-workflow';
import {
	updateConversationalAutomation,
	type AutomationChanges,
} from '../../../common/api/conversationalAutomation';
import {
	AUTOMATION_LIMITS,
	commandNameProblem,
	componentTextProblem,
} from '../../../common/rules/conversationalAutomation';
import { listEntriesOf, numberSettingUpdate, updateFieldsOf, type Refuse } from './numberSettings';
import type { ItemExecute } from '../types';

const updateFields: INodeProperties[] = [
	{
		displayName: 'Commands',
		name: 'commands',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, maxAllowedFields: AUTOMATION_LIMITS.commands },
		// One row to fill when added; an empty list ({}) is dropped by n8n's editor as soon as
		// another field changes (test/noCodeForms.test.ts).
		default: { command: [{ name: '', hint: '' }] },
		placeholder: 'Add Command',
		description: `What a customer sees on typing "/": up to ${AUTOMATION_LIMITS.commands} commands, replacing the ones there (none removes them). A chosen command comes to the trigger as a text message, the command with its slash.`,
		options: [
			{
				displayName: 'Command',
				name: 'command',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. order',
						description: `One word of up to ${AUTOMATION_LIMITS.commandName} characters, without the "/"`,
					},
					{
						displayName: 'Hint',
						name: 'hint',
						type: 'string',
						default: '',
						placeholder: 'e.g. Track your order',
						description: `What the command does, up to ${AUTOMATION_LIMITS.commandHint} characters`,
					},
				],
			},
		],
	},
	{
		displayName: 'Ice Breakers',
		name: 'iceBreakers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, maxAllowedFields: AUTOMATION_LIMITS.iceBreakers },
		default: { iceBreaker: [{ text: '' }] },
		placeholder: 'Add Ice Breaker',
		description: `Questions a customer can tap when they first open the chat: up to ${AUTOMATION_LIMITS.iceBreakers}, replacing the ones there (none removes them). A tap comes to the trigger as a text message.`,
		options: [
			{
				displayName: 'Ice Breaker',
				name: 'iceBreaker',
				values: [
					{
						displayName: 'Text',
						name: 'text',
						type: 'string',
						default: '',
						placeholder: 'e.g. Where is my order?',
						description: `Up to ${AUTOMATION_LIMITS.iceBreaker} characters, no emoji`,
					},
				],
			},
		],
	},
	{
		displayName: 'Welcome Message',
		name: 'welcomeMessage',
		type: 'options',
		default: 'on',
		options: [
			{ name: 'Off', value: 'off' },
			{ name: 'On', value: 'on' },
		],
		description:
			'Whether the platform tells the trigger when a customer opens the chat for the first time (Incoming Message of type request_welcome), so the workflow can greet them',
	},
];

export const description = numberSettingUpdate('updateConversationalAutomation', updateFields);

/** Changes what Update Fields gives, every rule checked before anything is sent. */
export const execute: ItemExecute = async function (item) {
	const { phoneNumberId, fields, refuse } = updateFieldsOf.call(this, item);
	const changes: AutomationChanges = {};
	if (fields.welcomeMessage !== undefined) {
		if (fields.welcomeMessage !== 'on' && fields.welcomeMessage !== 'off')
			throw refuse(
				`Update Fields › Welcome Message "${String(fields.welcomeMessage)}" is not one of on, off`,
			);
		changes.enable_welcome_message = fields.welcomeMessage === 'on';
	}
	if (fields.iceBreakers !== undefined) changes.prompts = iceBreakersOf(fields.iceBreakers, refuse);
	if (fields.commands !== undefined) changes.commands = commandsOf(fields.commands, refuse);
	if (Object.keys(changes).length === 0) throw refuse('Update Fields is empty: add what to change');
	const { success } = await updateConversationalAutomation.call(
		this,
		phoneNumberId,
		changes,
		item.request,
	);
	return [{ json: { success, phoneNumberId, updated: Object.keys(changes) } }];
};

function iceBreakersOf(raw: unknown, refuse: Refuse): string[] {
	const texts = listEntriesOf(raw, 'iceBreaker').map((entry) =>
		String(typeof entry === 'string' ? entry : ((entry as IDataObject | null)?.text ?? '')),
	);
	if (texts.length > AUTOMATION_LIMITS.iceBreakers)
		throw refuse(
			`Update Fields › Ice Breakers has ${texts.length}; the platform takes at most ${AUTOMATION_LIMITS.iceBreakers}`,
		);
	texts.forEach((text, index) => {
		const problem = componentTextProblem(text, AUTOMATION_LIMITS.iceBreaker);
		if (problem) throw refuse(`Update Fields › Ice Breakers › ${index + 1} ${problem}`);
	});
	return texts;
}

function commandsOf(raw: unknown, refuse: Refuse): AutomationChanges['commands'] {
	const entries = listEntriesOf(raw, 'command');
	if (entries.length > AUTOMATION_LIMITS.commands)
		throw refuse(
			`Update Fields › Commands has ${entries.length}; the platform takes at most ${AUTOMATION_LIMITS.commands}`,
		);
	const seen = new Set<string>();
	return entries.map((given, index) => {
		const at = `Update Fields › Commands › ${index + 1}`;
		if (typeof given !== 'object' || given === null || Array.isArray(given))
			throw refuse(`${at} must be a command with a name and a hint, not ${JSON.stringify(given)}`);
		const entry = given as IDataObject;
		// A command is typed with "/" in the chat; the API takes its name without it.
		const name = String(entry.name ?? entry.command_name ?? '')
			.trim()
			.replace(/^\//, '');
		const nameProblem = commandNameProblem(name);
		if (nameProblem) throw refuse(`${at} › Name ${nameProblem}`);
		if (seen.has(name.toLowerCase())) throw refuse(`${at} › Name "${name}" is given twice`);
		seen.add(name.toLowerCase());
		const hint = String(entry.hint ?? entry.command_description ?? '');
		const hintProblem = componentTextProblem(hint, AUTOMATION_LIMITS.commandHint);
		if (hintProblem) throw refuse(`${at} › Hint ${hintProblem}`);
		return { command_name: name, command_description: hint };
	});
}

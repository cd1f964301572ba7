import { characterCount } from '../characters';
import { invalid } from '../errors';
import { isObject, onlyKeys, type Json } from '../validate';

/**
 * Conversational components on a number (POST /{phone_number_id}/conversational_automation, and
 * `conversational_automation` among GET /{phone_number_id}'s fields; docs/API.md,
 * "Conversational automation"): the ice breakers (`prompts`), the commands and the welcome
 * message, with the rules of Meta's "Conversational Components" page, one function each.
 */

export const ICE_BREAKERS_MAX = 4;
export const ICE_BREAKER_MAX = 80;
export const COMMANDS_MAX = 30;
export const COMMAND_NAME_MAX = 32;
export const COMMAND_HINT_MAX = 256;

/** A number's components; a list not set is empty. */
export interface ConversationalAutomation {
	enable_welcome_message: boolean;
	prompts: string[];
	commands: Array<{ command_name: string; command_description: string }>;
}

/** Emoji, which the page says the components do not take. */
const EMOJI = /\p{Extended_Pictographic}/u;

/** The body of an update, every rule checked before anything changes: what it sets. */
export function automationUpdate(body: Json): Partial<ConversationalAutomation> {
	onlyKeys(body, ['enable_welcome_message', 'prompts', 'commands'], 'body');
	const update: Partial<ConversationalAutomation> = {};
	if (body.enable_welcome_message !== undefined)
		update.enable_welcome_message = welcomeMessage(body.enable_welcome_message);
	if (body.prompts !== undefined) update.prompts = iceBreakers(body.prompts);
	if (body.commands !== undefined) update.commands = commands(body.commands);
	if (Object.keys(update).length === 0)
		throw invalid('body', 'sets nothing: give enable_welcome_message, prompts or commands');
	return update;
}

/** The welcome message: on or off (a boolean, or "true" / "false" as a form sends it). */
function welcomeMessage(value: unknown): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	throw invalid('enable_welcome_message', 'must be true or false');
}

/** Ice breakers: at most 4, each 1 to 80 characters, no emoji. */
function iceBreakers(value: unknown): string[] {
	if (!Array.isArray(value)) throw invalid('prompts', 'must be a list of texts');
	if (value.length > ICE_BREAKERS_MAX)
		throw invalid(
			'prompts',
			`takes at most ${ICE_BREAKERS_MAX} ice breakers (it has ${value.length})`,
		);
	return value.map((prompt, index) => text(prompt, `prompts[${index}]`, ICE_BREAKER_MAX));
}

/** Commands: at most 30, a name of 1 to 32 characters (no "/", no space) and a hint of 1 to 256, no emoji, no name twice. */
function commands(value: unknown): ConversationalAutomation['commands'] {
	if (!Array.isArray(value))
		throw invalid('commands', 'must be a list of {command_name, command_description}');
	if (value.length > COMMANDS_MAX)
		throw invalid('commands', `takes at most ${COMMANDS_MAX} commands (it has ${value.length})`);
	const seen = new Set<string>();
	return value.map((entry, index) => {
		const path = `commands[${index}]`;
		if (!isObject(entry))
			throw invalid(path, 'must be an object {command_name, command_description}');
		onlyKeys(entry, ['command_name', 'command_description'], path);
		const name = text(entry.command_name, `${path}.command_name`, COMMAND_NAME_MAX);
		if (/[\s/]/.test(name))
			throw invalid(`${path}.command_name`, 'is written without "/" and without spaces');
		if (seen.has(name.toLowerCase()))
			throw invalid(`${path}.command_name`, `"${name}" is given twice`);
		seen.add(name.toLowerCase());
		const hint = text(entry.command_description, `${path}.command_description`, COMMAND_HINT_MAX);
		return { command_name: name, command_description: hint };
	});
}

function text(value: unknown, path: string, max: number): string {
	if (typeof value !== 'string' || value.trim() === '')
		throw invalid(path, 'must be a non-empty text');
	if (characterCount(value) > max)
		throw invalid(path, `must be at most ${max} characters (it has ${characterCount(value)})`);
	if (EMOJI.test(value)) throw invalid(path, 'cannot hold emoji');
	return value;
}

/** What `conversational_automation` answers: the welcome message's setting and the lists set. */
export function automationView(automation: ConversationalAutomation): Json {
	return {
		enable_welcome_message: automation.enable_welcome_message,
		...(automation.prompts.length ? { prompts: automation.prompts } : {}),
		...(automation.commands.length ? { commands: automation.commands } : {}),
	};
}

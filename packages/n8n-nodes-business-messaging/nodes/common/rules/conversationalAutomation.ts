import { characterCount } from '../characters';

/**
 * The conversational components' limits, as Meta's page "Conversational Components" gives them:
 * at most 4 ice breakers of 80 characters, at most 30 commands, a command's name of 32
 * characters (written without "/"), its hint of 256, and no emoji in any of them. Each returns
 * what is wrong, or undefined.
 */
export const AUTOMATION_LIMITS = {
	iceBreakers: 4,
	iceBreaker: 80,
	commands: 30,
	commandName: 32,
	commandHint: 256,
} as const;

const EMOJI = /\p{Extended_Pictographic}/u;

/** Why a text of a component breaks its rule (empty, too long, an emoji), or undefined. */
export function componentTextProblem(value: string, max: number): string | undefined {
	if (value.trim() === '') return 'is empty';
	if (characterCount(value) > max)
		return `has ${characterCount(value)} characters; it may have at most ${max}`;
	if (EMOJI.test(value)) return 'holds an emoji, which the platform does not show here';
	return undefined;
}

/** Why a command's name (its leading "/" already taken off) breaks its rule, or undefined. */
export function commandNameProblem(name: string): string | undefined {
	if (/[\s/]/.test(name)) return `"${name}" must be one word, without "/" or spaces`;
	return componentTextProblem(name, AUTOMATION_LIMITS.commandName);
}

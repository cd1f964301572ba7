import { OTHER_API_KEY } from 'business-messaging-sandbox';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { numberSettingRunner } from './accountSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Account › Get Conversational Automation and Update Conversational Automation against the
 * sandbox, and the sandbox's rules for the components sent raw, one check per rule of Meta's
 * "Conversational Components" page (its rules/conversationalAutomation.ts): both sides in one file.
 */
const bed = useTestBed();

const { number, run } = numberSettingRunner(bed);
const update = (updateFields: IDataObject) =>
	run('updateConversationalAutomation', { updateFields } as INodeParameters);
const iceBreakers = (...texts: string[]) => ({ iceBreaker: texts.map((text) => ({ text })) });
const commands = (...entries: Array<[string, string]>) => ({
	command: entries.map(([name, hint]) => ({ name, hint })),
});

describe('Account › Update and Get Conversational Automation', () => {
	it('sets ice breakers, commands and the welcome message; Get reads them back', async () => {
		const [[output]] = await update({
			welcomeMessage: 'on',
			iceBreakers: iceBreakers('Where is my order?', 'Opening hours'),
			commands: commands(['/order', 'Track your order'], ['menu', 'See this week’s coffees']),
		});
		expect(output.json).toEqual({
			success: true,
			phoneNumberId: number(),
			updated: ['enable_welcome_message', 'prompts', 'commands'],
		});
		const [request] = bed.requests().filter((r) => r.url.endsWith('/conversational_automation'));
		// The "/" a user types is not part of a command's name.
		expect(JSON.parse(request.body!)).toEqual({
			enable_welcome_message: true,
			prompts: ['Where is my order?', 'Opening hours'],
			commands: [
				{ command_name: 'order', command_description: 'Track your order' },
				{ command_name: 'menu', command_description: 'See this week’s coffees' },
			],
		});
		const [[read]] = await run('getConversationalAutomation');
		expect(read.json).toEqual({
			enable_welcome_message: true,
			prompts: ['Where is my order?', 'Opening hours'],
			commands: [
				{ command_name: 'order', command_description: 'Track your order' },
				{ command_name: 'menu', command_description: 'See this week’s coffees' },
			],
			phoneNumberId: number(),
		});
		const [get] = bed.requests().filter((r) => r.method === 'GET');
		expect(get.url).toBe(`/v3/${number()}?fields=conversational_automation`);
	});

	it('an empty list removes them; what is not given stays', async () => {
		await update({ iceBreakers: iceBreakers('Hi'), commands: commands(['help', 'Ask us']) });
		await update({ iceBreakers: {} });
		const [[read]] = await run('getConversationalAutomation');
		expect(read.json).toEqual({
			enable_welcome_message: false,
			commands: [{ command_name: 'help', command_description: 'Ask us' }],
			phoneNumberId: number(),
		});
	});

	it.each([
		[
			'five ice breakers',
			{ iceBreakers: iceBreakers('a', 'b', 'c', 'd', 'e') },
			'Update Fields › Ice Breakers has 5; the platform takes at most 4',
		],
		[
			'an 81-character ice breaker',
			{ iceBreakers: iceBreakers('a'.repeat(81)) },
			'Update Fields › Ice Breakers › 1 has 81 characters; it may have at most 80',
		],
		[
			'an empty ice breaker',
			{ iceBreakers: iceBreakers(' ') },
			'Update Fields › Ice Breakers › 1 is empty',
		],
		[
			'an ice breaker with an emoji',
			{ iceBreakers: iceBreakers('Order ☕') },
			'Update Fields › Ice Breakers › 1 holds an emoji',
		],
		[
			'31 commands',
			{
				commands: commands(
					...Array.from({ length: 31 }, (_, n): [string, string] => [`c${n}`, 'x']),
				),
			},
			'Update Fields › Commands has 31; the platform takes at most 30',
		],
		[
			'a 33-character command',
			{ commands: commands(['a'.repeat(33), 'x']) },
			'Update Fields › Commands › 1 › Name has 33 characters; it may have at most 32',
		],
		[
			'a command of two words',
			{ commands: commands(['track order', 'x']) },
			'must be one word, without "/" or spaces',
		],
		[
			'a 257-character hint',
			{ commands: commands(['help', 'a'.repeat(257)]) },
			'Update Fields › Commands › 1 › Hint has 257 characters; it may have at most 256',
		],
		[
			'a command given twice',
			{ commands: commands(['help', 'x'], ['/HELP', 'y']) },
			'Update Fields › Commands › 2 › Name "HELP" is given twice',
		],
		['nothing to change', {}, 'Update Fields is empty: add what to change'],
	])('refuses %s before any request, naming the field', async (_, fields, message) => {
		const error = await expectFailure(update(fields));
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});

	it('takes each limit exactly, counted as the platform counts', async () => {
		await update({
			iceBreakers: iceBreakers('日'.repeat(80), 'é'.repeat(80), 'c', 'd'),
			commands: commands(
				['a'.repeat(32), 'h'.repeat(256)],
				...Array.from({ length: 29 }, (_, n): [string, string] => [`c${n}`, 'x']),
			),
		});
		expect(bed.requests().at(-1)?.status).toBe(200);
	});
});

/** A raw update of the first number's components, as any client sends it. */
async function post(body: IDataObject, key = bed.sandbox.apiKey) {
	const response = await fetch(`${bed.sandbox.baseUrl}/${number()}/conversational_automation`, {
		method: 'POST',
		headers: { apikey: key, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's conversational components, sent raw", () => {
	const command = (command_name: string, command_description = 'x') => ({
		command_name,
		command_description,
	});

	it.each([
		['ice breakers: at most 4', { prompts: ['a', 'b', 'c', 'd', 'e'] }, 'prompts: takes at most 4'],
		[
			'an ice breaker: 80 characters',
			{ prompts: ['a'.repeat(81)] },
			'prompts[0]: must be at most 80',
		],
		['an ice breaker: not empty', { prompts: [''] }, 'prompts[0]: must be a non-empty text'],
		['an ice breaker: no emoji', { prompts: ['Hi 👋'] }, 'prompts[0]: cannot hold emoji'],
		[
			'commands: at most 30',
			{ commands: Array.from({ length: 31 }, (_, n) => command(`c${n}`)) },
			'commands: takes at most 30',
		],
		[
			'a command name: 32 characters',
			{ commands: [command('a'.repeat(33))] },
			'commands[0].command_name: must be at most 32',
		],
		['a command name: no "/" or space', { commands: [command('/help')] }, 'is written without "/"'],
		[
			'a hint: 256 characters',
			{ commands: [command('help', 'a'.repeat(257))] },
			'commands[0].command_description: must be at most 256',
		],
		[
			'a command: once',
			{ commands: [command('help'), command('Help')] },
			'commands[1].command_name: "Help" is given twice',
		],
		[
			'the welcome message: true or false',
			{ enable_welcome_message: 'yes' },
			'enable_welcome_message: must be true or false',
		],
		['no other fields', { greeting: 'hi' }, 'greeting'],
		['something to set', {}, 'sets nothing'],
	])('%s', async (_, body, message) => {
		const answer = await post(body);
		expect(answer.status).toBe(400);
		expect(String((answer.body.error as IDataObject).message)).toContain(message);
	});

	it("answers another key's number as unknown", async () => {
		expect((await post({ prompts: ['Hi'] }, OTHER_API_KEY)).status).toBe(404);
	});
});

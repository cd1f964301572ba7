import { bad } from './fieldChecks';
import type { Flow } from '../model';
import { isObject, onlyKeys, type Json } from '../validate';
import { characterCount } from '../characters';

/**
 * The action of an interactive `flow` message (Cloud API, "Sending a Flow" and the interactive
 * flow messages page): `{name: "flow", parameters}`. Its header (text only), body (1024) and
 * footer (60) are the interactive checks' of messageContent.ts. Every refusal is 131009 naming the
 * field path and the rule, as the other interactive types' are; a field the action does not have
 * is code 100.
 */

/** The only flow message version the Cloud API takes. */
export const FLOW_MESSAGE_VERSION = '3';
/** "CTA text length is advised to be 30 characters or less (no emoji)" (older pages: 20). */
export const MAX_FLOW_CTA = 30;
export const FLOW_MODES = ['draft', 'published'] as const;
export const FLOW_ACTIONS = ['navigate', 'data_exchange'] as const;

const PATH = 'interactive.action';
const PARAMETERS = `${PATH}.parameters`;
const EMOJI = /\p{Extended_Pictographic}/u;

/** Checks the action against the flows of the sending number's business account. */
export function flowAction(action: Json, flows: readonly Flow[]): void {
	onlyKeys(action, ['name', 'parameters'], PATH);
	if (action.name !== 'flow')
		throw bad(`${PATH}.name`, `must be "flow" (got ${JSON.stringify(action.name)})`);
	if (!isObject(action.parameters)) throw bad(PARAMETERS, 'is required and must be a JSON object');
	const parameters = action.parameters;
	onlyKeys(
		parameters,
		[
			'flow_message_version',
			'flow_token',
			'flow_id',
			'flow_name',
			'flow_cta',
			'mode',
			'flow_action',
			'flow_action_payload',
		],
		PARAMETERS,
	);
	if (parameters.flow_message_version !== FLOW_MESSAGE_VERSION)
		throw bad(
			`${PARAMETERS}.flow_message_version`,
			`is required and must be "${FLOW_MESSAGE_VERSION}"${gotten(parameters.flow_message_version)}`,
		);
	const cta = text(parameters, 'flow_cta');
	if (characterCount(cta) > MAX_FLOW_CTA)
		throw bad(
			`${PARAMETERS}.flow_cta`,
			`at most ${MAX_FLOW_CTA} characters (got ${characterCount(cta)})`,
		);
	if (EMOJI.test(cta)) throw bad(`${PARAMETERS}.flow_cta`, 'must not contain emoji');
	if (parameters.flow_token !== undefined) text(parameters, 'flow_token');
	const mode = choice(parameters, 'mode', FLOW_MODES, 'published');
	const flow = chosenFlow(parameters, flows);
	sendable(flow, mode, parameters.flow_id !== undefined ? 'flow_id' : 'flow_name');
	const flowActionName = choice(parameters, 'flow_action', FLOW_ACTIONS, 'navigate');
	if (flowActionName === 'data_exchange') {
		if (parameters.flow_action_payload !== undefined)
			throw bad(
				`${PARAMETERS}.flow_action_payload`,
				'must be omitted when flow_action is data_exchange (the endpoint gives the first screen)',
			);
	} else if (parameters.flow_action_payload !== undefined)
		payload(parameters.flow_action_payload, flow);
}

function gotten(value: unknown): string {
	return value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
}

function text(parameters: Json, key: string): string {
	const value = parameters[key];
	if (typeof value !== 'string' || value.trim() === '')
		throw bad(`${PARAMETERS}.${key}`, 'is required and must be a non-empty string');
	return value;
}

/** One of `allowed`; absent gives the Cloud API's default. */
function choice<T extends string>(
	parameters: Json,
	key: string,
	allowed: readonly T[],
	fallback: T,
): T {
	const value = parameters[key];
	if (value === undefined) return fallback;
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
		throw bad(`${PARAMETERS}.${key}`, `must be ${allowed.join(' or ')}${gotten(value)}`);
	return value as T;
}

/** flow_id or flow_name, exactly one, naming a flow of the sending number's account. */
function chosenFlow(parameters: Json, flows: readonly Flow[]): Flow {
	if (parameters.flow_id !== undefined && parameters.flow_name !== undefined)
		throw bad(`${PARAMETERS}.flow_id`, 'give either flow_id or flow_name, not both');
	if (parameters.flow_id === undefined && parameters.flow_name === undefined)
		throw bad(PARAMETERS, 'needs flow_id or flow_name');
	const key = parameters.flow_id !== undefined ? 'flow_id' : 'flow_name';
	const wanted = text(parameters, key);
	const flow = flows.find((f) => (key === 'flow_id' ? f.id : f.name) === wanted);
	if (!flow)
		throw bad(
			`${PARAMETERS}.${key}`,
			`is not a flow of this number's WhatsApp Business Account (got ${JSON.stringify(wanted)})`,
		);
	return flow;
}

/**
 * "Lifecycle of a Flow": a draft is sent for testing only (mode draft), a deprecated flow can no
 * longer be sent, a blocked one neither; a throttled one still can (at the platform's reduced rate).
 */
function sendable(flow: Flow, mode: (typeof FLOW_MODES)[number], key: string): void {
	const path = `${PARAMETERS}.${key}`;
	if (flow.status === 'DEPRECATED' || flow.status === 'BLOCKED')
		throw bad(path, `flow ${flow.name} is ${flow.status} and can no longer be sent`);
	if (flow.status === 'DRAFT' && mode === 'published')
		throw bad(
			path,
			`flow ${flow.name} is DRAFT: it is not published; send it with mode "draft" to test it`,
		);
}

/** `{screen?, data?}`: a screen of the flow (absent: its entry screen), data a non-empty object. */
function payload(value: unknown, flow: Flow): void {
	const path = `${PARAMETERS}.flow_action_payload`;
	if (!isObject(value)) throw bad(path, 'must be a JSON object');
	onlyKeys(value, ['screen', 'data'], path);
	if (value.screen !== undefined) {
		if (typeof value.screen !== 'string' || !flow.screens.includes(value.screen))
			throw bad(
				`${path}.screen`,
				`must be a screen of flow ${flow.name} (${flow.screens.join(', ')})${gotten(value.screen)}`,
			);
	}
	if (value.data !== undefined && (!isObject(value.data) || Object.keys(value.data).length === 0))
		throw bad(`${path}.data`, 'must be a non-empty JSON object');
}

import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../isObject';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/**
 * Meta's conversation routing (docs/API.md, "Conversation routing"): when several apps answer on
 * one number, the business makes one primary per entry point. The Routing Roles API reports this
 * app's own roles on a number (`roles`, empty when it is primary for nothing; `calls` when it is
 * the Call primary) and whether it receives standby copies (`is_standby`); never another app's.
 * Meta's page does not show the path here: /{phone_number_id}/routing_roles is our reading, and
 * the answer is read in the value itself or in `data` or `routing_roles`.
 */

export interface RoutingRoles extends IDataObject {
	phoneNumberId: string;
	roles: string[];
	isStandby: boolean;
	/** What the roles mean for this workflow, when something is wrong; absent when all is well. */
	warning?: string;
}

/** GET /{phone_number_id}/routing_roles: this app's roles on the number. */
export async function getRoutingRoles(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<RoutingRoles> {
	const answer = await requestJson<IDataObject>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }, 'routing_roles'),
		},
		request,
	);
	return rolesOf(phoneNumberId, answer);
}

function rolesOf(phoneNumberId: string, answer: IDataObject): RoutingRoles {
	const candidates = [
		answer,
		...(Array.isArray(answer.data) ? answer.data : [answer.data]),
		answer.routing_roles,
	].filter(isObject);
	const found = candidates.find((c) => Array.isArray(c.roles)) ?? {};
	const roles = (Array.isArray(found.roles) ? found.roles : []).map(String);
	const isStandby = found.is_standby === true;
	return { phoneNumberId, roles, isStandby, warning: routingWarning(roles, isStandby) };
}

/** Meta's troubleshooting row "No inbound messages", said for this workflow. */
function routingWarning(roles: string[], isStandby: boolean): string | undefined {
	if (roles.length > 0) return undefined;
	return isStandby
		? "Another app is primary on this number (Meta's conversation routing): this app receives only standby copies of its chats, which the trigger marks standby: true. Answering one takes the chat back from that app."
		: 'This app is primary for no entry point on this number and has no standby: it receives no customer messages there. Ask the business to make it primary, or to grant it standby, in its conversation routing settings.';
}

/** What thread control does to a chat: passes it to the other app, or takes it back. */
export type ThreadControlAction = 'pass' | 'take';

declare const built: unique symbol;
/** A body made by `threadControlBody` (common/messages/threadControl.ts). */
export type ThreadControlBody = IDataObject & { readonly [built]: 'threadControl' };

/**
 * POST /{phone_number_id}/thread_control (Meta's Business Agent reference): `pass` gives the
 * chat to the other app on the number (the business's helpdesk), `take` takes it back (only the
 * escalation partner may). The platform answers `{success: true}`. A take leaves the same owner
 * when done twice, so it may be repeated after an unclear failure; a pass may not: done twice,
 * the second is refused, as the chat is no longer ours to pass.
 */
export async function threadControl(
	this: Context,
	phoneNumberId: string,
	body: ThreadControlBody,
	request: RequestContext = {},
): Promise<IDataObject> {
	return await requestJson<IDataObject>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }, 'thread_control'),
			body,
			idempotent: body.action === 'take',
		},
		request,
	);
}

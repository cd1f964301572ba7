import type { IDataObject } from 'n8n-workflow';
import { interactiveContent, type MessageContent } from './contents';

/**
 * A message with a button that opens a WhatsApp Flow, a form in the chat (the Cloud API's
 * interactive `flow`; API.md, "WhatsApp Flows"). The one builder of it: Send Flow uses it, and
 * so can any other operation that asks with a flow, from values it read and checked itself.
 */

/** The Cloud API takes this flow message version only. */
const FLOW_MESSAGE_VERSION = '3';

export interface FlowMessage {
	/** The flow by its ID (sent as flow_id), or by its name (flow_name). */
	flow: { id: string } | { name: string };
	/** The text of the button that opens the flow (flow_cta). */
	cta: string;
	/** draft sends the flow's draft, for testing; published its published version. */
	mode: 'published' | 'draft';
	/** The screen the flow opens on; absent, the flow's first screen. */
	screen?: string;
	/** The first screen's input data; a non-empty object, or left out. */
	data?: IDataObject;
	/** Handed back with the customer's answer (flow_token), so the answer can be matched. */
	token: string;
	/** A text header, left out when empty. */
	header?: string;
	body: string;
	/** Left out when empty. */
	footer?: string;
}

/** The message; the flow opens on `screen` (or its first) with `data` when given (flow_action navigate). */
export function flowContent(message: FlowMessage): MessageContent {
	const { flow, data } = message;
	return interactiveContent(
		'flow',
		{
			...(message.header ? { header: { type: 'text', text: message.header } } : {}),
			body: message.body,
			...(message.footer ? { footer: message.footer } : {}),
		},
		{
			name: 'flow',
			parameters: {
				flow_message_version: FLOW_MESSAGE_VERSION,
				...('id' in flow ? { flow_id: flow.id } : { flow_name: flow.name }),
				flow_cta: message.cta,
				mode: message.mode,
				flow_token: message.token,
				flow_action: 'navigate',
				// Both optional (Meta's Sending a Flow page): without a screen the flow opens on its
				// first one; an empty payload is left out.
				...(message.screen || (data && Object.keys(data).length > 0)
					? {
							flow_action_payload: {
								...(message.screen ? { screen: message.screen } : {}),
								...(data && Object.keys(data).length > 0 ? { data } : {}),
							},
						}
					: {}),
			},
		},
	);
}

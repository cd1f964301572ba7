import type { INodeProperties } from 'n8n-workflow';
import { MAX_HANDOVER_MS } from '../../../common/store/chatHandovers';

/**
 * The fields Hand Over and Hand Back share: where the chat's state is kept (the trigger's Keep
 * State In, which the two must match) and whether conversation routing's thread control moves the
 * chat too. The State credential is declared on the node, shown for Database.
 */

export type KeptIn = 'process' | 'database';
export type Through = 'state' | 'routing';

export const STATE_FIELD = 'keepStateIn';

/** The node's own bound on a Time Limit (30 days): a longer handover is a chat nobody hands back. */
export const MAX_HOURS = MAX_HANDOVER_MS / (60 * 60 * 1000);
export const THROUGH_FIELD = 'through';

export function keepStateInField(): INodeProperties {
	return {
		displayName: 'Keep State In',
		name: STATE_FIELD,
		type: 'options',
		default: 'process',
		description:
			"Where the trigger of this number keeps its state: choose what its Keep State In says, or the trigger won't see the handover",
		options: [
			{
				name: 'Database (Data Tables)',
				value: 'database',
				description:
					'Seen by every n8n process and kept across restarts, through the n8n API (n8n 2.7 or later)',
			},
			{
				name: 'Process Memory',
				value: 'process',
				description:
					'Seen only by this n8n process until it restarts: in queue mode the workers and webhook processes do not share it',
			},
		],
	};
}

export function throughField(action: 'pass' | 'take'): INodeProperties {
	return {
		displayName: 'Through Conversation Routing',
		name: THROUGH_FIELD,
		type: 'options',
		default: 'state',
		description:
			action === 'pass'
				? "Whether the chat also moves to the person's app on the number (Meta's conversation routing), or only the trigger stays quiet"
				: 'Whether the chat is also taken back from the other app on the number (thread control take: this app must be its escalation partner)',
		options: [
			{
				name: 'No, Only the Trigger',
				value: 'state',
				description:
					action === 'pass'
						? "The trigger starts nothing for the chat's messages (or marks them, see its Skip Chats a Person Is Handling); the person answers from the WhatsApp Business app or any tool"
						: 'The trigger starts the workflow for the chat’s next message again',
			},
			{
				name: 'Yes, Thread Control',
				value: 'routing',
				description:
					action === 'pass'
						? 'Passes the chat to the other app on the number (a helpdesk): this app then gets only standby copies of its messages, which the trigger marks standby: true. Needs conversation routing on the number.'
						: 'Takes the chat back from the other app, then the trigger starts the workflow again',
			},
		],
	};
}

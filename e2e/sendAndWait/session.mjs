// What the Send and Wait suite's checks act with: its workflows' executions, starting a question
// and waiting for it to wait, the customer's answers through the sandbox, and deliveries signed
// as the platform signs them.
import { createHmac } from 'node:crypto';
import { assert } from '../checks.mjs';
import { executionsOf, savedExecution, waitFor } from '../../tools/n8n/index.mjs';
import { CUSTOMER, SECRET, TRIGGER_ID } from './workflows.mjs';

export class WaitSession {
	/** `served`: n8n's main, where its webhooks answer (`hooks`) and the owner's cookie. */
	constructor({ sandbox, flows, mode }, { main, hooks, cookie }) {
		Object.assign(this, { sandbox, flows, mode, main, hooks, cookie });
		this.control = sandbox.control;
		this.triggerUrl = `${hooks}/webhook/${TRIGGER_ID}/webhook`;
		/** The question with a short limit, asked first and checked last. */
		this.limited = undefined;
	}

	executions(flow) {
		return executionsOf(this.main, this.cookie, flow.id);
	}

	/**
	 * POSTs to a flow's Webhook node once n8n serves it: in one queue-mode run the trigger's
	 * webhook was served and ask-limit's still answered 404 (a 404 started nothing, so asking
	 * again is safe).
	 */
	async startFlow(path, init = {}) {
		let response;
		await waitFor(
			async () => {
				response = await fetch(`${this.hooks}/webhook/${path}`, { method: 'POST', ...init });
				return response.status !== 404;
			},
			60_000,
			`the ${path} webhook to be served`,
		);
		return response;
	}

	/** Starts a flow through its Webhook node; resolves with its execution once it waits. */
	async ask(flow, to = CUSTOMER) {
		const before = (await this.executions(flow)).length;
		const path = flow.nodes[0].parameters.path;
		const started = await this.startFlow(path);
		assert(started.ok, `the ${path} webhook answered ${started.status}`);
		let waiting;
		await waitFor(
			async () => {
				const list = await this.executions(flow);
				waiting = list.length > before ? list[0] : undefined;
				return waiting && !['new', 'running'].includes(waiting.status);
			},
			60_000,
			`${flow.name} to wait`,
		);
		assert(waiting.status === 'waiting', `execution ${waiting.id} is ${waiting.status}`);
		const sent = (await this.control('/messages')).data
			.filter((m) => m.to === to || m.recipient === to)
			.at(-1);
		return { execution: waiting, sent };
	}

	/** The execution once it has finished; the items "Ask" and "After" output. */
	async finished(flow, id) {
		await waitFor(
			async () => {
				const list = await this.executions(flow);
				const run = list.find((e) => String(e.id) === String(id));
				return run && !['new', 'running', 'waiting'].includes(run.status);
			},
			90_000,
			`execution ${id} to finish`,
		);
		const { status, data } = await savedExecution(this.main, this.cookie, id);
		const items = (name) =>
			(data.resultData.runData[name]?.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json);
		return { status, ask: items('Ask'), after: items('After'), runs: data.resultData.runData };
	}

	/** The trigger's executions, newest first, with the items they started with. */
	async triggerItems() {
		const list = await this.executions(this.flows.trigger);
		await waitFor(
			async () =>
				(await this.executions(this.flows.trigger)).every(
					(e) => !['new', 'running'].includes(e.status),
				),
			30_000,
			'the trigger executions to finish',
		);
		const items = [];
		for (const run of list) {
			const { data } = await savedExecution(this.main, this.cookie, run.id);
			const trigger = data.resultData.runData['Business Messaging Trigger'];
			for (const item of trigger?.[0]?.data?.main?.[0] ?? []) items.push(item.json);
		}
		return items;
	}

	/**
	 * Whether the trigger workflow got any of the messages: asked once every delivery the sandbox
	 * made was answered (n8n records an execution before it answers the delivery that starts it).
	 */
	async reachedTrigger(messageIds) {
		await this.control('/webhook/flush', {});
		return (await this.triggerItems()).filter((item) => messageIds.includes(item.messageId));
	}

	/** The question's receipts (with its callback data) reach the trigger before the answer. */
	receiptsReached(sent) {
		return waitFor(
			async () =>
				(await this.triggerItems()).some(
					(item) => item.eventType === 'messageStatus' && item.messageId === sent.id,
				),
			30_000,
			'the question’s receipts',
		);
	}

	/** The customer taps a button or a row of the interactive question `sent`. */
	tap(sent, answer) {
		return this.control('/incoming', {
			phone_number_id: this.sandbox.phoneNumberIds[0],
			from: CUSTOMER,
			type: 'interactive',
			reply_to: sent.id,
			...answer,
		});
	}

	/** A delivery signed with the trigger's secret, as the platform would sign it. */
	async deliver(payload) {
		const body = JSON.stringify(payload);
		const signature = createHmac('sha256', SECRET).update(body).digest('hex');
		return await fetch(this.triggerUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
			body,
		});
	}

	/** A tap on a button of `sent`, written by hand (its ID and title as given), not by the sandbox. */
	tapDelivery(sent, id, title) {
		const message = {
			from: CUSTOMER,
			id: `wamid.forged${Date.now()}`,
			timestamp: String(Math.floor(Date.now() / 1000)),
			type: 'interactive',
			context: { from: '15550001', id: sent.id },
			interactive: { type: 'button_reply', button_reply: { id, title } },
		};
		const value = {
			messaging_product: 'whatsapp',
			metadata: { phone_number_id: this.sandbox.phoneNumberIds[0] },
			contacts: [{ wa_id: CUSTOMER, profile: { name: 'Lea' } }],
			messages: [message],
		};
		return {
			object: 'whatsapp_business_account',
			entry: [{ id: 'waba', changes: [{ field: 'messages', value }] }],
		};
	}
}

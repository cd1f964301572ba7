// The platform as a sender, for the runs that prove the trigger's promises: a customer's message
// as the platform delivers it, signed with the app secret, and delivered again until it is
// answered 200, later and later, as the platform retries.
import { createHmac } from 'node:crypto';

const BUSINESS_NUMBER = '15550001111';

/** A change of the number's `field`, with `value`, in the platform's envelope. */
function numberDelivery(field, value, phoneNumberId) {
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-store',
				changes: [
					{
						field,
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: BUSINESS_NUMBER, phone_number_id: phoneNumberId },
							...value,
						},
					},
				],
			},
		],
	});
}

/** A text of `id`, sent now: as a customer's message or an echo carries it. */
const textNow = (id, text) => ({
	id,
	timestamp: String(Math.floor(Date.now() / 1000)),
	type: 'text',
	text: { body: text },
});

/** One customer's text message, as the platform delivers it. */
export function messageDelivery(id, from, text, phoneNumberId = 'pn-store') {
	return numberDelivery(
		'messages',
		{
			contacts: [{ wa_id: from, profile: { name: `Customer ${from}` } }],
			messages: [{ from, ...textNow(id, text) }],
		},
		phoneNumberId,
	);
}

/** A message a person sent from the WhatsApp Business app to `to` (an echo), as the platform delivers it. */
export function echoDelivery(id, to, text, phoneNumberId = 'pn-store') {
	return numberDelivery(
		'smb_message_echoes',
		{ message_echoes: [{ from: BUSINESS_NUMBER, to, ...textNow(id, text) }] },
		phoneNumberId,
	);
}

/**
 * Posts signed deliveries to `url`. `post` tries once (the status, or 'failed' when nothing
 * answered); `postAndHangUp` gives up after a while; `deliver` tries until answered 200 (at most `tries`). `tally` counts every answer by
 * status; `answerTimes` holds how long each 200 took (ms), taken by `answerFigures`.
 */
export function platformSender({ url, secret, timeoutMs = 30_000 }) {
	const tally = {};
	const answerTimes = [];
	/** The signed POST of `body`, given up after `ms`: its answer, read whole, or a throw. */
	async function signedPost(body, ms) {
		const signature = createHmac('sha256', secret).update(body).digest('hex');
		const response = await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-hub-signature-256': `sha256=${signature}`,
			},
			body,
			signal: AbortSignal.timeout(ms),
		});
		await response.arrayBuffer();
		return response;
	}
	async function post(body) {
		const started = Date.now();
		try {
			const response = await signedPost(body, timeoutMs);
			if (response.status === 200) answerTimes.push(Date.now() - started);
			return response.status;
		} catch {
			return 'failed';
		}
	}
	/** Posts `body` and hangs up after `ms`, as a caller that gives up: true if it hung up first. */
	async function postAndHangUp(body, ms) {
		return await signedPost(body, ms).then(
			() => false,
			() => true,
		);
	}
	async function deliver(body, tries = 30) {
		for (let attempt = 0; attempt < tries; attempt++) {
			const status = await post(body);
			tally[status] = (tally[status] ?? 0) + 1;
			if (status === 200) return true;
			// With jitter, as platforms retry: two copies refused together do not collide again.
			const backoff = Math.min(500 * 2 ** attempt, 10_000) * (0.5 + Math.random());
			await new Promise((resolve) => setTimeout(resolve, backoff));
		}
		return false;
	}
	function answerFigures() {
		const sorted = answerTimes.splice(0).sort((a, b) => a - b);
		const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
		return `answered 200 in ${at(0.5)} ms median, ${at(0.9)} ms at 90%, ${sorted.at(-1)} ms at worst`;
	}
	return { post, postAndHangUp, deliver, tally, answerFigures };
}

/** Runs `task` over `items`, `width` at a time. */
export async function inFlight(items, width, task) {
	let next = 0;
	await Promise.all(
		Array.from({ length: width }, async () => {
			for (let n = next++; n < items.length; n = next++) await task(items[n], n);
		}),
	);
}

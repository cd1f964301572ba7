import type { SandboxPlugin } from '../../http';
import { isObject } from '../../validate';
import type { Delivery } from '../../webhooks';

/**
 * GET /_sandbox/webhook/deliveries.html: the last 50 deliveries in a browser, newest first, with
 * where each went and the answer it got. "Why did my trigger not fire" starts here: a delivery
 * that went to another workflow's URL, or got 401, 404 or 503, says so.
 */
export const deliveriesPageRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/webhook/deliveries.html', async (_request, reply) => {
		const rows = sandbox.webhooks.deliveries.slice(-50).reverse().map(row).join('\n');
		const target = sandbox.webhooks.target?.url;
		reply.header('content-type', 'text/html; charset=utf-8');
		reply.header('x-content-type-options', 'nosniff');
		return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox deliveries</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}
.ok{color:#1a7f37}.bad{color:#cf222e}.wait{color:#9a6700}code{font-size:12px}</style></head>
<body><h1>The last 50 deliveries</h1>
<p>The app's webhook: <code>${escape(target ?? 'none registered (PUT /_sandbox/webhook)')}</code>.
Newest first. JSON: <code>GET /_sandbox/webhook/deliveries</code>.</p>
<table><thead><tr><th>When</th><th>To</th><th>Events</th><th>Tries</th><th>Answer</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No delivery yet.</td></tr>'}
</tbody></table></body></html>`;
	});
};

function row(delivery: Delivery): string {
	const answer =
		delivery.status === 'delivered'
			? `<span class="ok">${delivery.lastStatus ?? 200}</span>`
			: delivery.status === 'pending'
				? `<span class="wait">${delivery.lastError ? `${escape(delivery.lastError)}, trying again` : 'sending'}</span>`
				: `<span class="bad">${escape(delivery.lastError ?? 'failed')}, gave up</span>`;
	const notes = [
		delivery.wrong ? `wrong ${delivery.wrong} (on purpose)` : '',
		delivery.redeliveryOf ? 'a redelivery' : '',
	].filter(Boolean);
	return `<tr><td>${new Date(delivery.createdAt).toISOString()}</td><td><code>${escape(delivery.url)}</code></td><td>${escape(eventsOf(delivery.payload))}${notes.length ? `<br><small>${escape(notes.join(', '))}</small>` : ''}</td><td>${delivery.attempts}</td><td>${answer}</td></tr>`;
}

/** What a delivery carried, in a few words: "messages: text from 14155550100". */
function eventsOf(payload: unknown): string {
	if (!isObject(payload) || !Array.isArray(payload.entry)) return 'not the webhook envelope';
	const said: string[] = [];
	for (const entry of payload.entry) {
		if (!isObject(entry) || !Array.isArray(entry.changes)) continue;
		for (const change of entry.changes) {
			if (!isObject(change)) continue;
			const value = isObject(change.value) ? change.value : {};
			const parts: string[] = [];
			for (const m of Array.isArray(value.messages) ? value.messages : [])
				if (isObject(m))
					parts.push(`${String(m.type)} from ${String(m.from ?? m.from_user_id ?? '?')}`);
			for (const s of Array.isArray(value.statuses) ? value.statuses : [])
				if (isObject(s)) parts.push(`${String(s.status)} receipt`);
			if (typeof value.event === 'string') parts.push(value.event);
			said.push(`${String(change.field)}${parts.length ? `: ${parts.join(', ')}` : ''}`);
		}
	}
	return said.join('; ') || 'no events';
}

function escape(text: string): string {
	return text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	);
}

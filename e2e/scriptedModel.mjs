// A scripted, OpenAI-compatible chat model for the end-to-end runs, so that n8n's AI Agent runs
// with no network: POST /v1/chat/completions answers what `script` decides for the request
// (tool calls, or a text), as OpenAI's Chat Completions API does, streamed when asked. Every
// request is recorded. GET /v1/models lists the one model.
import { createServer } from 'node:http';

/**
 * `script(request)` gets the request's body ({messages, tools, ...}) and returns either
 * `{ toolCalls: [{ name, arguments }] }` or `{ text }`.
 */
export async function startScriptedModel(script, { model = 'scripted-model' } = {}) {
	const requests = [];
	let calls = 0;
	const server = createServer(async (req, res) => {
		let raw = '';
		for await (const chunk of req) raw += chunk;
		if (req.method === 'GET' && req.url.endsWith('/models')) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
			return;
		}
		if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
			return;
		}
		const body = JSON.parse(raw || '{}');
		requests.push(body);
		let answer;
		try {
			answer = await script(body);
		} catch (error) {
			res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message: `the script failed: ${error.message}` } }));
			return;
		}
		const toolCalls = (answer.toolCalls ?? []).map((call) => ({
			id: `call_${++calls}`,
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		}));
		const message = toolCalls.length
			? { role: 'assistant', content: null, tool_calls: toolCalls }
			: { role: 'assistant', content: answer.text ?? '' };
		const finish = toolCalls.length ? 'tool_calls' : 'stop';
		const id = `chatcmpl-${requests.length}`;
		const created = Math.floor(Date.now() / 1000);
		const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
		if (body.stream) {
			streamAnswer(res, { id, created, model, usage, message, toolCalls, finish });
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(
			JSON.stringify({
				id,
				object: 'chat.completion',
				created,
				model,
				choices: [{ index: 0, message, finish_reason: finish }],
				usage,
			}),
		);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/v1`,
		requests,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** The answer as OpenAI streams it (server-sent events): the message, its finish, the usage. */
function streamAnswer(res, { id, created, model, usage, message, toolCalls, finish }) {
	res.writeHead(200, { 'content-type': 'text/event-stream' });
	const chunk = (delta, finishReason = null) =>
		res.write(
			`data: ${JSON.stringify({
				id,
				object: 'chat.completion.chunk',
				created,
				model,
				choices: [{ index: 0, delta, finish_reason: finishReason }],
			})}\n\n`,
		);
	chunk(
		toolCalls.length
			? {
					role: 'assistant',
					tool_calls: toolCalls.map((call, index) => ({ index, ...call })),
				}
			: { role: 'assistant', content: message.content },
	);
	chunk({}, finish);
	res.write(
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
	);
	res.end('data: [DONE]\n\n');
}

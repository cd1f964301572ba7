import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a scripted provider: status, headers and the body as sent. */
export interface ScriptedAnswer {
	status: number;
	headers?: Record<string, string>;
	body?: string;
}

/**
 * An HTTP server that answers requests from a script, in order, then with `fallback`: a
 * stand-in for a provider whose answers the sandbox does not give (odd error bodies, throttling
 * codes at any status). The node still talks real HTTP through n8n's stack to it.
 */
export class ScriptedServer {
	/** Answers still to give, first first. */
	script: ScriptedAnswer[] = [];
	/** "METHOD /path?query" of every request received. */
	calls: string[] = [];
	/** The body of every request received, in the order of `calls`. */
	bodies: string[] = [];
	private server?: Server;

	constructor(private readonly fallback: ScriptedAnswer) {}

	/** Listens on a free port of 127.0.0.1; resolves to the base URL, ending in /v3. */
	async start(): Promise<string> {
		this.server = createServer((request, response) => {
			this.calls.push(`${request.method} ${request.url}`);
			const answer = this.script.shift() ?? this.fallback;
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				this.bodies.push(Buffer.concat(chunks).toString());
				response.writeHead(answer.status, answer.headers ?? {});
				response.end(answer.body ?? '');
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
	}

	/** Forgets the script and the calls. */
	reset(): void {
		this.script = [];
		this.calls = [];
		this.bodies = [];
	}

	async close(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}
}

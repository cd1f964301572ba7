import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as HandlerServer hands it over: the body read whole, as text. */
export interface HandledRequest {
	method: string;
	/** Path and query, as received. */
	url: string;
	headers: Record<string, string>;
	body: string;
}

export interface HandlerAnswer {
	status: number;
	headers?: Record<string, string>;
	body?: string;
}

/**
 * An HTTP server that answers each request with a function: a stand-in for a part of n8n around
 * the nodes (such as its waiting webhook), played by a test over real HTTP. The package's tests
 * may not import Node's `http` themselves (n8n's lint rules for community packages).
 */
export class HandlerServer {
	private server?: Server;

	constructor(private readonly handle: (request: HandledRequest) => Promise<HandlerAnswer>) {}

	/** Listens on a free port of 127.0.0.1; resolves to its origin, e.g. http://127.0.0.1:4321. */
	async start(): Promise<string> {
		this.server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				const headers = Object.fromEntries(
					Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
				);
				this.handle({
					method: request.method ?? 'GET',
					url: request.url ?? '/',
					headers,
					body: Buffer.concat(chunks).toString(),
				}).then(
					(answer) => {
						response.writeHead(answer.status, answer.headers ?? {});
						response.end(answer.body ?? '');
					},
					(error: Error) => {
						response.writeHead(500, { 'content-type': 'text/plain' });
						response.end(error.message);
					},
				);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async close(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}
}

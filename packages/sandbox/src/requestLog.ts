/** What the sandbox received, for tests that prove what was (or was not) sent. */
export interface LoggedRequest {
	seq: number;
	time: number;
	method: string;
	/** Path and query exactly as received. */
	url: string;
	/** Headers as received, except that the `apikey` value is replaced by the key's label. */
	headers: Record<string, string | string[] | undefined>;
	/** JSON or text bodies as received (truncated at 64 KiB); binary bodies give their size only. */
	body?: string;
	bodyBytes?: number;
	status?: number;
	fault?: string;
}

const MAX_ENTRIES = 20_000;
const MAX_BODY = 64 * 1024;

export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;

	start(
		method: string,
		url: string,
		headers: LoggedRequest['headers'],
		time: number,
	): LoggedRequest {
		this.seq += 1;
		const entry: LoggedRequest = { seq: this.seq, time, method, url, headers };
		this.entries.push(entry);
		if (this.entries.length > MAX_ENTRIES) this.entries.shift();
		return entry;
	}

	static bodyText(body: unknown): string | undefined {
		if (body === undefined || body === null) return undefined;
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		return text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text;
	}

	list(since = 0): LoggedRequest[] {
		return this.entries.filter((e) => e.seq > since);
	}

	clear(): void {
		this.entries = [];
	}
}

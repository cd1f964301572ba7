import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IWebhookFunctions,
} from 'n8n-workflow';
import { grouped } from './grouped';

/**
 * n8n's data tables through n8n's public API (/api/v1/data-tables): the only shared, durable store
 * a verified package can reach (docs/ARCHITECTURE.md, "Shared state across processes"). Every
 * call is one transaction in n8n's database; the protocols built on it (eventClaims, burstTable,
 * questionTable) use only its two atomic steps: an update with a filter (compare-and-set) and a
 * delete with a filter and returnData (each row to exactly one caller).
 */

export const STORE_CREDENTIAL = 'businessMessagingN8nApi';

/** The trigger (a delivery, its activation) and the action node (Chat › Hand Over). */
export type StoreContext = IWebhookFunctions | IHookFunctions | IExecuteFunctions;

/** Why the store could not be used; each maps to what the trigger answers and logs. */
export type StoreProblem =
	| 'unreachable'
	| 'refused'
	| 'forbidden'
	| 'noDataTables'
	| 'full'
	| 'tableGone'
	| 'conflict'
	| 'rejected';

const TYPE_PREFIX = 'businessMessagingStore:';

/** An error of the store: n8n's NodeOperationError, its `type` naming the problem. */
export function storeUnavailable(
	context: StoreContext,
	problem: StoreProblem,
	message: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, { type: `${TYPE_PREFIX}${problem}` });
}

/** The store's problem an error stands for, or undefined for any other error. */
export function storeProblemOf(error: unknown): StoreProblem | undefined {
	return error instanceof NodeOperationError && error.type?.startsWith(TYPE_PREFIX)
		? (error.type.slice(TYPE_PREFIX.length) as StoreProblem)
		: undefined;
}

export interface Condition {
	columnName: string;
	condition: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte';
	value: string | number | null;
}
export interface Filter {
	type: 'and' | 'or';
	filters: Condition[];
}
export type Row = IDataObject & { id: number };

export interface TableDefinition {
	name: string;
	columns: Array<{ name: string; type: 'string' | 'number' }>;
}

/** Rows a page, the most n8n gives. */
const PAGE = 250;
/**
 * At most this many conditions in a filter sent in a query string (GET, DELETE): Node's HTTP
 * server refuses a request line and headers over 16 KB.
 */
export const MAX_QUERY_CONDITIONS = 60;
const TIMEOUT_MS = 10_000;

/** Table IDs by API address and name: a table is found or created once per process. */
const tableIds = new Map<string, Promise<string>>();

/** At most this many rows in one grouped insert. */
const MAX_GROUPED_ROWS = 500;

export class DataTables {
	constructor(
		private readonly context: StoreContext,
		private readonly baseUrl: string,
	) {}

	/** Where the store is: n8n's API address (one cache per store). */
	get address(): string {
		return this.baseUrl;
	}

	/** The store of the node's State credential (which the caller checked is chosen). */
	static async of(context: StoreContext): Promise<DataTables> {
		const credentials = await context.getCredentials<{ baseUrl?: string }>(STORE_CREDENTIAL);
		return new DataTables(
			context,
			String(credentials.baseUrl ?? '')
				.trim()
				.replace(/\/+$/, ''),
		);
	}

	async insert(table: TableDefinition, rows: IDataObject[]): Promise<void> {
		if (rows.length === 0) return;
		await this.onTable(table, async (id) => {
			await this.call('POST', `/data-tables/${id}/rows`, {
				body: { data: rows, returnType: 'count' },
			});
		});
	}

	/**
	 * Group commit (grouped.ts): the rows of the deliveries that come while an insert to the table
	 * is under way go together in the next insert, one transaction. Each caller returns once its
	 * rows are committed, or throws if that insert failed.
	 */
	async insertGrouped(table: TableDefinition, rows: IDataObject[]): Promise<void> {
		if (rows.length === 0) return;
		await grouped<IDataObject[], void>(
			`insert|${this.baseUrl}|${table.name}`,
			rows,
			async (batches) => {
				await this.insert(table, batches.flat());
				return batches.map(() => undefined);
			},
			(batch, next) => batch.flat().length + next.length <= MAX_GROUPED_ROWS,
		);
	}

	/**
	 * The rows whose `column` is one of `values`, read together with the reads of other callers
	 * that wait meanwhile (one GET for the batch); each caller gets the rows of its own values.
	 */
	async rowsGrouped(table: TableDefinition, column: string, values: string[]): Promise<Row[]> {
		if (values.length === 0) return [];
		if (values.length > MAX_QUERY_CONDITIONS) {
			const rows: Row[] = [];
			for (const group of chunks(values))
				rows.push(...(await this.rowsGrouped(table, column, group)));
			return rows;
		}
		return await grouped<string[], Row[]>(
			`read|${this.baseUrl}|${table.name}|${column}`,
			values,
			async (batches) => {
				const found = await this.rowsAtOnce(table, column, [...new Set(batches.flat())]);
				return batches.map((mine) => {
					const wanted = new Set(mine);
					return found.filter((row) => wanted.has(String(row[column])));
				});
			},
			(batch, next) => new Set([...batch.flat(), ...next]).size <= MAX_QUERY_CONDITIONS,
		);
	}

	/**
	 * The rows whose `column` is one of `values`, each answer one page: one SELECT, so one
	 * snapshot. n8n pages by offset, so rows deleted between two pages' reads (claims freed all the
	 * while) would shift the next page and hide rows from it: a claim's read that missed a key's
	 * `run` row would run the event again. A batch that does not fit a page is read in halves.
	 */
	private async rowsAtOnce(
		table: TableDefinition,
		column: string,
		values: string[],
	): Promise<Row[]> {
		const filter = any(values.map((v) => eq(column, v)));
		// One value's rows that do not fit a page (never seen: a few rows a key) are read page by page.
		if (values.length === 1) return await this.rows(table, filter);
		const page = await this.onTable(table, async (id) => {
			return (await this.call('GET', `/data-tables/${id}/rows`, {
				qs: { filter: JSON.stringify(filter), limit: PAGE },
			})) as { data?: Row[]; nextCursor?: string | null };
		});
		if (!page.nextCursor) return page.data ?? [];
		const half = Math.ceil(values.length / 2);
		return [
			...(await this.rowsAtOnce(table, column, values.slice(0, half))),
			...(await this.rowsAtOnce(table, column, values.slice(half))),
		];
	}

	/**
	 * Sets `data()` (made when the batch goes) on the rows whose `column` is one of `values`,
	 * together with the updates of other callers that wait meanwhile (one PATCH for the batch);
	 * each caller gets the rows of its own values as they now are.
	 */
	async updateGrouped(
		table: TableDefinition,
		column: string,
		values: string[],
		data: () => IDataObject,
	): Promise<Row[]> {
		if (values.length === 0) return [];
		return await grouped<string[], Row[]>(
			`update|${this.baseUrl}|${table.name}|${column}|${JSON.stringify(Object.keys(data()))}`,
			values,
			async (batches) => {
				const updated = await this.update(
					table,
					any([...new Set(batches.flat())].map((v) => eq(column, v))),
					data(),
				);
				return batches.map((mine) => {
					const wanted = new Set(mine);
					return updated.filter((row) => wanted.has(String(row[column])));
				});
			},
			(batch, next) => batch.flat().length + next.length <= 200,
		);
	}

	/** The rows the filter matches, in the order asked: all pages, or up to `atMost` rows. */
	async rows(
		table: TableDefinition,
		filter: Filter,
		sortBy?: string,
		atMost = Infinity,
	): Promise<Row[]> {
		return await this.onTable(table, async (id) => {
			const found: Row[] = [];
			let cursor: string | undefined;
			do {
				const page = (await this.call('GET', `/data-tables/${id}/rows`, {
					qs: {
						filter: JSON.stringify(filter),
						limit: PAGE,
						...(sortBy ? { sortBy } : {}),
						...(cursor ? { cursor } : {}),
					},
				})) as { data?: Row[]; nextCursor?: string | null };
				found.push(...(page.data ?? []));
				cursor = page.nextCursor ?? undefined;
			} while (cursor && found.length < atMost);
			return found.slice(0, atMost);
		});
	}

	/** Compare-and-set: sets `data` on the rows the filter matches now, and returns them. */
	async update(table: TableDefinition, filter: Filter, data: IDataObject): Promise<Row[]> {
		return await this.onTable(table, async (id) => {
			const answer = await this.call('PATCH', `/data-tables/${id}/rows/update`, {
				body: { filter, data, returnData: true },
			});
			return Array.isArray(answer) ? (answer as Row[]) : [];
		});
	}

	/** Deletes the rows the filter matches; with `returnData`, each row goes to one caller only. */
	async remove(table: TableDefinition, filter: Filter, returnData = false): Promise<Row[]> {
		return await this.onTable(table, async (id) => {
			const answer = await this.call('DELETE', `/data-tables/${id}/rows/delete`, {
				qs: { filter: JSON.stringify(filter), returnData },
			});
			return Array.isArray(answer) ? (answer as Row[]) : [];
		});
	}

	/** Runs `action` on the table's ID; a table deleted meanwhile (404) is found or made again once. */
	private async onTable<T>(table: TableDefinition, action: (id: string) => Promise<T>): Promise<T> {
		const key = `${this.baseUrl}|${table.name}`;
		const first = await action(await this.tableId(key, table)).then(
			(value) => ({ value }),
			(error: unknown) => ({ error }),
		);
		if ('value' in first) return first.value;
		if (storeProblemOf(first.error) !== 'tableGone')
			throw storeUnavailable(
				this.context,
				storeProblemOf(first.error) ?? 'rejected',
				messageOfError(first.error),
			);
		tableIds.delete(key);
		return await action(await this.tableId(key, table));
	}

	private async tableId(key: string, table: TableDefinition): Promise<string> {
		let id = tableIds.get(key);
		if (!id) {
			id = this.findOrCreate(table);
			tableIds.set(key, id);
			// A failure is not remembered: the next delivery tries again.
			id.catch(() => tableIds.delete(key));
		}
		return await id;
	}

	/**
	 * The table by its name, created with its columns if it is not there. n8n keeps table names
	 * unique in a project: of two processes creating it at once, one gets 409 and finds it.
	 */
	private async findOrCreate(table: TableDefinition): Promise<string> {
		const found = await this.findTable(table.name);
		if (found) return found;
		const created = await this.call('POST', '/data-tables', {
			body: { name: table.name, columns: table.columns },
		}).then(
			(body) => (body as { id?: string }).id,
			// 409: another process created it meanwhile; any other failure stands.
			(error: unknown) => {
				if (storeProblemOf(error) === 'conflict') return undefined;
				throw storeUnavailable(
					this.context,
					storeProblemOf(error) ?? 'rejected',
					messageOfError(error),
				);
			},
		);
		const id = created ?? (await this.findTable(table.name));
		if (!id)
			throw storeUnavailable(
				this.context,
				'rejected',
				`n8n did not create the data table "${table.name}"`,
			);
		return id;
	}

	private async findTable(name: string): Promise<string | undefined> {
		const answer = (await this.call('GET', '/data-tables', {
			qs: { filter: JSON.stringify({ name }), limit: PAGE },
		})) as { data?: Array<{ id: string; name: string }> };
		return (answer.data ?? []).find((table) => table.name === name)?.id;
	}

	private async call(
		method: IHttpRequestMethods,
		path: string,
		{ qs, body }: { qs?: IDataObject; body?: IDataObject },
	): Promise<unknown> {
		let response: { statusCode: number; body: unknown };
		try {
			response = (await this.context.helpers.httpRequestWithAuthentication.call(
				this.context,
				STORE_CREDENTIAL,
				{
					method,
					url: `${this.baseUrl}${path}`,
					qs,
					body,
					json: true,
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					disableFollowRedirect: true,
					timeout: TIMEOUT_MS,
				},
			)) as { statusCode: number; body: unknown };
		} catch (error) {
			throw storeUnavailable(
				this.context,
				'unreachable',
				`n8n's API at ${this.baseUrl} could not be reached: ${(error as Error).message}`,
			);
		}
		const { statusCode } = response;
		if (statusCode >= 200 && statusCode < 300) return response.body;
		const { problem, message } = problemOf(
			statusCode,
			messageOf(response.body),
			this.baseUrl,
			path,
		);
		throw storeUnavailable(this.context, problem, message);
	}
}

function messageOf(body: unknown): string {
	if (typeof body === 'object' && body !== null && 'message' in body)
		return String((body as IDataObject).message);
	return typeof body === 'string' ? body.slice(0, 200) : '';
}

function messageOfError(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** What an answer of n8n's API means for the store. */
function problemOf(
	status: number,
	message: string,
	base: string,
	path: string,
): { problem: StoreProblem; message: string } {
	const said = `n8n's API answered ${status} (${message || 'no message'})`;
	if (status === 401)
		return {
			problem: 'refused',
			message: `${said}: the API key of the trigger's State credential was refused; create one under Settings › n8n API`,
		};
	if (status === 403)
		return {
			problem: 'forbidden',
			message: `${said}: the API key lacks the data table scopes (Data Table and Data Table Row: create, read, list, update, delete)`,
		};
	if (status === 404 && /^\/data-tables\/[^/]+\/rows/.test(path))
		return { problem: 'tableGone', message: `${said}: the data table was deleted` };
	if (status === 404)
		return {
			problem: 'noDataTables',
			message: `${said} at ${base}${path}: n8n's API is turned off (N8N_PUBLIC_API_DISABLED), the State credential's URL does not end in /api/v1, or this n8n is older than 2.7 (data tables came in 2.7)`,
		};
	if (status === 400 && /size limit/i.test(message))
		return {
			problem: 'full',
			message: `${said}: n8n's data tables are full; raise N8N_DATA_TABLES_MAX_SIZE_BYTES (all data tables together, 200 MiB by default) or delete rows of other data tables`,
		};
	if (status === 409) return { problem: 'conflict', message: said };
	if (status >= 500 || status === 429) return { problem: 'unreachable', message: said };
	return { problem: 'rejected', message: said };
}

export const eq = (columnName: string, value: string | number | null): Condition => ({
	columnName,
	condition: 'eq',
	value,
});

export const all = (...filters: Condition[]): Filter => ({ type: 'and', filters });
export const any = (filters: Condition[]): Filter => ({ type: 'or', filters });

/** `items` in groups of at most `size`. */
export function chunks<T>(items: T[], size = MAX_QUERY_CONDITIONS): T[][] {
	const groups: T[][] = [];
	for (let at = 0; at < items.length; at += size) groups.push(items.slice(at, at + size));
	return groups;
}

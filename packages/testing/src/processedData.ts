import { createHash } from 'crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/**
 * n8n's deduplication store (`this.helpers.checkProcessedAndRecord` and its kin) as n8n's own
 * DeduplicationHelper keeps it, in memory instead of its `processed_data` table: one record per
 * workflow and scope (`n:<node id>` for a node), the values' MD5 hashes in "entries" mode,
 * trimmed to `maxEntries`, the oldest first. Only the modes a node here uses are kept: entries.
 */
class InMemoryProcessedData implements IDataDeduplicator {
	readonly records = new Map<string, string[]>();

	private key(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
		const where = scope === 'node' ? `n:${context.node?.id ?? ''}` : '';
		return `${context.workflow.id}|${where}`;
	}

	private assertEntries(options: ICheckProcessedOptions): void {
		if (options.mode !== 'entries')
			throw new Error(`test: the in-memory store keeps "entries" only, not ${options.mode}`);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		this.assertEntries(options);
		const key = this.key(scope, context);
		const record = [...(this.records.get(key) ?? [])];
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hash = md5(item);
			if (record.includes(hash)) output.processed.push(item);
			else {
				output.new.push(item);
				record.push(hash);
			}
		}
		if (options.maxEntries) record.splice(0, Math.max(0, record.length - options.maxEntries));
		this.records.set(key, record);
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		this.assertEntries(options);
		const key = this.key(scope, context);
		const gone = new Set(items.map(md5));
		this.records.set(
			key,
			(this.records.get(key) ?? []).filter((hash) => !gone.has(hash)),
		);
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		this.records.delete(this.key(scope, context));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<number> {
		return this.records.get(this.key(scope, context))?.length ?? 0;
	}
}

function md5(value: DeduplicationItemTypes): string {
	return createHash('md5').update(String(value)).digest('base64');
}

/** The store every harness in this process uses, as n8n has one per instance. */
export const processedData = new InMemoryProcessedData();

let initialised = false;
/** Installs the store into n8n-core, once (n8n refuses a second init). */
export async function useProcessedData(): Promise<void> {
	if (initialised) return;
	initialised = true;
	await DataDeduplicationService.init(processedData);
}

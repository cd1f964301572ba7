/**
 * The sandbox's notion of "now". Rules measured in minutes or days (5-minute media URLs,
 * 30-day name blocks, edit limits) are tested by moving this clock forward instead of waiting.
 */
export class Clock {
	private offsetMs = 0;

	now(): number {
		return Date.now() + this.offsetMs;
	}

	/** Moves time forward; the scheduler then runs whatever became due. */
	advance(ms: number): void {
		if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
		this.offsetMs += ms;
	}

	reset(): void {
		this.offsetMs = 0;
	}

	get offset(): number {
		return this.offsetMs;
	}
}

interface ScheduledTask {
	dueAt: number;
	run: () => void;
}

/**
 * Runs background work (template review, catalog batches, receipts) at a time on the sandbox
 * clock. A real timer wakes it at the earliest due time, and advancing the clock runs due
 * work at once, so tests never sleep for minutes.
 */
export class Scheduler {
	private tasks: ScheduledTask[] = [];
	private timer: NodeJS.Timeout | undefined;
	private closed = false;

	constructor(private readonly clock: Clock) {}

	schedule(delayMs: number, run: () => void): void {
		if (this.closed) return;
		this.tasks.push({ dueAt: this.clock.now() + Math.max(0, delayMs), run });
		this.arm();
	}

	/** Runs every task whose time has come, in due order; tasks may schedule more tasks. */
	runDue(): void {
		for (;;) {
			const now = this.clock.now();
			const due = this.tasks.filter((t) => t.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
			if (due.length === 0) break;
			this.tasks = this.tasks.filter((t) => t.dueAt > now);
			for (const task of due) {
				try {
					task.run();
				} catch (error) {
					// A failing background task must not stop the others; it is a sandbox bug to fix.
					console.error('sandbox: background task failed', error);
				}
			}
		}
		this.arm();
	}

	get pending(): number {
		return this.tasks.length;
	}

	clear(): void {
		this.tasks = [];
		this.arm();
	}

	close(): void {
		this.closed = true;
		this.clear();
	}

	private arm(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = undefined;
		if (this.closed || this.tasks.length === 0) return;
		const next = Math.min(...this.tasks.map((t) => t.dueAt));
		const wait = Math.min(Math.max(0, next - this.clock.now()), 2 ** 31 - 1);
		this.timer = setTimeout(() => this.runDue(), wait);
		this.timer.unref();
	}
}

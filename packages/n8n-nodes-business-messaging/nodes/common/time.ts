/** Unix seconds (the platform's times) as an ISO date, for a workflow or a sheet; none: undefined. */
export function isoFromSeconds(seconds: unknown): string | undefined {
	return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : undefined;
}

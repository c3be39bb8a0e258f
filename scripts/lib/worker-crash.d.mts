export function workerCrashed(log: string): boolean;
export function filesCutShort(report: Record<string, unknown> | null, root: string): string[];

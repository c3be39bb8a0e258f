export function workerCrashed(log: string): boolean;
export function filesCutShort(reportFile: string, root: string): string[];

/** Every vitest file under src/ and scripts/, relative to `root`. */
export function listTestFiles(root: string): string[];
/** The test files (paths relative to `root`) split into those that open a database and the rest. */
export function classifyTestFiles(root: string): { database: string[]; unit: string[] };

/** Every vitest file under src/ and scripts/, relative to `root`. */
export function listTestFiles(root: string): string[];
/** The test files (paths relative to `root`): database or not, and whether they replace a module with vi.mock. */
export function classifyTestFiles(root: string): { database: string[]; databaseIsolated: string[]; unit: string[]; unitIsolated: string[] };

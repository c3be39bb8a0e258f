/** src/web/features/<folder> -> the specs (tests/e2e/<name>.spec.ts) that walk its screens. */
export const SPECS_BY_WEB_FEATURE: Record<string, string[]>;
/** The browser specs for a list of changed files (paths relative to the repository). */
export function browserSpecsFor(changed: string[]): { specs: string[]; wide: boolean };

/** A vitest or Playwright JSON report as read from its file (the fields the summary reads). */
type Report = Record<string, unknown> | null;
export function readReport(file: string): Report;
export function slowestVitestFiles(report: Report, root: string, top?: number): string[];
export function slowestVitestTests(report: Report, root: string, top?: number): string[];
export function failedVitestTests(report: Report, root: string): string[];
export function playwrightSummary(report: Report, top?: number): { failed: string[]; tests: string[]; specs: string[] };
export function writeTimings(file: string, sections: { title: string; lines: string[] }[]): string;

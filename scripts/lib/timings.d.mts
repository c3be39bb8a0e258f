export function slowestVitestFiles(file: string, root: string, top?: number): string[];
export function slowestVitestTests(file: string, root: string, top?: number): string[];
export function failedVitestTests(file: string, root: string): string[];
export function slowestPlaywright(file: string, top?: number): { failed: string[]; tests: string[]; specs: string[] };
export function writeTimings(file: string, sections: { title: string; lines: string[] }[]): string;

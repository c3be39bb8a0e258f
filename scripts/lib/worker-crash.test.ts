import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReport } from './timings.mjs';
import { filesCutShort, workerCrashed } from './worker-crash.mjs';

// What `npm test` runs again after a vitest worker died: only files left with tests never run, and nothing when a test failed.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-crash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const root = '/repo';
const file = (name: string, ...statuses: string[]) => ({ name: `${root}/${name}`, assertionResults: statuses.map((status) => ({ status })) });
function report(failedTests: number, ...files: ReturnType<typeof file>[]) {
  const out = path.join(dir, `report-${Math.random()}.json`);
  fs.writeFileSync(out, JSON.stringify({ numFailedTests: failedTests, numFailedTestSuites: 0, testResults: files }));
  return readReport(out);
}

describe('a vitest pass cut short by a worker that died', () => {
  it('names the files whose tests never ran', () => {
    const out = report(0, file('src/a.test.ts', 'passed', 'passed'), file('src/b.test.ts', 'pending', 'pending'), file('src/c.test.ts', 'passed', 'pending'));
    expect(filesCutShort(out, root)).toEqual(['src/b.test.ts', 'src/c.test.ts']);
  });

  it('runs nothing again when a test failed, or when nothing was left unfinished', () => {
    expect(filesCutShort(report(1, file('src/a.test.ts', 'failed'), file('src/b.test.ts', 'pending')), root)).toEqual([]);
    expect(filesCutShort(report(0, file('src/a.test.ts', 'passed')), root)).toEqual([]);
    expect(filesCutShort(readReport(path.join(dir, 'no-report.json')), root)).toEqual([]);
  });

  it("knows a worker's death by vitest's words for it", () => {
    const log = path.join(dir, 'run.log');
    fs.writeFileSync(log, 'Error: [vitest-pool]: Worker forks emitted error.\nCaused by: Error: Worker exited unexpectedly\n');
    expect(workerCrashed(log)).toBe(true);
    fs.writeFileSync(log, 'Test Files  1 failed | 180 passed (181)\n');
    expect(workerCrashed(log)).toBe(false);
    expect(workerCrashed(path.join(dir, 'no-log.txt'))).toBe(false);
  });
});

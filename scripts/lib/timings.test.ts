import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedVitestTests, playwrightSummary, readReport, slowestVitestTests } from './timings.mjs';

// The end of a red `npm test` names what failed, read from the runners' JSON reports (each read once).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timings-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (value: unknown) => {
  const out = path.join(dir, `report-${Math.random()}.json`);
  fs.writeFileSync(out, JSON.stringify(value));
  return readReport(out);
};

describe('the failed tests in the summary', () => {
  it('names each failed vitest test with the first line of its failure, and a file that did not load', () => {
    const out = write({
      testResults: [
        { name: '/repo/src/a.test.ts', status: 'failed', assertionResults: [{ status: 'passed', fullName: 'a works' }, { status: 'failed', fullName: 'a refuses', failureMessages: ['AssertionError: expected 400 to be 422\n    at a.test.ts:3'] }] },
        { name: '/repo/src/b.test.ts', status: 'failed', message: 'SyntaxError: Unexpected token\nmore', assertionResults: [] },
        { name: '/repo/src/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'c works' }] },
      ],
    });
    expect(failedVitestTests(out, '/repo')).toEqual(['src/a.test.ts › a refuses: AssertionError: expected 400 to be 422', 'src/b.test.ts: SyntaxError: Unexpected token']);
    expect(readReport(path.join(dir, 'none.json'))).toBeNull();
    expect(failedVitestTests(null, '/repo')).toEqual([]);
  });

  it('names each failed browser test with its error, without colours, and leaves passed ones out', () => {
    const test = (status: string, message?: string) => ({ status, results: [{ duration: 1000, ...(message ? { error: { message } } : {}) }] });
    const out = write({
      suites: [
        {
          file: 'leads.spec.ts',
          title: 'leads.spec.ts',
          specs: [],
          suites: [{ title: 'on desktop', specs: [{ title: 'adds a lead', tests: [test('unexpected', '\u001b[31mTimed out 7000ms\u001b[39m waiting for expect\nCall log')] }, { title: 'lists leads', tests: [test('expected')] }] }],
        },
      ],
    });
    const { failed, tests } = playwrightSummary(out);
    expect(failed).toEqual(['leads.spec.ts › on desktop › adds a lead: Timed out 7000ms waiting for expect']);
    expect(tests).toHaveLength(2);
  });

  it('names the slowest single vitest tests, whichever file holds them', () => {
    const out = write({
      testResults: [
        { name: '/repo/src/a.test.ts', assertionResults: [{ fullName: 'quick', duration: 5 }, { fullName: 'slow', duration: 12_000 }] },
        { name: '/repo/src/b.test.ts', assertionResults: [{ fullName: 'middle', duration: 3_000 }] },
      ],
    });
    expect(slowestVitestTests(out, '/repo', 2)).toEqual(['  12.0 s  src/a.test.ts › slow', '   3.0 s  src/b.test.ts › middle']);
  });
});

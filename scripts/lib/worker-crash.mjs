// A vitest worker that dies (a crash inside V8 or PGlite's WebAssembly, seen once in Node 24: "Check failed:
// jit_page_->allocations_.erase(addr) == 1") fails the pass with no failed test: the file it was running is left
// with its tests pending. `npm test` runs those files once more, and the pass stands on that second run.
import fs from 'node:fs';
import path from 'node:path';

const CRASH = 'Worker exited unexpectedly';

/** Whether the run's output reports a worker that died. */
export const workerCrashed = (log) => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes(CRASH);

/**
 * The files a vitest JSON report (lib/timings.mjs readReport) left unfinished: some test pending (never run: no
 * test is skipped here) and none failed. Empty when any test failed: a failure is never run again.
 */
export function filesCutShort(report, root) {
  if (!report) return [];
  if (report.numFailedTests > 0 || report.numFailedTestSuites > 0) return [];
  return report.testResults
    .filter((file) => file.assertionResults.some((test) => test.status === 'pending'))
    .map((file) => path.relative(root, file.name));
}

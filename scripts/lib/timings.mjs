// Where a test run's time went and what failed: each step of `npm test`, the slowest vitest files and tests (from
// vitest's JSON report), the slowest browser tests and spec files (from Playwright's JSON report), and each failed
// test with the first line of its failure. Printed at the end of the run and kept in .cache/test-timings.txt.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const TOP = 10;

/** A runner's JSON report, read once for every figure taken from it; null when the run wrote none. */
export function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/** The slowest test files of a vitest JSON report, as lines. */
export function slowestVitestFiles(report, root, top = TOP) {
  if (!report) return [];
  return report.testResults
    .map((r) => ({ name: path.relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .map((r) => `${seconds(r.ms)}  ${r.name}`);
}

/** The slowest single tests of a vitest JSON report, as lines: what comes nearest the 30 s a test may take. */
export function slowestVitestTests(report, root, top = 5) {
  if (!report) return [];
  return report.testResults
    .flatMap((r) => r.assertionResults.map((a) => ({ name: `${path.relative(root, r.name)} › ${a.fullName}`, ms: a.duration ?? 0 })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .map((t) => `${seconds(t.ms)}  ${t.name}`);
}

/** The failed tests of a vitest JSON report, as lines: file › title, and the first line of the failure. */
export function failedVitestTests(report, root) {
  if (!report) return [];
  return report.testResults.flatMap((r) => {
    const name = path.relative(root, r.name);
    const failedTests = r.assertionResults.filter((a) => a.status === 'failed');
    // A file that failed with no failed test did not load or run (its message says why).
    if (!failedTests.length) return r.status === 'failed' ? [`${name}: ${firstLine(r.message)}`] : [];
    return failedTests.map((a) => `${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
}

const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300);

function playwrightTests(suite, file, out) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
      const titles = [...(suite.titlePath ?? []), spec.title].join(' › ');
      const last = test.results.at(-1);
      out.push({ file, title: titles, ms, failed: test.status === 'unexpected', error: last?.error?.message ?? last?.errors?.[0]?.message });
    }
  }
  for (const child of suite.suites ?? []) {
    playwrightTests({ ...child, titlePath: [...(suite.titlePath ?? []), child.title] }, file, out);
  }
}

/** The failed tests, slowest browser tests and spec files of a Playwright JSON report, as lines. */
export function playwrightSummary(report, top = TOP) {
  if (!report) return { failed: [], tests: [], specs: [] };
  const tests = [];
  for (const suite of report.suites) playwrightTests({ ...suite, titlePath: [] }, suite.file, tests);
  const perSpec = new Map();
  for (const t of tests) perSpec.set(t.file, (perSpec.get(t.file) ?? 0) + t.ms);
  return {
    // Colours out: the report keeps Playwright's coloured error text.
    failed: tests.filter((t) => t.failed).map((t) => `${t.file} › ${t.title}: ${firstLine(stripVTControlCharacters(t.error ?? ''))}`),
    tests: [...tests].sort((a, b) => b.ms - a.ms).slice(0, top).map((t) => `${seconds(t.ms)}  ${t.file} › ${t.title}`),
    specs: [...perSpec].sort((a, b) => b[1] - a[1]).slice(0, top).map(([f, ms]) => `${seconds(ms)}  ${f}`),
  };
}

/** Writes the sections (title and lines) to `file` and answers the text. */
export function writeTimings(file, sections) {
  const text = sections
    .filter((s) => s.lines.length)
    .map((s) => `${s.title}\n${s.lines.map((l) => `  ${l}`).join('\n')}`)
    .join('\n\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${text}\n`);
  return text;
}

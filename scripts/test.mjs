// `npm test`: every test. Type check, lint, dead code, every vitest file on PGlite, the files that open a
// database again on PostgreSQL when TEST_DATABASE_URL is set (vitest project "db", with PgBouncer, installed when
// missing), then the browser tests in Debian's Chromium. Each step's time and the slowest test files are printed
// at the end and kept in .cache/test-timings.txt (docs/decisions/0021-fast-test-runs.md).
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensurePgbouncer, ensureWebBuild, root, run } from './lib/ensure.mjs';
import { slowestPlaywright, slowestVitestFiles, writeTimings } from './lib/timings.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];
const reports = []; // [title, lines] of the slowest files, per step
let passed = 0;
let failed = 0;

function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const ok = fn();
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function countVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
  } catch {
    failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } catch {
    failed += 1;
  }
}

step('install (when package-lock.json is newer than node_modules)', () => {
  ensureDependencies();
  return true;
});
fs.mkdirSync(path.join(root, '.cache'), { recursive: true });

step('type check', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) === 0);
step('lint', () => run(bin('eslint'), ['.', '--max-warnings=0']) === 0);
// Unused files, exports, types and dependencies (knip.jsonc): a few seconds, no database.
step('dead code (knip)', () => run(bin('knip'), ['--no-progress', '--no-config-hints']) === 0);

// `projects`: none for every test file; ['db*'] for the files that open a database (vitest.config.ts).
const vitest = (kind, env, projects = []) =>
  step(`${projects.length ? 'API and database tests' : 'unit and API tests'} on ${kind}`, () => {
    const out = path.join(root, `.cache/vitest-${kind}.json`);
    fs.rmSync(out, { force: true });
    const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
    const status = run(bin('vitest'), args, { env });
    countVitest(out);
    reports.push([`slowest vitest files on ${kind}`, slowestVitestFiles(out, root)]);
    return status === 0;
  });

vitest('PGlite', { TEST_DB_KIND: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  // Two app instances through PgBouncer in transaction mode (src/server/instances-behind-pgbouncer.test.ts).
  const pgbouncer = ensurePgbouncer();
  if (!pgbouncer) {
    console.error('PgBouncer is not installed and could not be installed: run `apt-get install pgbouncer` as root (the PostgreSQL tests start it).');
  }
  // Only what differs on PostgreSQL: the files that open a database. The others ran once, above.
  vitest('PostgreSQL', { TEST_DB_KIND: 'pg', ...(pgbouncer ? { PGBOUNCER_PATH: pgbouncer } : {}) }, ['db*']);
}
else results.push('note TEST_DATABASE_URL is not set: the API tests ran on PGlite only');

let chromium = '';
const haveChromium = step('Chromium (installed when missing)', () => {
  chromium = ensureChromium();
  if (!chromium) {
    console.error('Chromium is not installed and could not be installed: run `apt-get install chromium` as root.');
    failed += 1;
    return false;
  }
  return true;
});
if (haveChromium) {
  // About 8 s (vite build and the landing prerender) when src/web or src/shared changed; nothing otherwise.
  step('web build (when needed)', () => {
    ensureWebBuild();
    return true;
  });
  step('browser tests (Playwright, Chromium)', () => {
    const out = path.join(root, '.cache/playwright.json');
    fs.rmSync(out, { force: true });
    const status = run(bin('playwright'), ['test'], { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
    countPlaywright(out);
    const slowest = slowestPlaywright(out);
    reports.push(['slowest browser tests', slowest.tests], ['slowest browser spec files (sum of their tests)', slowest.specs]);
    return status === 0;
  });
}

const timings = writeTimings(path.join(root, '.cache/test-timings.txt'), [
  { title: `npm test, ${new Date().toISOString()}`, lines: results },
  ...reports.map(([title, lines]) => ({ title, lines })),
]);
console.log(`\n${timings}\n\n(kept in .cache/test-timings.txt)`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.startsWith('FAIL')) ? 1 : 0);

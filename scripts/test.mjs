// `npm test`: every test. Type check, lint, dead code, every vitest file on PGlite, the files that open a
// database again on PostgreSQL when TEST_DATABASE_URL is set (vitest projects "db*", with PgBouncer, installed
// when missing), and the browser tests in Debian's Chromium (on PostgreSQL when TEST_DATABASE_URL is set).
//
// Two lanes run at once (docs/decisions/0021-fast-test-runs.md): type check, lint, knip, the PostgreSQL pass and then
// the PGlite pass in one; the Debian packages, the web build and the browser tests in the other. Each
// step's output goes to .cache/logs/<step>.log and is printed when the step ends; each step's time, how busy the
// CPU was during it, and the slowest test files are printed at the end and kept in .cache/test-timings.txt.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sampleCpu } from './lib/cpu-use.mjs';
import { CHROMIUM_PACKAGE, debianInstall, ensureDependencies, ensureWebBuild, findChromium, findPgbouncer, root } from './lib/ensure.mjs';
import { failedVitestTests, playwrightSummary, readReport, slowestVitestFiles, slowestVitestTests, writeTimings } from './lib/timings.mjs';
import { filesCutShort, workerCrashed } from './lib/worker-crash.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const logs = path.join(root, '.cache/logs');
const started = Date.now();
const cpu = sampleCpu();
const results = [];
const reports = []; // [title, lines] of the slowest files, per step
const failures = []; // [title, lines] of the failed tests, per step
let passed = 0;
let failed = 0;

const since = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Runs a command with its output in `log` (appended); answers its exit status. */
function runLogged(log, cmd, args, opts = {}) {
  const fd = fs.openSync(log, 'a');
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('error', (error) => {
      fs.appendFileSync(log, `${error}\n`);
      resolve(1);
    });
    child.on('close', (status) => resolve(status ?? 1));
  }).finally(() => fs.closeSync(fd));
}

/** One step: `fn(log)` answers whether it passed; its log is printed when it ends, with its time. */
async function step(name, fn) {
  const t = Date.now();
  const log = path.join(logs, `${slug(name)}.log`);
  fs.writeFileSync(log, '');
  let ok = false;
  try {
    ok = await fn(log);
  } catch (error) {
    fs.appendFileSync(log, `${error?.stack ?? error}\n`);
  }
  const busy = cpu.busyBetween(t, Date.now());
  const cpuShare = busy === null ? '' : `, CPU ${Math.round(busy * 100)} % busy`;
  const line = `${ok ? 'ok  ' : 'FAIL'} ${name} (${since(t)}, ended at ${since(started)}${cpuShare})`;
  results.push(line);
  console.log(`\n=== ${name} ===\n${fs.readFileSync(log, 'utf8').trimEnd()}\n--- ${line}`);
  return ok;
}

// No report: the run did not get as far as writing one, which counts as one failure.
function countVitest(report) {
  if (!report) return void (failed += 1);
  passed += report.numPassedTests;
  // Failed tests; a file that failed without a failed test (it did not load) counts as one.
  failed += report.numFailedTests || (report.numFailedTestSuites ?? 0);
}

function countPlaywright(report) {
  if (!report?.stats) return void (failed += 1);
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

// `projects`: none for every test file; ['db*'] for the files that open a database (vitest.config.ts).
const vitest = (kind, env, projects = []) =>
  step(`${projects.length ? 'API and database tests' : 'unit and API tests'} on ${kind}`, async (log) => {
    const out = path.join(root, `.cache/vitest-${kind}.json`);
    fs.rmSync(out, { force: true });
    const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json'];
    let status = await runLogged(log, bin('vitest'), [...args, `--outputFile.json=${out}`], { env });
    const report = readReport(out);
    const cutShort = status !== 0 && workerCrashed(log) ? filesCutShort(report, root) : [];
    countVitest(report);
    reports.push([`slowest vitest files on ${kind}`, slowestVitestFiles(report, root)], [`slowest vitest tests on ${kind} (a test may take 30 s)`, slowestVitestTests(report, root)]);
    // A pass cut short by a dead worker is judged by its run again: the first one's unfinished files are not failures.
    if (!cutShort.length) failures.push([`failed on ${kind}`, failedVitestTests(report, root)]);
    if (cutShort.length) {
      // A worker died with no test failed (lib/worker-crash.mjs): the files it left unfinished run once more.
      const again = path.join(root, `.cache/vitest-${kind}-again.json`);
      fs.rmSync(again, { force: true });
      fs.appendFileSync(log, `\nA test worker died before these files finished; running them once more: ${cutShort.join(', ')}\n`);
      results.push(`note a ${kind} test worker died; ran again: ${cutShort.join(', ')}`);
      status = await runLogged(log, bin('vitest'), [...args, `--outputFile.json=${again}`, ...cutShort], { env });
      const againReport = readReport(again);
      countVitest(againReport);
      failures.push([`failed on ${kind}, run again`, failedVitestTests(againReport, root)]);
    }
    return status === 0;
  });

const command = (name, cmd, args) => step(name, async (log) => (await runLogged(log, cmd, args)) === 0);

const PGLITE = { TEST_DB_KIND: 'pglite' };

async function checks() {
  // TypeScript 7, the native compiler: 15 s of CPU where TypeScript 5 took 64 (decision 0021); typescript-eslint and
  // knip read TypeScript 5's JavaScript API, which TypeScript 7 does not have.
  await command('type check', process.execPath, [path.join(root, 'node_modules/typescript-7/bin/tsc'), '--noEmit', '-p', 'tsconfig.json', '--singleThreaded']);
  await command('lint', bin('eslint'), ['.', '--max-warnings=0']);
  // Unused files, exports, types and dependencies (knip.jsonc): a few seconds, no database.
  await command('dead code (knip)', bin('knip'), ['--no-progress', '--no-config-hints']);
}

/** The Debian packages a fresh machine lacks (network, not CPU): Chromium, and PgBouncer for the PostgreSQL pass. */
async function debianPackages() {
  const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const missing = [...(findChromium({ shellOnly: true }) ? [] : [CHROMIUM_PACKAGE]), ...(withPostgres && !findPgbouncer() ? ['pgbouncer'] : [])];
  if (!missing.length) return;
  await step(`Debian packages (${missing.join(', ')})`, async (log) => {
    for (const [cmd, args, opts] of debianInstall(missing)) await runLogged(log, cmd, args, opts);
    return true;
  });
}

async function postgres() {
  if (!process.env.TEST_DATABASE_URL) {
    results.push('note TEST_DATABASE_URL is not set: the API tests ran on PGlite only');
    return;
  }
  // Two app instances through PgBouncer in transaction mode (src/server/instances-behind-pgbouncer.test.ts).
  const pgbouncer = findPgbouncer();
  if (!pgbouncer) {
    console.error('PgBouncer is not installed and could not be installed: run `apt-get install pgbouncer` as root (the PostgreSQL tests start it).');
  }
  // Only what differs on PostgreSQL: the files that open a database. The others ran once, on PGlite.
  await vitest('PostgreSQL', { TEST_DB_KIND: 'pg', ...(pgbouncer ? { PGBOUNCER_PATH: pgbouncer } : {}) }, ['db*']);
}

async function browser() {
  const chromium = findChromium();
  if (!chromium) {
    console.error(`Chromium is not installed and could not be installed: run \`apt-get install ${CHROMIUM_PACKAGE}\` as root.`);
    results.push('FAIL browser tests: no Chromium');
    failed += 1;
    return;
  }
  // About 8 s (vite build and the landing prerender) when src/web or src/shared changed; nothing otherwise. The
  // compiled server the browser tests run is built by their app server script (scripts/e2e-server.mjs) when stale.
  await step('web build (when needed)', async () => {
    ensureWebBuild();
    return true;
  });
  await step('browser tests (Playwright, Chromium)', async (log) => {
    const out = path.join(root, '.cache/playwright.json');
    fs.rmSync(out, { force: true });
    // On PostgreSQL when the API tests have one (playwright.config.ts: a few flows again on the embedded database).
    const database = process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
    const status = await runLogged(log, bin('playwright'), ['test'], { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...database } });
    const report = readReport(out);
    countPlaywright(report);
    const summary = playwrightSummary(report);
    failures.push(['failed in the browser', summary.failed]);
    reports.push(['slowest browser tests', summary.tests], ['slowest browser spec files (sum of their tests)', summary.specs]);
    return status === 0;
  });
}

fs.mkdirSync(logs, { recursive: true });
await step('install (when package-lock.json is newer than node_modules)', async () => {
  ensureDependencies();
  return true;
});
// The browser tests start first, beside the checks, then the PostgreSQL pass, then the PGlite pass, which meets only
// the browser tests' last minutes: beside Chromium for the whole run a PGlite test ran up to seven times slower
// than alone and past the 30 s limit, while the same test on PostgreSQL stays within it; alone at the end, the
// PGlite pass left a third of the CPU idle (docs/decisions/0021-fast-test-runs.md). The slowest single tests are
// printed at the end. Without TEST_DATABASE_URL the PGlite pass follows the checks.
const packages = debianPackages();
const browserLane = packages.then(browser);
const checksLane = checks().then(async () => {
  if (!process.env.TEST_DATABASE_URL) return vitest('PGlite', PGLITE).then(postgres);
  await packages;
  await postgres();
  await vitest('PGlite', PGLITE);
});
await Promise.all([browserLane, checksLane]);
cpu.stop();

const timings = writeTimings(path.join(root, '.cache/test-timings.txt'), [
  { title: `npm test, ${new Date().toISOString()}, ${since(started)} in all`, lines: results },
  ...reports.map(([title, lines]) => ({ title, lines })),
  // Last, so the end of a red run's output names what failed.
  ...failures.map(([title, lines]) => ({ title, lines })),
]);
console.log(`\n${timings}\n\n(kept in .cache/test-timings.txt; each step's output in .cache/logs)`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.startsWith('FAIL')) ? 1 : 0);

// `npm test`: every test. Type check, lint, dead code, unit + API tests on PGlite, the same on PostgreSQL when
// TEST_DATABASE_URL is set (with PgBouncer, installed when missing), then the browser tests in Debian's Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensurePgbouncer, ensureWebBuild, root, run } from './lib/ensure.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];
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

ensureDependencies();
fs.mkdirSync(path.join(root, '.cache'), { recursive: true });

step('type check', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) === 0);
step('lint', () => run(bin('eslint'), ['.', '--max-warnings=0']) === 0);
// Unused files, exports, types and dependencies (knip.jsonc): a few seconds, no database.
step('dead code (knip)', () => run(bin('knip'), ['--no-progress', '--no-config-hints']) === 0);

const vitest = (kind, env) =>
  step(`unit and API tests on ${kind}`, () => {
    const out = path.join(root, `.cache/vitest-${kind}.json`);
    fs.rmSync(out, { force: true });
    const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
    countVitest(out);
    return status === 0;
  });

vitest('PGlite', { TEST_DB_KIND: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  // Two app instances through PgBouncer in transaction mode (src/server/instances-behind-pgbouncer.test.ts).
  const pgbouncer = ensurePgbouncer();
  if (!pgbouncer) {
    console.error('PgBouncer is not installed and could not be installed: run `apt-get install pgbouncer` as root (the PostgreSQL tests start it).');
  }
  vitest('PostgreSQL', { TEST_DB_KIND: 'pg', ...(pgbouncer ? { PGBOUNCER_PATH: pgbouncer } : {}) });
}
else results.push('note TEST_DATABASE_URL is not set: the API tests ran on PGlite only');

step('browser tests (Playwright, Chromium)', () => {
  const chromium = ensureChromium();
  if (!chromium) {
    console.error('Chromium is not installed and could not be installed: run `apt-get install chromium` as root.');
    failed += 1;
    return false;
  }
  ensureWebBuild();
  const out = path.join(root, '.cache/playwright.json');
  fs.rmSync(out, { force: true });
  const status = run(bin('playwright'), ['test'], { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  countPlaywright(out);
  return status === 0;
});

console.log('\n' + results.join('\n'));
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.startsWith('FAIL')) ? 1 : 0);

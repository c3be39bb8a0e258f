// `npm run test:changed [base]`: the fast loop while developing. Runs what a change touches, on PGlite:
//   - vitest's related tests (`vitest run --changed`): every test file whose imports reach a changed file;
//   - the browser specs of the changed web feature folders and changed specs (scripts/lib/changed-tests.mjs).
// The change is what is not committed yet; with a base (a branch or commit, e.g. `main`) it is everything since
// the point where this branch left it, committed or not. Type check, lint and the PostgreSQL pass stay in
// `npm test`. Shared web code (components, lib) touches every screen: the browser specs are then named, not run.
// A changed package.json or vitest.config.ts makes vitest run every file (its forceRerunTriggers).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CHROMIUM_PACKAGE, ensureChromium, ensureWebBuild, root, run } from './lib/ensure.mjs';
import { browserSpecsFor } from './lib/changed-tests.mjs';

const base = process.argv[2] ?? '';
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const since = base ? git('merge-base', base, 'HEAD')[0] : 'HEAD';
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])];
if (!changed.length) {
  console.log(base ? `Nothing changed since ${base}.` : 'Nothing changed (uncommitted): name a base, e.g. `npm run test:changed main`.');
  process.exit(0);
}
console.log(`Changed: ${changed.length} file(s)${base ? ` since ${base}` : ''}.`);

const bin = (name) => path.join(root, 'node_modules/.bin', name);
let failed = false;

console.log('\n=== vitest: the tests related to the change (PGlite) ===');
const vitestArgs = ['run', `--changed=${since}`, '--passWithNoTests'];
failed = run(bin('vitest'), vitestArgs, { env: { TEST_DB_KIND: 'pglite' } }) !== 0 || failed;

const { specs, wide } = browserSpecsFor(changed);
if (wide) {
  console.log('\nShared web code changed (components, lib, the app shell or the e2e support): every screen may be touched;');
  console.log('run the browser tests with `npx playwright test` (all) or name specs: `npx playwright test tests/e2e/<spec>.ts`.');
}
if (specs.length) {
  console.log(`\n=== browser specs of the change: ${specs.map((s) => path.basename(s)).join(', ')} ===`);
  const chromium = ensureChromium();
  if (!chromium) {
    console.error(`Chromium is not installed: run \`apt-get install ${CHROMIUM_PACKAGE}\` as root.`);
    failed = true;
  } else {
    ensureWebBuild();
    failed = run(bin('playwright'), ['test', ...specs], { env: { CHROMIUM_PATH: chromium } }) !== 0 || failed;
  }
} else if (!wide) console.log('\nNo browser spec walks the changed files.');

process.exit(failed ? 1 : 0);

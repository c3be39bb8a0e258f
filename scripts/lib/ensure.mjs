// Set-up shared by `npm start` and `npm test`: install packages and build the web app (and, for production, the server)
// when needed.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The compiled server's entry, written by scripts/build-server.mjs; `npm run serve` and a production `npm start` run it. */
export const serverEntry = 'dist/server/main.js';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  return r.status ?? 1;
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(p) : mtime(p));
  }
  return newest;
}

/**
 * Installs packages when node_modules is missing (`npm ci`: exactly the lock file) or older than
 * package-lock.json (`npm install`, which keeps what is there). Dev dependencies are always included,
 * even with NODE_ENV=production: the builds need vite and esbuild (docs/decisions/0004-production-start.md).
 * After `npm ci` (as `.ci/run` does) node_modules is newer than the lock file and nothing runs here.
 */
export function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (fs.existsSync(installed) && mtime(installed) >= mtime(lock)) return;
  const fresh = !fs.existsSync(installed);
  console.log(fresh ? 'Installing packages (first run)...' : 'Updating packages (package-lock.json changed)...');
  const args = [fresh ? 'ci' : 'install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];
  const status = run('npm', args);
  if (status !== 0) throw new Error(`npm ${args[0]} failed`);
}

/** vite build, then the landing prerender, when the web app or the shared code changed since the last build. */
export function ensureWebBuild() {
  const stamp = path.join(root, 'dist/web/prerendered/login.html'); // written last, by the prerender
  const sources = Math.max(
    newestIn(path.join(root, 'src/web')),
    newestIn(path.join(root, 'src/shared')),
    mtime(path.join(root, 'vite.config.ts')),
    mtime(path.join(root, 'scripts/prerender-landing.tsx')),
    mtime(path.join(root, 'package-lock.json')),
  );
  if (mtime(stamp) >= sources) return;
  const vite = path.join(root, 'node_modules/.bin/vite');
  if (!fs.existsSync(vite)) {
    throw new Error('The web app needs a build and vite is not installed (dev dependencies were left out): run `npm ci` then `npm run build`');
  }
  console.log('Building the web app...');
  const status = run(vite, ['build', '--logLevel', 'warn']);
  if (status !== 0) throw new Error('vite build failed');
  // The landing page as HTML (paints before any script) and .br/.gz beside each file: scripts/prerender-landing.tsx.
  const prerender = run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/prerender-landing.tsx', 'dist/web']);
  if (prerender !== 0) throw new Error('prerendering the landing page failed');
}

/** The compiled server (scripts/build-server.mjs) when the server or the shared code changed since the last build. */
export function ensureServerBuild() {
  const sources = Math.max(
    newestIn(path.join(root, 'src/server')),
    newestIn(path.join(root, 'src/shared')),
    mtime(path.join(root, 'scripts/build-server.mjs')),
    mtime(path.join(root, 'package-lock.json')),
  );
  if (mtime(path.join(root, serverEntry)) >= sources) return;
  if (!fs.existsSync(path.join(root, 'node_modules/esbuild'))) {
    throw new Error('The server needs a build and esbuild is not installed (dev dependencies were left out): run `npm ci` then `npm run build`');
  }
  console.log('Building the server...');
  if (run(process.execPath, ['scripts/build-server.mjs']) !== 0) throw new Error('building the server failed');
}

/** The apt-get commands that install Debian packages (`packages`), or none where this process can't (not root). */
export function debianInstall(packages) {
  if (!packages.length || process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return [];
  return [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', ...packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } }],
  ];
}

// Debian's headless shell first: the same Chromium without the full browser's window machinery, about a quarter
// less CPU per browser test (docs/decisions/0021-fast-test-runs.md); the full browser where only it is installed.
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/** Debian's Chromium (its headless shell first, or only with `shellOnly`), or ''. */
export function findChromium({ shellOnly = false } = {}) {
  for (const name of shellOnly ? [CHROMIUM_PACKAGE] : [CHROMIUM_PACKAGE, 'chromium']) {
    try {
      return execSync(`command -v ${name}`, { encoding: 'utf8', shell: '/bin/sh' }).trim();
    } catch {
      // not installed: try the next
    }
  }
  return '';
}

/** Debian's PgBouncer (PGBOUNCER_PATH first), or ''. */
export function findPgbouncer() {
  if (process.env.PGBOUNCER_PATH && fs.existsSync(process.env.PGBOUNCER_PATH)) return process.env.PGBOUNCER_PATH;
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((p) => fs.existsSync(p)) ?? '';
}

/** Debian's Chromium for the browser tests; installed with apt-get when missing and we are root. */
export function ensureChromium() {
  if (!findChromium({ shellOnly: true })) {
    const install = debianInstall([CHROMIUM_PACKAGE]);
    if (install.length) console.log("Installing Chromium from Debian's packages for the browser tests...");
    for (const [cmd, args, opts] of install) run(cmd, args, opts);
  }
  return findChromium();
}

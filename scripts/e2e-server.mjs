// The browser tests' app server (started by playwright.config.ts): the compiled server, as production runs it (built
// here when its sources changed, for `npm test`, `npm run test:changed` and Playwright alike; Playwright starts its
// servers one after the other, so two never build at once), a fresh data folder, and with
// E2E_DATABASE_URL a fresh PostgreSQL database of its own (created here; one left by an earlier run is dropped
// once it is three hours old, as the API tests' databases are: lib/test-databases.mjs). Without it, the
// embedded database in the data folder, as `npm start` runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { ensureServerBuild, serverEntry } from './lib/ensure.mjs';
import { BROWSER_TEST_DATABASES, dropStaleTestDatabases, testDatabaseName } from './lib/test-databases.mjs';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
fs.rmSync(env.DATA_DIR, { recursive: true, force: true });

let database = null;
if (env.E2E_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
  await admin.connect();
  await dropStaleTestDatabases(admin, BROWSER_TEST_DATABASES);
  const name = testDatabaseName(BROWSER_TEST_DATABASES, String(process.pid));
  await admin.query(`create database "${name}"`);
  database = name;
  await admin.end();
  const url = new URL(env.E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

ensureServerBuild();
const server = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Playwright ends the server with SIGTERM (gracefulShutdown in playwright.config.ts); its database goes with it.
server.on('exit', async (code, signal) => {
  if (database) {
    const admin = new pg.Client({ connectionString: env.E2E_DATABASE_URL });
    await admin.connect().then(() => admin.query(`drop database if exists "${database}" with (force)`)).catch(() => {});
    await admin.end().catch(() => {});
  }
  process.exit(code ?? (signal ? 1 : 0));
});

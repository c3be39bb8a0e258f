import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/lib/ensure.mjs';

// Debian's Chromium, never a downloaded browser. The app runs on its own port and data folder.
// Workers inherit the environment, so they see the port and folder the main process chose; two runs
// side by side get their own.
// 30000-39999: clear of the ports local services listen on (PostgreSQL 5432, RabbitMQ 5672 and 25672, NATS 4222, Redis 6379).
process.env.E2E_PORT ??= String(30000 + (process.pid % 10000));
const port = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ??= path.resolve(`.cache/e2e-data-${port}`);
const e2eDataDir = process.env.E2E_DATA_DIR;
// With E2E_DATABASE_URL (npm test sets it to TEST_DATABASE_URL) the app under test runs on PostgreSQL, which
// answers the two workers' requests at once; a second server on the embedded database, as `npm start` runs,
// serves the "embedded" project: an upload and the owner's loop (docs/decisions/0021-fast-test-runs.md).
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);
const EMBEDDED_SPECS = ['data-sources.spec.ts', 'owner-loop.spec.ts'];
const serverEnv = { HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn', SMS_SEND_WINDOW: 'off', SMS_SIMULATOR_REVIEW_SECONDS: '1', SIGNUPS_PER_HOUR: '100000', E2E_HOOKS: '1' };
const appServer = (serverPort: number, dataDir: string, databaseUrl?: string) => ({
  command: 'node scripts/e2e-server.mjs',
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  env: { ...serverEnv, PORT: String(serverPort), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${serverPort}`, E2E_DATABASE_URL: databaseUrl ?? '' },
});
// `npm test` passes the one it found; the same search otherwise (Debian's headless shell first).
const chromiumPath = process.env.CHROMIUM_PATH || findChromium() || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    ...(onPostgres
      ? [{ name: 'embedded', testMatch: EMBEDDED_SPECS, use: { viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${port + 1}` } }]
      : []),
  ],
  webServer: [
    appServer(port, e2eDataDir, process.env.E2E_DATABASE_URL),
    ...(onPostgres ? [appServer(port + 1, `${e2eDataDir}-embedded`)] : []),
  ],
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { classifyTestFiles } from './scripts/lib/database-tests.mjs';

// Two projects: "db", the files whose imports reach the test-database helper (run on PGlite, and again on
// PostgreSQL by `npm test`), and "unit", every other test file (run once). docs/decisions/0021-fast-test-runs.md.
const { database, unit } = classifyTestFiles(path.dirname(new URL(import.meta.url).pathname));

export default defineConfig({
  test: {
    setupFiles: ['src/server/testing/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'db', include: database, globalSetup: ['src/server/testing/global-setup.ts'], provide: { testProject: 'db' } },
      },
      { extends: true, test: { name: 'unit', include: unit, provide: { testProject: 'unit' } } },
    ],
  },
});

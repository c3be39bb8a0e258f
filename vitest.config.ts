import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { classifyTestFiles } from './scripts/lib/database-tests.mjs';

// Projects "db*", the files whose imports reach the test-database helper (run on PGlite, and again on
// PostgreSQL by `npm test`), and "unit*", every other test file (run once). Files share one module registry
// per worker (isolate: false: the app's modules load once per worker, not once per file); the few that
// replace a module with vi.mock get their own ("-isolated"). docs/decisions/0021-fast-test-runs.md.
const groups = classifyTestFiles(path.dirname(new URL(import.meta.url).pathname));
const db = { globalSetup: ['src/server/testing/global-setup.ts'], provide: { testProject: 'db' as const } };
const unit = { provide: { testProject: 'unit' as const } };

export default defineConfig({
  test: {
    setupFiles: ['src/server/testing/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { name: 'db', include: groups.database, isolate: false, ...db },
      { name: 'db-isolated', include: groups.databaseIsolated, ...db },
      { name: 'unit', include: groups.unit, isolate: false, ...unit },
      { name: 'unit-isolated', include: groups.unitIsolated, ...unit },
    ]
      .filter((project) => project.include.length > 0)
      .map((project) => ({ extends: true as const, test: project })),
  },
});

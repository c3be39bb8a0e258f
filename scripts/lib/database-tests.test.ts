import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { classifyTestFiles, listTestFiles } from './database-tests.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'database-tests-'));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
}

it('a file reaching the test-database helper through other modules is a database test; type imports and packages are not followed', () => {
  write('src/server/testing/test-database.ts', 'export async function createTestDatabase() {}\n');
  write('src/server/testing/test-app.ts', "import { createTestDatabase } from './test-database';\nexport const app = createTestDatabase;\n");
  write('src/server/features/a/helpers.ts', "export { app } from '../../testing/test-app';\n");
  write('src/server/features/a/api.test.ts', "import { it } from 'vitest';\nimport { app } from './helpers';\nit('x', app);\n");
  write('src/server/features/a/lazy.test.ts', "it('x', async () => { await import('../../testing/test-database'); });\n");
  // Spelled in two pieces so that this file itself does not read as one that calls it.
  const call = 'loadTestEnv' + '()';
  write('src/server/features/a/kind.test.ts', `import { loadTestEnv } from '../../config';\nconst env = ${call};\n`);
  write('src/server/features/a/types.test.ts', "import type { app } from './helpers';\nimport { z } from 'zod';\nexport type A = typeof app;\n");
  write('src/shared/pure.test.ts', "import { it } from 'vitest';\nit('x', () => {});\n");
  // A file that replaces a module gets a module registry of its own (spelled in two pieces, as above).
  const mock = 'vi.mo' + 'ck(';
  write('src/server/features/a/mocked.test.ts', `import { app } from './helpers';\n${mock}'./helpers');\n`);
  write('src/shared/mocked.test.ts', `${mock}'./pure');\n`);
  expect(classifyTestFiles(fixture)).toEqual({
    database: ['src/server/features/a/api.test.ts', 'src/server/features/a/kind.test.ts', 'src/server/features/a/lazy.test.ts'],
    databaseIsolated: ['src/server/features/a/mocked.test.ts'],
    unit: ['src/server/features/a/types.test.ts', 'src/shared/pure.test.ts'],
    unitIsolated: ['src/shared/mocked.test.ts'],
  });
});

it('every test file of this repository that creates an app or a database is a database test', () => {
  const groups = classifyTestFiles(root);
  expect(Object.values(groups).flat().sort()).toEqual(listTestFiles(root));
  const database = [...groups.database, ...groups.databaseIsolated];
  // This file is left out: its fixtures spell those calls in strings.
  const opening = listTestFiles(root).filter((f) => f !== 'scripts/lib/database-tests.test.ts' && /\bcreateTest(App|Database)\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));
  expect(opening.length).toBeGreaterThan(50);
  expect(opening.filter((f) => !database.includes(f))).toEqual([]);
});

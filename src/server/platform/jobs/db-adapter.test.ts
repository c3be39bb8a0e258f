import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bossDbFor, withoutOwnTransaction } from './db-adapter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers parameterised statements and multi-statement text', async () => {
  const db = bossDbFor(t.database);
  expect((await db.executeSql('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  await db.executeSql('create table jobs_adapter_t (n int); insert into jobs_adapter_t values (1), (2)');
  expect((await db.executeSql('select count(*)::int as n from jobs_adapter_t')).rows).toEqual([{ n: 2 }]);
});

it('rolls back a transaction that failed half-way, so the app can go on using the database', async () => {
  const db = bossDbFor(t.database);
  const failing = db.executeSql('begin; insert into jobs_adapter_t values (3); select 1 / 0; commit;');
  // Statements queued behind the failing text (the app's, another pg-boss's) are not caught in its
  // aborted transaction.
  const meanwhile = Promise.all([1, 2, 3].map(() => t.database.query('select 1 as one')));
  await expect(failing).rejects.toThrow(/division by zero/);
  expect(await meanwhile).toEqual([[{ one: 1 }], [{ one: 1 }], [{ one: 1 }]]);
  // Every pooled connection (PostgreSQL) or the one session (PGlite) still works and saw no insert.
  const counts = await Promise.all([1, 2, 3, 4, 5].map(() => t.database.query<{ n: number }>('select count(*)::int as n from jobs_adapter_t')));
  expect(counts.map((r) => r[0].n)).toEqual([2, 2, 2, 2, 2]);
  if (t.database.pglite) expect(t.database.pglite.isInTransaction()).toBe(false);
});

it('unwraps pg-boss locked commands only', () => {
  expect(withoutOwnTransaction('\n    BEGIN;\n    SET LOCAL a = 1;\n    SELECT 1;\n    COMMIT;\n  ')).toBe('\n    SET LOCAL a = 1;\n    SELECT 1;');
  expect(withoutOwnTransaction('select 1; select 2')).toBe('select 1; select 2');
  expect(withoutOwnTransaction('DO $$ BEGIN PERFORM 1; END $$')).toBe('DO $$ BEGIN PERFORM 1; END $$');
});

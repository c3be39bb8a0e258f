import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bossDbFor } from './db-adapter';

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
  await expect(db.executeSql('begin; insert into jobs_adapter_t values (3); select 1 / 0; commit;')).rejects.toThrow(/division by zero/);
  // Every pooled connection (PostgreSQL) or the one session (PGlite) still works and saw no insert.
  const counts = await Promise.all([1, 2, 3, 4, 5].map(() => t.database.query<{ n: number }>('select count(*)::int as n from jobs_adapter_t')));
  expect(counts.map((r) => r[0].n)).toEqual([2, 2, 2, 2, 2]);
  if (t.database.pglite) expect(t.database.pglite.isInTransaction()).toBe(false);
});

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { type Database, fromPool, rowsOf } from './client';
import { readRows } from './read-rows';

// Dashboard reads are planned once per connection, for any values (docs/decisions/0008-generic-plans-for-dashboard-reads.md);
// every other statement keeps being planned for its values.

let database: Database;
/** On PostgreSQL, the same database through a pool of one connection, so its prepared statements can be seen. */
let single: Database | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.pool) {
    const { connectionString } = database.pool.options as { connectionString: string };
    single = fromPool(new pg.Pool({ connectionString, max: 1 }));
  }
});
afterAll(async () => {
  await single?.close();
  await database.close();
});

const mode = sql`select current_setting('plan_cache_mode') as mode`;

describe('readRows', () => {
  it('runs on generic-plan connections without parallel workers on PostgreSQL; writes and one-off statements keep planning for their values', async () => {
    const [read] = await readRows<{ mode: string }>(database.db, mode);
    const [workers] = await readRows<{ n: string }>(database.db, sql`select current_setting('max_parallel_workers_per_gather') as n`);
    const [workersElsewhere] = await database.query<{ n: string }>("select current_setting('max_parallel_workers_per_gather') as n");
    expect(workers.n).toBe(database.kind === 'pg' ? '0' : workersElsewhere.n);
    const [other] = rowsOf<{ mode: string }>(await database.db.execute(mode));
    const [raw] = await database.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode");
    expect(read.mode).toBe(database.kind === 'pg' ? 'force_generic_plan' : 'auto');
    expect(other.mode).toBe('auto');
    expect(raw.mode).toBe('auto');
    // Inside a transaction a read is a plain statement of that transaction.
    const inTx = await database.db.transaction(async (tx) => readRows<{ mode: string }>(tx, mode));
    expect(inTx[0].mode).toBe('auto');
  });

  it('keeps the options a database URL carries beside the generic-plan setting', async () => {
    if (!database.pool) return expect(database.kind).toBe('pglite');
    const url = new URL((database.pool.options as { connectionString: string }).connectionString);
    url.searchParams.set('options', '-c work_mem=7MB');
    const withOptions = fromPool(new pg.Pool({ connectionString: url.toString(), max: 1 }));
    try {
      const [read] = await readRows<{ mode: string; mem: string }>(withOptions.db, sql`select current_setting('plan_cache_mode') as mode, current_setting('work_mem') as mem`);
      expect(read).toEqual({ mode: 'force_generic_plan', mem: '7MB' });
      const [raw] = await withOptions.query<{ mode: string; mem: string }>("select current_setting('plan_cache_mode') as mode, current_setting('work_mem') as mem");
      expect(raw).toEqual({ mode: 'auto', mem: '7MB' });
    } finally {
      await withOptions.close();
    }
  });

  it('plans a read once and runs that plan for other values (PostgreSQL), with the same answers', async () => {
    const db = (single ?? database).db;
    const statement = (n: number) => sql`select /* read-rows-generic */ g as n from generate_series(1, 10) g where g > ${n} order by g limit 3`;
    for (let n = 0; n < 8; n += 1) {
      const rows = await readRows<{ n: number }>(db, statement(n));
      expect(rows.map((r) => Number(r.n))).toEqual([n + 1, n + 2, n + 3].filter((v) => v <= 10));
    }
    if (!single) return;
    const [plans] = await readRows<{ generic: number; custom: number }>(
      db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%read-rows-generic%' and statement not like '%pg_prepared_statements%'`,
    );
    expect(plans).toEqual({ generic: 8, custom: 0 });
  });
});

import pg from 'pg';
import { inject } from 'vitest';
import { loadTestEnv } from '../config';
import { type Database, fromPglite, fromPool } from '../db/client';
import { API_TEST_DATABASES, testDatabaseName } from '../../../scripts/lib/test-databases.mjs';
import { giveBackPglite, takePglite } from './pglite-reuse';

/** An empty, migrated database of its own for one test file (PGlite in memory, reused by the worker's next file once emptied; or a PostgreSQL copy). */
export async function createTestDatabase(): Promise<Database> {
  if (inject('testProject') !== 'db') {
    // vitest.config.ts missed this file (scripts/lib/database-tests.mjs follows static imports only): it would
    // never run on PostgreSQL.
    throw new Error('This test file opens a database but is in the "unit" vitest project: import src/server/testing/test-database.ts (or a helper that does) with a static import');
  }
  const env = loadTestEnv();
  const templateDb = inject('templateDb');
  if (templateDb) {
    const name = testDatabaseName(API_TEST_DATABASES, `${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDb}"`);
    await admin.end();
    const url = new URL(env.databaseUrl!);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
    const database = fromPool(pool);
    return {
      ...database,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: env.databaseUrl });
        await a.connect();
        await dropDatabaseWhenIdle(a, name);
        await a.end();
      },
    };
  }
  const pglite = await takePglite(inject('templateFile'));
  return { ...fromPglite(pglite), close: () => giveBackPglite(pglite) };
}

/**
 * How many of a test's random write sequences run on this database: all on PostgreSQL, the production database,
 * which explores the states they reach; a quarter (the first ones) on PGlite, where the same statements run about
 * ten times slower and these sequences show that every kind of write keeps its figures exact there too
 * (docs/decisions/0021-fast-test-runs.md).
 */
export const sequencesOnThisDatabase = (all: number) => (loadTestEnv().databaseKind === 'pg' ? all : Math.ceil(all / 4));

/**
 * pool.end() resolves before the server has seen every connection close; dropping WITH (FORCE) at that
 * moment kills a closing connection, whose error then surfaces as an unhandled error. Wait for the
 * connections to go first (a few seconds at most), then drop.
 */
export async function dropDatabaseWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (r.rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
}

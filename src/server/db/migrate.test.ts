import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadTestEnv } from '../config';
import { createTestDatabase, dropDatabaseWhenIdle } from '../testing/test-database';
import { type Database, fromPglite, fromPool } from './client';
import { migrate } from './migrate';
import { API_TEST_DATABASES, testDatabaseName } from '../../../scripts/lib/test-databases.mjs';

const env = loadTestEnv();

describe('migrate', () => {
  it('is safe to run again on a migrated database', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database);
      await migrate(database);
      const [row] = await database.query<{ n: number }>('select count(*)::int as n from businesses');
      expect(row.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  // Several app instances starting together on one empty database (on PostgreSQL each with its own pool).
  it('lets instances starting together on an empty database migrate one after another', async () => {
    const { instances, cleanup } = env.databaseKind === 'pg' ? await emptyPostgres(3) : await emptyPglite();
    try {
      await Promise.all(instances.map((d) => migrate(d)));
      const [row] = await instances[0].query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
      expect(row.n).toBeGreaterThanOrEqual(19);
    } finally {
      await cleanup();
    }
  });
});

async function emptyPostgres(count: number): Promise<{ instances: Database[]; cleanup(): Promise<void> }> {
  const name = testDatabaseName(API_TEST_DATABASES, `${process.pid}_mig`);
  const admin = new pg.Client({ connectionString: env.databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(env.databaseUrl!);
  url.pathname = `/${name}`;
  const instances = Array.from({ length: count }, () => fromPool(new pg.Pool({ connectionString: url.toString(), max: 3 })));
  return {
    instances,
    async cleanup() {
      for (const d of instances) await d.close();
      await dropDatabaseWhenIdle(admin, name);
      await admin.end();
    },
  };
}

/** PGlite serves one process: the "instances" share it, as they would in one app. */
async function emptyPglite(): Promise<{ instances: Database[]; cleanup(): Promise<void> }> {
  const database = fromPglite(await PGlite.create());
  return { instances: [database, database, database], cleanup: () => database.close() };
}

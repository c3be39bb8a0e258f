import pg from 'pg';
import { fromPool, POOL_IDLE_MS, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/** A new, migrated PostgreSQL database for a benchmark run; dropped by close(). */
export async function freshDatabase(baseUrl: string, prefix: string, keep = false): Promise<{ database: Database; url: string; close(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // idle connections kept as long as the app keeps them (db/client.ts)
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4, idleTimeoutMillis: POOL_IDLE_MS });
  const database = fromPool(pool);
  await migrate(database);
  return {
    database,
    url: url.toString(),
    async close() {
      await pool.end();
      if (keep) return;
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { loadTestEnv } from '../config';
import { type Database, fromPglite, fromPool } from '../db/client';

/** A fresh, migrated database of its own for one test file (PGlite in memory, or a PostgreSQL copy). */
export async function createTestDatabase(): Promise<Database> {
  const env = loadTestEnv();
  const templateDb = inject('templateDb');
  if (templateDb) {
    const name = `referloop_t_${Math.floor(Date.now() / 1000)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
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
        await pool.end();
        const a = new pg.Client({ connectionString: env.databaseUrl });
        await a.connect();
        await a.query(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  }
  const file = inject('templateFile');
  const blob = new Blob([fs.readFileSync(file)]);
  return fromPglite(await PGlite.create({ loadDataDir: blob }));
}

import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';

/** What pg-boss 10 needs from a database: `executeSql(text, values)` answering `{ rows }`. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> };

const hasValues = (values?: unknown[]) => values !== undefined && values.length > 0;

/**
 * PGlite is one session shared by the whole process. Parameterised statements go through
 * `query`; text without values may hold several statements (pg-boss's migrations and its locked
 * maintenance commands: `BEGIN; ...; COMMIT;`), which only `exec` accepts. When such text fails
 * half-way its transaction stays open and aborted, and every later statement of the app would fail,
 * so the adapter rolls it back before passing the error on.
 */
export function pgliteBossDb(pglite: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      try {
        if (hasValues(values)) return { rows: (await pglite.query(text, values as any[])).rows };
        const results = await pglite.exec(text);
        return { rows: results.length ? results[results.length - 1].rows : [] };
      } catch (error) {
        if (pglite.isInTransaction()) await pglite.exec('rollback').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * On PostgreSQL pg-boss shares the app's pool. Multi-statement text runs on a client of its own so
 * that a failure half-way can be rolled back before the client goes back to the pool.
 */
export function poolBossDb(pool: pg.Pool): BossDb {
  return {
    async executeSql(text, values) {
      if (hasValues(values)) return pool.query(text, values as any[]);
      const client = await pool.connect();
      try {
        const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function bossDbFor(database: Database): BossDb {
  if (database.kind === 'pglite') return pgliteBossDb(database.pglite!);
  return poolBossDb(database.pool!);
}

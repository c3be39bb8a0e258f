import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';

/** What pg-boss 10 needs from a database: `executeSql(text, values)` answering `{ rows }`. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> };

const hasValues = (values?: unknown[]) => values !== undefined && values.length > 0;

/**
 * PGlite is one session shared by the whole process. Parameterised statements go through `query`.
 * Text without values may hold several statements: pg-boss's migrations and locked maintenance
 * commands, always `BEGIN; ...; COMMIT;`, which only `exec` accepts. Sent as they are, a failure
 * half-way leaves the shared session in an aborted transaction until someone rolls back, and any
 * statement of the app or of another pg-boss instance that gets in first fails ("current transaction
 * is aborted"). So the text runs inside `pglite.transaction()` instead of its own BEGIN/COMMIT: PGlite
 * holds its lock from BEGIN to COMMIT, or rolls back under that same lock after an error.
 */
export function pgliteBossDb(pglite: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (hasValues(values)) return { rows: (await pglite.query(text, values as any[])).rows };
      const results = await pglite.transaction((tx) => tx.exec(withoutOwnTransaction(text)));
      return { rows: results.length ? results[results.length - 1].rows : [] };
    },
  };
}

/** `BEGIN; a; b; COMMIT;` -> `a; b;` (text without an outer BEGIN/COMMIT is left as it is). */
export function withoutOwnTransaction(text: string): string {
  const inner = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i.exec(text);
  return inner ? `${inner[1]};` : text;
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

import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Tx, rowsOf } from './client';

/**
 * Runs a dashboard read. On the PostgreSQL pool (not inside a transaction) it is a named prepared statement, so
 * each pool connection plans it once: these statements often take longer to plan (~8 ms for a client page before
 * its indexes) than to run (< 1 ms), and replanning them on every request was most of their cost under load
 * (docs/read-model.md). The name is a hash of the text, so each text has its own statement. Inside a
 * transaction and on PGlite it is a plain query.
 */
export async function readRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const holder = tx as unknown as { $client?: unknown; dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };
  if (holder.$client instanceof pg.Pool && holder.dialect) {
    const { sql: text, params } = holder.dialect.sqlToQuery(query);
    const name = `rl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const result = await holder.$client.query({ name, text, values: params });
    return result.rows as T[];
  }
  return rowsOf<T>(await tx.execute(query));
}

/**
 * A row count (a page size, a per-item cap) written into the statement instead of passed as a parameter: with
 * a parameter for the LIMIT, PostgreSQL's cached generic plan assumes a large share of the rows and scans and
 * sorts them; written in, it walks the index and stops. Page sizes are few (1-101), so few statements.
 */
export function rowCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Tx, rowsOf } from '../../db/client';

/**
 * Runs a read as a named prepared statement on the PostgreSQL pool, so each connection plans it once
 * (planning these joins costs more than running them). The same helper as clients/read-query.ts, which
 * other features may not import (docs/read-model.md).
 */
export async function readRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const holder = tx as unknown as { $client?: unknown; dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };
  if (holder.$client instanceof pg.Pool && holder.dialect) {
    const { sql: text, params } = holder.dialect.sqlToQuery(query);
    const name = `so_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
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
export function count(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

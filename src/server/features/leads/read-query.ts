import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { type Tx, rowsOf } from '../../db/client';

/**
 * Runs a Lead Inbox read. On the PostgreSQL pool (not inside a transaction) it is a named prepared statement,
 * so each pool connection plans it once: planning the page and the stats costs more than running them from the
 * kept figures (docs/leads.md "Speed"). The name is a hash of the text, so each text has its own statement.
 * The same helper as clients/read-query.ts, which other features may not import (docs/read-model.md).
 */
export async function readRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const holder = tx as unknown as { $client?: unknown; dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };
  if (holder.$client instanceof pg.Pool && holder.dialect) {
    const { sql: text, params } = holder.dialect.sqlToQuery(query);
    const name = `ld_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const result = await holder.$client.query({ name, text, values: params });
    return result.rows as T[];
  }
  return rowsOf<T>(await tx.execute(query));
}

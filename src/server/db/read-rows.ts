import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Tx, appPoolOf, genericPlanPoolOf, namedStatementsOn, rowsOf } from './client';

/** Drizzle's own SQL-to-text step, the same the app's handles use (no casing options). */
const dialect = new PgDialect();

/**
 * Runs a dashboard read. On the PostgreSQL pool (not inside a transaction) it is a named prepared statement, so
 * each pool connection parses it once: these statements often take longer to plan than to run. The name is a
 * hash of the text, so each text has its own statement. Inside a transaction, on PGlite and behind a transaction
 * pooler (PgBouncer) it is a plain query.
 *
 * It runs on the generic-plan connections (db/client.ts): planned once per connection for any values. Left to
 * choose, PostgreSQL kept planning most dashboard reads again on every run (it judged the generic plan dearer
 * than the plans made for the first five runs' values), so planning cost more than running
 * (docs/decisions/0008-generic-plans-for-dashboard-reads.md has the figures). So a read's generic plan must be
 * a good one: its LIMIT is written in (rowCount) and a deep page jumps instead of skipping, as the reads here do.
 */
export async function readRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const appPool = appPoolOf(tx);
  if (!appPool) return rowsOf<T>(await tx.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Behind a transaction pooler a named statement would outlive its server connection (db/client.ts).
  if (!namedStatementsOn(appPool)) return (await appPool.query(text, params)).rows as T[];
  const name = `rl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const pool = genericPlanPoolOf(appPool) ?? appPool;
  const result = await pool.query({ name, text, values: params });
  return result.rows as T[];
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

import type { SQL } from 'drizzle-orm';
import { type Tx, rowsOf } from './client';

/**
 * Runs a transaction's statements in order and answers each one's rows. Each is sent as soon as it is built, and
 * the next one is built while the database runs it: a large upload's statements each carry megabytes of rows written
 * out as JSON, which otherwise left the database idle between them (docs/benchmarks.md, "The first upload").
 * The connection runs them one after another; once one fails, the transaction is aborted and the rest fail too,
 * and the first failure is the one thrown.
 */
export async function rowsInTurn<T>(tx: Tx, statements: Iterable<SQL>): Promise<T[][]> {
  const sent: Promise<T[]>[] = [];
  // `then` is called here, not awaited, so the statement is sent before the next one is built
  for (const statement of statements) sent.push(tx.execute(statement).then((result) => rowsOf<T>(result)));
  return Promise.all(sent);
}

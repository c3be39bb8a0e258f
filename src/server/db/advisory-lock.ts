import type pg from 'pg';

/**
 * Runs `fn` while this process holds a PostgreSQL advisory lock, so instances starting together take turns
 * (migrations, the job queue's set-up). The lock is a transaction's (`pg_advisory_xact_lock`) held open on a
 * connection of its own while `fn` works on others, and it ends with that transaction. A session-level lock
 * would break behind a pooler in transaction mode: the pooler gives the server connection that holds it to
 * other clients between statements (for whom the lock is already theirs) and sends the unlock to another
 * connection, so the lock would stay taken. Inside a transaction the pooler keeps the connection ours.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: [number, number] | number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const args = Array.isArray(key) ? key : [key];
  let released = false;
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(${args.map((_, i) => `$${i + 1}`).join(', ')})`, args);
    const result = await fn();
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection that failed mid-transaction is not given back to the pool.
    await client.query('rollback').catch((rollbackError: Error) => {
      client.release(rollbackError);
      released = true;
    });
    throw error;
  } finally {
    if (!released) client.release();
  }
}

import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const migrationsFolder = path.resolve('drizzle');

// Held on its own connection while the migrations run, so app instances starting together on one
// PostgreSQL migrate one after another instead of racing on the same CREATE statements.
const MIGRATION_LOCK = 7300;

// PGlite serves one process: there, calls made together simply wait for each other.
const pgliteQueue = new WeakMap<object, Promise<void>>();

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const run = () => migratePglite(database.db as any, { migrationsFolder });
    const next = (pgliteQueue.get(database.pglite!) ?? Promise.resolve()).then(run, run);
    pgliteQueue.set(database.pglite!, next.catch(() => {}));
    return next;
  }
  const lockClient = await database.pool!.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as any, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
}

import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { withAdvisoryLock } from './advisory-lock';
import type { Database } from './client';

export const migrationsFolder = path.resolve('drizzle');

// Held on its own connection while the migrations run, so app instances starting together on one
// PostgreSQL migrate one after another instead of racing on the same CREATE statements. A transaction's lock,
// which also holds behind PgBouncer in transaction mode (db/advisory-lock.ts).
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
  await withAdvisoryLock(database.pool!, MIGRATION_LOCK, () => migratePg(database.db as any, { migrationsFolder }));
}

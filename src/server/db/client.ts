import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/**
 * Extensions every embedded database loads: the migrations index the searches with pg_trgm, each business's rows
 * apart (btree_gin lets a trigram index lead with business_id).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * How the app reaches PostgreSQL: 'direct' (its own connections, each a session) or 'transaction' (through a
 * pooler such as PgBouncer in transaction mode, where only a transaction keeps its server connection: no
 * named prepared statements, no startup options, no session-level locks). docs/operations.md.
 */
export type PoolerMode = 'direct' | 'transaction';

export type Database = {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Raw parameterised SQL, for the job queue adapter, benchmarks and the test harness. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** Present on PGlite only. */
  pglite?: PGlite;
  /** Present on PostgreSQL only. */
  pool?: pg.Pool;
  /** PostgreSQL only: 'transaction' behind PgBouncer in transaction mode. */
  pooler?: PoolerMode;
};

/** The rows of a Drizzle `execute()` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Return DATE columns as 'YYYY-MM-DD' strings on both drivers instead of local-midnight Date objects.
pg.types.setTypeParser(1082, (v) => v);

export function fromPglite(client: PGlite): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    async query(text, values) {
      const r = await client.query(text, values as any[]);
      return r.rows as any[];
    },
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * A server that ends a connection (restart, failover, pg_terminate_backend, idle timeout) makes the
 * client emit 'error'; without a listener node exits. Idle clients report through the pool's 'error',
 * checked-out ones (a transaction, pg-boss's locked commands) on the client itself. Both are only
 * noted here: the broken client is dropped, the query that was running fails (503, see
 * platform/database-outage.ts) and the pool opens a new connection for the next one.
 */
function survivePoolErrors(pool: pg.Pool) {
  if (pool.listenerCount('error') === 0) pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

/**
 * Behind a pooler in transaction mode the dashboard reads get no second pool: a named prepared statement
 * lives on one server connection, which the pooler hands to another client after each transaction (PgBouncer
 * before 1.21 keeps none; the next run answers "prepared statement … does not exist"), and the startup option
 * that sets the generic plans is refused. The reads then run as unnamed statements on the app's pool,
 * planned on each run (db/read-rows.ts; docs/decisions/0014-instances-behind-pgbouncer.md).
 */
export function fromPool(pool: pg.Pool, pooler: PoolerMode = 'direct'): Database {
  survivePoolErrors(pool);
  const genericPlans = pooler === 'direct' ? openGenericPlanPool(pool) : null;
  if (genericPlans) survivePoolErrors(genericPlans);
  else pooledPools.add(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  appPools.set(db, pool);
  return {
    kind: 'pg',
    db,
    async query(text, values) {
      const r = await pool.query(text, values as any[]);
      return r.rows;
    },
    close: async () => {
      await Promise.all([pool.end(), genericPlans?.end()]);
    },
    pool,
    pooler,
  };
}

const pooledPools = new WeakSet<pg.Pool>();
/** Whether a pool made by fromPool may use named prepared statements (false behind a transaction pooler). */
export const namedStatementsOn = (pool: pg.Pool): boolean => !pooledPools.has(pool);

/** The database handles fromPool made, each with its pool: a transaction handle is never in it. */
const appPools = new WeakMap<object, pg.Pool>();
/** The app pool behind a handle fromPool made (undefined inside a transaction and on PGlite). */
export const appPoolOf = (tx: Tx): pg.Pool | undefined => appPools.get(tx);

/** The same for a Drizzle database (PGlite: always). */
export const namedStatementsAllowed = (db: Db): boolean => {
  const pool = appPoolOf(db);
  return !pool || namedStatementsOn(pool);
};

const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The connections on which the dashboard reads run their prepared statements with one generic plan each
 * (plan_cache_mode = force_generic_plan; db/read-rows.ts, docs/decisions/0008-generic-plans-for-dashboard-reads.md).
 * A second pool beside the app's, with the same settings: the setting holds per connection, and on the app's
 * own connections it would also apply to every one-off statement (imports, writes), which must keep being
 * planned for their values. It opens no connection until a read needs one and closes with the app's pool.
 */
function openGenericPlanPool(pool: pg.Pool): pg.Pool {
  const generic = new pg.Pool(withGenericPlans(pool.options as pg.PoolConfig));
  genericPlanPools.set(pool, generic);
  return generic;
}

/**
 * The dashboard reads' settings: one generic plan per statement, and no parallel workers. A generic plan is made
 * once for any values, so a parallel plan chosen on its estimates would start workers on every run of a read that
 * takes a millisecond: the Referral Tracker's search did, and at 50 connections it answered 0.16x of auth/me
 * (docs/benchmarks.md, "Searches beside other businesses"). Many owners' small reads at once want every core on a
 * read each, not two cores on one.
 */
const DASHBOARD_READ_OPTIONS = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0';

/** The pool's settings plus the dashboard reads' settings, kept beside any options a URL carries (they win over `options`). */
function withGenericPlans(config: pg.PoolConfig): pg.PoolConfig {
  const add = (options?: string | null) => `${options ?? ''} ${DASHBOARD_READ_OPTIONS}`.trim();
  if (config.connectionString && /[?&]options=/.test(config.connectionString)) {
    const url = new URL(config.connectionString);
    url.searchParams.set('options', add(url.searchParams.get('options')));
    return { ...config, connectionString: url.toString() };
  }
  return { ...config, options: add(config.options) };
}

/** The generic-plan pool beside an app pool made by fromPool (undefined for any other pool). */
export const genericPlanPoolOf = (pool: pg.Pool): pg.Pool | undefined => genericPlanPools.get(pool);

function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
}

/**
 * How long an idle connection is kept (pg's default: 10 s). A new connection costs the request that opens it
 * the backend's start, its catalog reads and its prepared statements: a month's upload after a pause took
 * 100–300 ms longer (docs/operations.md, "Connections").
 */
export const POOL_IDLE_MS = 5 * 60_000;

/** PostgreSQL when a URL is given, otherwise PGlite stored under dataDir (or in memory for ':memory:'). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pooler?: PoolerMode }): Promise<Database> {
  if (opts.databaseUrl) {
    // A connection attempt (or a wait for a free one) gives up after 10 s: the request answers 503 instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true, idleTimeoutMillis: POOL_IDLE_MS });
    const database = fromPool(pool, opts.pooler);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      // At start-up the database must answer; the supervisor starts the process again (docs/operations.md).
      throw new Error(`Cannot reach PostgreSQL at ${withoutPassword(opts.databaseUrl)}: ${(error as Error).message}`, { cause: error });
    }
    return database;
  }
  if (opts.dataDir === ':memory:') return fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return fromPglite(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }));
}

import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { type Database, fromPglite } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { warmUploadParser } from '../../src/server/features/imports/read-file';
import { businesses } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/server/platform/session';
import { ownerSession } from '../../src/server/testing/factories';
import { MemoryEmail } from '../../src/server/testing/memory-email';
import { memoryQueue } from '../../src/server/platform/jobs/testing';
import { multipartBody } from '../../src/server/testing/requests';
import { freshDatabase } from './fresh-database';

export type BenchApp = { kind: 'pg' | 'pglite'; app: FastifyInstance; database: Database; close(): Promise<void> };
export type BenchBusiness = { id: number; cookie: string; token: string };

/** The whole app on a fresh, migrated database: PostgreSQL (a new database on baseUrl) or PGlite in memory. */
export async function benchApp(kind: 'pg' | 'pglite', baseUrl: string): Promise<BenchApp> {
  let database: Database;
  let closeDb: () => Promise<void>;
  if (kind === 'pg') {
    const fresh = await freshDatabase(baseUrl, 'referloop_bench_import');
    database = fresh.database;
    closeDb = fresh.close;
  } else {
    database = fromPglite(await PGlite.create());
    await migrate(database);
    closeDb = () => database.close();
  }
  const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
  await app.ready();
  // A running server has its parse workers loaded (start-server.ts); so does the benchmark before it times.
  await warmUploadParser();
  return {
    kind,
    app,
    database,
    async close() {
      await app.close();
      await closeDb();
    },
  };
}

let seq = 0;
export async function benchBusiness(database: Database): Promise<BenchBusiness> {
  seq += 1;
  const token = `bench-token-${seq}-${Date.now()}`;
  const [biz] = await database.db
    .insert(businesses)
    .values({ name: `Bench Cleaning ${seq}`, email: `bench${seq}-${Date.now()}@example.com`, passwordHash: 'x', webhookUrl: token })
    .returning({ id: businesses.id });
  const { token: session } = await ownerSession(database, biz.id);
  return { id: biz.id, cookie: `${SESSION_COOKIE}=${session}`, token };
}

/** POST /api/upload/csv through the app; answers the elapsed milliseconds (and fails on a non-200). */
export async function timedUpload(app: FastifyInstance, biz: BenchBusiness, csv: string): Promise<number> {
  const { payload, contentType } = multipartBody('export.csv', csv);
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie: biz.cookie, 'content-type': contentType }, payload });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return ms;
}

/** The floor: PostgreSQL COPY of the same text into a plain table shaped like the file (no rules, no matching). */
export async function copyFloor(baseUrl: string, csv: string): Promise<number> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`create temp table copy_floor (name text, email text, phone text, service_date date, amount text, status text, service_type text)`);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom(`copy copy_floor from stdin with (format csv, header true)`));
      stream.on('finish', resolve).on('error', reject);
      stream.end(csv);
    });
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

type Floor = { clientsMs: number; bookingsMs: number };
type Statement = [text: string, values: unknown[]];

/**
 * Runs `setup` (not timed), then the clients' and the bookings' statements in `order`, each timed, in one
 * transaction that is rolled back.
 */
async function timedAndRolledBack(
  database: Database,
  setup: (client: pg.PoolClient) => Promise<void>,
  statements: { clients: Statement; bookings: Statement },
  order: ('clients' | 'bookings')[] = ['clients', 'bookings'],
): Promise<Floor> {
  const client = await database.pool!.connect();
  try {
    await client.query('begin');
    await setup(client);
    const ms = { clients: 0, bookings: 0 };
    for (const step of order) {
      const started = performance.now();
      await client.query(...statements[step]);
      ms[step] = performance.now() - started;
    }
    await client.query('rollback');
    return { clientsMs: ms.clients, bookingsMs: ms.bookings };
  } finally {
    client.release();
  }
}

/** The file's rows copied into a temporary table `floor_rows` (not timed). */
export async function copyRows(client: pg.ClientBase, csv: string) {
  await client.query(`create temp table floor_rows (name text, email text, phone text, service_date date, amount text, status text, service_type text) on commit drop`);
  await new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(`copy floor_rows from stdin with (format csv, header true)`));
    stream.on('finish', resolve).on('error', reject);
    stream.end(csv);
  });
}

/**
 * The schema floor: the same rows written by two plain set-based statements into the real clients and
 * bookings tables (every index, foreign key and read-model trigger), after COPY into a temporary table,
 * in a transaction that is rolled back; `withoutIndexes` are dropped in that transaction first. No parsing, normalising or matching: what this schema costs to
 * write these rows at all. Answers { clientsMs, bookingsMs } (the COPY itself is not counted).
 */
export function schemaFloor(database: Database, businessId: number, csv: string, withoutIndexes: string[] = []): Promise<Floor> {
  return timedAndRolledBack(
    database,
    async (client) => {
      // Dropped inside the rolled-back transaction: a measurement of what these indexes cost, nothing more.
      for (const index of withoutIndexes) await client.query(`drop index ${index}`);
      await copyRows(client, csv);
    },
    {
      clients: [
        `insert into clients (business_id, name, email, phone, referral_code, total_bookings, first_booking, last_booking, frequency, loyalty_score)
         select $1, min(name), email, min(phone), 'FLOOR' || row_number() over (), count(*), min(service_date), max(service_date), 30, 5.0
         from floor_rows group by email`,
        [businessId],
      ],
      bookings: [
        `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
         select $1, c.id, r.service_date, r.service_type, 100.5, 100.5, 'completed', 'csv', lower(r.service_type) || '|' || r.amount
         from floor_rows r join clients c on c.business_id = $1 and lower(c.email) = r.email`,
        [businessId],
      ],
    },
  );
}

/**
 * The schema floor of the rows an upload wrote: the clients and bookings business `from` holds (as the upload left
 * them: names, contacts, figures, dates, amounts, dedupe keys) written again for business `into` by two plain
 * `insert … select` statements into the real tables (every index, key and trigger), from temporary copies made
 * first; rolled back. The same rows as the upload's, where `schemaFloor` writes the file's rows with the same
 * figures for every client (which index cheaper: their keys arrive in order). Answers { clientsMs, bookingsMs }.
 */
export function writtenRowsFloor(database: Database, from: number, into: number): Promise<Floor> {
  return timedAndRolledBack(
    database,
    async (client) => {
      await client.query(
        `create temp table floor_clients on commit drop as
         select name, email, phone, referral_code, total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent
         from clients where business_id = $1 order by id`,
        [from],
      );
      await client.query(
        `create temp table floor_bookings on commit drop as
         select lower(c.email) as email, b.service_date, b.service_type, b.amount, b.amount_charged, b.status, b.source, b.dedupe_key
         from bookings b join clients c on c.id = b.client_id where b.business_id = $1 order by b.id`,
        [from],
      );
    },
    {
      clients: [
        `insert into clients (business_id, name, email, phone, referral_code, total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent)
         select $1, name, email, phone, 'F' || referral_code, total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent
         from floor_clients`,
        [into],
      ],
      bookings: [
        `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
         select $1, c.id, r.service_date, r.service_type, r.amount, r.amount_charged, r.status, r.source, r.dedupe_key
         from floor_bookings r join clients c on c.business_id = $1 and lower(c.email) = r.email`,
        [into],
      ],
    },
  );
}

/**
 * The schema floor of a re-upload: the file's rows copied into a temporary table, then two plain statements
 * into the real tables of a business that already holds the file's clients: its bookings inserted with the
 * import's dedupe key (the ones known already conflict and are skipped) and every matched client's figures
 * rewritten once. No parsing, matching or recompute; rolled back. Answers { bookingsMs, clientsMs }.
 */
export function reuploadFloor(database: Database, businessId: number, csv: string): Promise<Floor> {
  return timedAndRolledBack(
    database,
    (client) => copyRows(client, csv),
    {
      bookings: [
        `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
         select $1, c.id, r.service_date, r.service_type, a.v, a.v, 'completed', 'csv', lower(trim(r.service_type)) || '|' || to_char(a.v, 'FM999999990.00')
         from floor_rows r cross join lateral (select replace(r.amount, '$', '')::numeric as v) a
         join clients c on c.business_id = $1 and lower(c.email) = r.email
         on conflict (client_id, service_date, dedupe_key) do nothing`,
        [businessId],
      ],
      clients: [
        `update clients c set total_bookings = c.total_bookings + 1, last_booking = c.last_booking + 30, total_spent = c.total_spent + 100,
           loyalty_score = least(10, c.loyalty_score + 0.1), frequency = 30
         where c.business_id = $1 and lower(c.email) in (select email from floor_rows)`,
        [businessId],
      ],
    },
    ['bookings', 'clients'],
  );
}

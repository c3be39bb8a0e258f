import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadTestEnv, testConfig } from './config';
import { type Database, fromPool } from './db/client';
import { migrate, migrationsFolder } from './db/migrate';
import { jobDefinitions } from './features/index';
import { queueTexts } from './features/sms/outbox/enqueue';
import { WEBHOOK_CALLS_PER_MINUTE } from './features/imports/webhook-limits';
import { SimulatorSms } from './providers/sms/simulator';
import { createBusiness } from './testing/factories';
import { MemoryEmail } from './testing/memory-email';
import { startPgbouncer, type Pgbouncer } from './testing/pgbouncer';
import { createTestDatabase, dropDatabaseWhenIdle } from './testing/test-database';
import { type Jobs, startJobs } from './platform/jobs/index';
import { fastJobs, memoryLog, waitFor } from './platform/jobs/testing';
import { signedIn } from './testing/requests';
import { API_TEST_DATABASES, testDatabaseName } from '../../scripts/lib/test-databases.mjs';

// Two app instances, as production runs them: on PostgreSQL each with its own pool through one PgBouncer in
// transaction mode (started here on a free port, pool of 4 server connections, so statements of one client
// keep landing on connections another client used), migrating a new database together at start. On PGlite
// (one process by design) both share the embedded database. docs/operations.md, decision 0014.

type Instance = { app: FastifyInstance; database: Database; jobs: Jobs; sms: SimulatorSms; log: ReturnType<typeof memoryLog>; closed: boolean };

const env = loadTestEnv();
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
let bouncer: Pgbouncer | null = null;
let dbName = '';
let shared: Database | null = null;
const instances: Instance[] = [];

async function startInstance(database: Database): Promise<Instance> {
  const sms = new SimulatorSms();
  const log = memoryLog();
  const email = new MemoryEmail();
  const config = testConfig({ smsSendWindow: 'off' });
  const jobs = await startJobs({ database, log, email, sms, origin: 'http://localhost', appUrl: config.appUrl, smsSendWindowOff: true }, jobDefinitions, fastJobs);
  const app = await buildApp({ config, database, email, jobs, sms });
  await app.ready();
  return { app, database, jobs, sms, log, closed: false };
}

async function stopInstance(instance: Instance) {
  if (instance.closed) return;
  instance.closed = true;
  await instance.app.close();
  await instance.jobs.stop();
  if (instance.database !== shared) await instance.database.close();
}

beforeAll(async () => {
  if (env.databaseKind === 'pg') {
    // A new, empty database: both instances run the migrations at start, through PgBouncer, at the same time.
    dbName = testDatabaseName(API_TEST_DATABASES, `${process.pid}_pgbouncer`);
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const direct = new URL(env.databaseUrl!);
    direct.pathname = `/${dbName}`;
    bouncer = await startPgbouncer(direct.toString());
    const url = bouncer.url(direct.toString());
    const databases = [0, 1].map(() => fromPool(new pg.Pool({ connectionString: url, max: 5 }), 'transaction'));
    await Promise.all(databases.map((d) => migrate(d)));
    instances.push(...(await Promise.all(databases.map(startInstance))));
  } else {
    shared = await createTestDatabase();
    await Promise.all([migrate(shared), migrate(shared)]);
    instances.push(...(await Promise.all([startInstance(shared), startInstance(shared)])));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  await shared?.close();
  await bouncer?.stop();
  if (dbName) {
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    await dropDatabaseWhenIdle(admin, dbName);
    await admin.end();
  }
});

const [A, B] = [0, 1];
const inject = (i: number, opts: InjectOptions) => instances[i].app.inject(opts);
const as = (i: number, cookie: string) => signedIn(instances[i].app, cookie);
const db = () => instances[0].database;
const booking = (n: number) => ({ client_name: `Pending ${n}`, client_email: `p${n}@example.com`, appointment_date: '2024-05-01', status: 'Pending' });

describe(`two instances${env.databaseKind === 'pg' ? ' through PgBouncer (transaction mode)' : ' on one PGlite'}`, () => {
  it('migrated the database at start (on PostgreSQL a new one, together), and left no advisory lock behind', async () => {
    const [{ n }] = await db().query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(n).toBe(journal.entries.length);
    // The migration lock (7300) and the job queue's set-up lock (7302, 0), on this database.
    const locks = await db().query(
      `select classid, objid, objsubid from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
         and ((objsubid = 1 and objid = 7300) or (objsubid = 2 and classid = 7302))`,
    );
    expect(locks).toEqual([]);
  });

  it('a session made on one instance is good on the other, and a sign-out on either ends it on both', async () => {
    const biz = await createBusiness(db(), { name: 'Two Doors Cleaning' });
    const login = await inject(A, { method: 'POST', url: '/api/auth/login', payload: { email: biz.email, password: biz.password } });
    expect(login.statusCode).toBe(200);
    const cookie = `rl_session=${login.cookies.find((c) => c.name === 'rl_session')!.value}`;
    const me = await as(B, cookie).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().business.name).toBe('Two Doors Cleaning');
    expect((await as(B, cookie).post('/api/auth/logout')).statusCode).toBe(200);
    expect((await as(A, cookie).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('the dashboard reads answer on both, many times over few server connections (no named statement outlives its connection)', async () => {
    const biz = await createBusiness(db());
    for (const name of ['Ann Lee', 'Bo Chen', 'Cy Diaz']) {
      const res = await as(A, biz.cookie).post('/api/clients', { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '4155550101', serviceDate: '2024-05-01', amount: 100 });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const pages = await Promise.all(
      Array.from({ length: 40 }, (_, i) => as(i % 2, biz.cookie).get('/api/clients?page=1&limit=10')),
    );
    expect(pages.map((p) => p.statusCode)).toEqual(pages.map(() => 200));
    expect(pages.every((p) => JSON.stringify(p.json()).includes('Bo Chen'))).toBe(true);
  });

  it(`the webhook's ${WEBHOOK_CALLS_PER_MINUTE} calls a minute per token are one budget across the instances`, async () => {
    const biz = await createBusiness(db());
    for (let i = 0; i < WEBHOOK_CALLS_PER_MINUTE; i += 1) {
      const res = await inject(i % 2, { method: 'POST', url: `/api/webhook/${biz.webhookToken}`, payload: booking(i) });
      expect(res.statusCode).toBe(200);
    }
    // Each instance has seen only half the calls; counted per instance, both would still accept.
    for (const i of [A, B]) {
      const over = await inject(i, { method: 'POST', url: `/api/webhook/${biz.webhookToken}`, payload: booking(999) });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$/) });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the sign-in attempts per e-mail are one budget across the instances', async () => {
    const biz = await createBusiness(db());
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await inject(i % 2, { method: 'POST', url: '/api/auth/login', payload: { email: biz.email, password: 'wrong-password' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a scheduled text is sent once though both instances work the queue; after one stops, the other sends what it queued', async () => {
    const biz = await createBusiness(db(), { selectedPhoneNumber: '+15125550199' });
    const phones = ['+15125550701', '+15125550702'];
    const clients = await Promise.all(
      phones.map(async (phone, i) => {
        const [row] = await db().query<{ id: number }>(`insert into clients (business_id, name, phone, referral_code, total_bookings) values ($1, $2, $3, $4, 1) returning id`, [biz.id, `Client ${i}`, phone, `PGB${biz.id}X${i}`]);
        return row.id;
      }),
    );
    const sentTo = (phone: string) => instances.flatMap((inst) => inst.sms.sent.filter((m) => m.to === phone));
    const outboxStatus = async (phone: string) =>
      (await db().query<{ status: string }>('select o.status from sms_outbox o join clients c on c.id = o.client_id where c.phone = $1', [phone]))[0]?.status;

    // Queued by instance A for a second from now; both instances' workers poll for it.
    await queueTexts({ database: instances[A].database, jobs: instances[A].jobs }, biz.id, [{ clientId: clients[0], kind: 'bulk', key: 'pgbouncer:0', body: 'Hello {clientName}' }], {
      notBefore: new Date(Date.now() + 1000),
    });
    await waitFor(async () => (await outboxStatus(phones[0])) === 'sent', 20_000);
    await new Promise((r) => setTimeout(r, 1500)); // a second worker that took it too would have sent by now
    expect(sentTo(phones[0])).toHaveLength(1);
    const [{ n }] = await db().query<{ n: number }>(`select count(*)::int as n from sms_messages where to_number = $1 and direction = 'outbound'`, [phones[0]]);
    expect(n).toBe(1);

    // A queues a text and stops before it is due: B, which holds nothing of A's, sends it and still serves A's
    // sessions. The sign-in (a password hash, slow on a busy machine) comes first, so A is stopped well before
    // the text falls due and cannot have fetched it.
    const sessionFromA = await inject(A, { method: 'POST', url: '/api/auth/login', payload: { email: biz.email, password: biz.password } });
    const cookie = `rl_session=${sessionFromA.cookies.find((c) => c.name === 'rl_session')!.value}`;
    await queueTexts({ database: instances[A].database, jobs: instances[A].jobs }, biz.id, [{ clientId: clients[1], kind: 'bulk', key: 'pgbouncer:1', body: 'Hello {clientName}' }], {
      notBefore: new Date(Date.now() + 3000),
    });
    const survivor = instances[B].database;
    await stopInstance(instances[A]);
    await waitFor(async () => (await survivor.query<{ status: string }>('select o.status from sms_outbox o join clients c on c.id = o.client_id where c.phone = $1', [phones[1]]))[0]?.status === 'sent', 20_000);
    expect(instances[A].sms.sent.filter((m) => m.to === phones[1])).toHaveLength(0);
    expect(instances[B].sms.sent.filter((m) => m.to === phones[1])).toHaveLength(1);
    expect((await as(B, cookie).get('/api/auth/me')).statusCode).toBe(200);
    expect(instances.flatMap((i) => i.log.errors)).toEqual([]);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadTestEnv } from '../config';
import { createBusiness, type TestBusiness } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './database-outage';
import { defineJob, type Jobs, startJobs } from './jobs/index';
import { fastJobs, memoryLog, waitFor } from './jobs/testing';
import { signedIn } from '../testing/requests';

let t: TestApp;
let owner: TestBusiness;
let jobs: Jobs;
const log = memoryLog();
const ran: string[] = [];
const ping = defineJob({
  name: 'test.outage-ping',
  schema: z.object({ n: z.string() }),
  async handler({ n }) {
    ran.push(n);
  },
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusiness(t.database);
  jobs = await startJobs({ database: t.database, log }, [ping], fastJobs);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const read = () => signedIn(t.app, owner.cookie).get('/api/clients/top');
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.json().message).toEqual(expect.any(String));
}

/**
 * A real outage on PostgreSQL: the app's database stops taking connections and every backend of it is
 * terminated, as a restart or failover does. Returns the function that ends the outage.
 */
async function cutDatabase(): Promise<() => Promise<void>> {
  const [{ name }] = await t.database.query<{ name: string }>('select current_database() as name');
  const admin = new pg.Client({ connectionString: loadTestEnv().databaseUrl });
  await admin.connect();
  await admin.query(`alter database "${name}" allow_connections false`);
  const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  expect(killed.rowCount).toBeGreaterThan(0);
  return async () => {
    await admin.query(`alter database "${name}" allow_connections true`);
    await admin.end();
  };
}

describe('losing the database', () => {
  it('is answered 503 with Retry-After and recovered from without a restart (PostgreSQL; PGlite has no connection to lose)', async () => {
    expect((await read()).statusCode).toBe(200);
    await jobs.send(ping, { n: 'before' }, { key: 'before' });
    await waitFor(() => ran.includes('before'));
    if (t.database.kind === 'pglite') {
      // In-process: nothing to terminate, and no pool, so none of the outage handling is in play.
      expect(t.database.pool).toBeUndefined();
      expect((await health()).json().database).toMatchObject({ kind: 'pglite', status: 'ok' });
      return;
    }

    // In the middle of requests: some finish first, the others see their connection go.
    const inFlight = Array.from({ length: 12 }, () => read());
    const restore = await cutDatabase();
    try {
      for (const res of await Promise.all(inFlight)) {
        if (res.statusCode !== 200) expectUnavailable(res);
      }
      const during = await read();
      expectUnavailable(during);
      expect(during.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      const down = await health();
      expectUnavailable(down);
      expect(down.json()).toMatchObject({ message: 'The database is not answering', database: { kind: 'pg', status: 'down' } });
    } finally {
      await restore();
    }

    // Back: the very next requests succeed on new connections, and the job queue works again.
    expect((await read()).statusCode).toBe(200);
    expect((await health()).json().database).toMatchObject({ kind: 'pg', status: 'ok' });
    await jobs.send(ping, { n: 'after' }, { key: 'after' });
    await waitFor(() => ran.includes('after'), 20_000);
  });

  it('maps connection errors (also wrapped, as Drizzle does) to 503, and nothing else', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });

  it('answers a route whose database is unreachable with 503 {message} and Retry-After, on either database', async () => {
    const app = await buildApp(t.app.deps);
    app.get('/api/test-unreachable', { config: { access: 'public' } }, async () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    });
    app.get('/api/test-broken', { config: { access: 'public' } }, async () => {
      throw new TypeError('a bug');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-unreachable' });
      expectUnavailable(res);
      expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect((await app.inject({ method: 'GET', url: '/api/test-broken' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});

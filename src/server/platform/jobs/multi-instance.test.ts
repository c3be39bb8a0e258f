import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, fromPool } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { defineJob, type Jobs, startJobs } from './index';
import { fastJobs, memoryLog, waitFor } from './testing';

// Two "app instances" on one database. On PostgreSQL each has its own pool (its own connections),
// as two processes would; on PGlite (one process by design) both share the embedded database.
let t: TestApp;
let second: Database;
const instances: Jobs[] = [];
const log = memoryLog();
const runs: { key: string; instance: number }[] = [];
const ticks: number[] = [];

const work = (instance: number) =>
  defineJob({
    name: 'test.work',
    schema: z.object({ key: z.string() }),
    async handler({ key }) {
      runs.push({ key, instance });
      await new Promise((r) => setTimeout(r, 20));
    },
  });
const tick = (instance: number) =>
  defineJob({
    name: 'test.tick',
    schema: z.object({}),
    schedule: { cron: '* * * * *' },
    async handler() {
      ticks.push(instance);
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  second = t.database.pool
    ? fromPool(new pg.Pool({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString, max: 5 }))
    : t.database;
  // A schedule fires within the minute after its time; start well inside a minute so that the test's
  // few seconds see one due time only.
  if (new Date().getSeconds() >= 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
  const started = await Promise.all([
    startJobs({ database: t.database, log }, [work(1), tick(1)], fastJobs),
    startJobs({ database: second, log }, [work(2), tick(2)], fastJobs),
  ]);
  instances.push(...started);
});
afterAll(async () => {
  await Promise.all(instances.map((j) => j.stop()));
  if (second !== t.database) await second.close();
  await t.close();
});

describe(`two app instances on one database`, () => {
  it('run every keyed job once, though both send each key', async () => {
    const [a, b] = instances;
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const ids = await Promise.all(keys.flatMap((key) => [a.send(work(1), { key }, { key }), b.send(work(2), { key }, { key })]));
    expect(ids.filter(Boolean)).toHaveLength(keys.length);
    // Done when every job of the queue is completed; then none can run again.
    const jobStates = () =>
      t.database.query<{ state: string; n: number }>(`select state, count(*)::int as n from pgboss.job where name = 'test.work' group by state`);
    await waitFor(async () => {
      const states = await jobStates();
      return states.length === 1 && states[0].state === 'completed';
    });
    expect(await jobStates()).toEqual([{ state: 'completed', n: keys.length }]);
    expect(runs.map((r) => r.key).sort()).toEqual([...keys].sort());
  });

  it('run a scheduled job once per due time', async () => {
    await waitFor(() => ticks.length >= 1);
    // Later cron-monitor rounds (pgboss.version.cron_on, on the database's clock) find the due time sent already.
    const [{ at }] = await t.database.query<{ at: string }>('select cron_on::text as at from pgboss.version');
    await waitFor(async () => {
      const [row] = await t.database.query<{ later: boolean }>(
        `select cron_on > $1::timestamptz + interval '2 seconds' as later from pgboss.version`,
        [at],
      );
      return row.later;
    });
    const created = await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'test.tick'`);
    expect(created).toEqual([{ n: 1 }]);
    expect(ticks).toHaveLength(1);
    expect(log.errors).toEqual([]);
  });
});

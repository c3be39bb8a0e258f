import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { defineJob, JobPayloadError, jobIdFor, type Jobs, startJobs } from './index';
import { fastJobs, memoryLog, waitFor } from './testing';

let t: TestApp;
let jobs: Jobs;
const log = memoryLog();
const runs: { n: number; jobId: string }[] = [];

const echo = defineJob({
  name: 'test.echo',
  schema: z.object({ n: z.number().int() }),
  async handler(data, { jobId }) {
    runs.push({ n: data.n, jobId });
  },
});

let failuresLeft = 1;
const flaky = defineJob({
  name: 'test.flaky',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 0,
  async handler() {
    if (failuresLeft-- > 0) throw new Error('the first attempt fails');
    runs.push({ n: -1, jobId: 'flaky' });
  },
});

const batchFailing = new Set<number>();
const batched = defineJob({
  name: 'test.batched',
  schema: z.object({ n: z.number().int() }),
  batchSize: 10,
  retryLimit: 1,
  retryDelaySeconds: 0,
  async handler(data, { jobId }) {
    if (batchFailing.delete(data.n)) throw new Error(`job ${data.n} fails once`);
    runs.push({ n: data.n, jobId });
  },
});

beforeAll(async () => {
  t = await createTestApp();
  jobs = await startJobs({ database: t.database, log }, [echo, flaky, batched], fastJobs);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});
afterEach(() => {
  runs.length = 0;
});

const state = async (name: string, id: string) =>
  (await t.database.query<{ state: string }>('select state from pgboss.job where name = $1 and id = $2', [name, id]))[0]?.state;

describe('jobs (pg-boss on the app database)', () => {
  it('runs the handler of a sent job with its payload', async () => {
    const id = await jobs.send(echo, { n: 1 }, { key: 'runs-1' });
    expect(id).toBe(jobIdFor('test.echo', 'runs-1'));
    await waitFor(() => runs.length === 1);
    expect(runs).toEqual([{ n: 1, jobId: id }]);
    await waitFor(async () => (await state('test.echo', id!)) === 'completed');
    expect(log.errors).toEqual([]);
  });

  it('refuses a payload that does not match the job schema, and enqueues nothing', async () => {
    await expect(jobs.send(echo, { n: 'two' } as never, { key: 'bad-1' })).rejects.toThrow(JobPayloadError);
    await expect(jobs.send(echo, { n: 1.5 }, { key: 'bad-2' })).rejects.toThrow(/Refused a test\.echo job: n:/);
    const rows = await t.database.query(`select 1 from pgboss.job where name = 'test.echo' and singleton_key like 'bad-%'`);
    expect(rows).toEqual([]);
  });

  it('runs a key once: a second send, before or after the run, adds nothing', async () => {
    const first = await jobs.send(echo, { n: 7 }, { key: 'once' });
    expect(await jobs.send(echo, { n: 7 }, { key: 'once' })).toBeNull();
    await waitFor(async () => (await state('test.echo', first!)) === 'completed');
    expect(await jobs.send(echo, { n: 8 }, { key: 'once' })).toBeNull();
    // Nothing left that could run it again: one job for the key, completed.
    const rows = await t.database.query(`select id, state from pgboss.job where name = 'test.echo' and singleton_key = 'once'`);
    expect(rows).toEqual([{ id: first, state: 'completed' }]);
    expect(runs.map((r) => r.n)).toEqual([7]);
  });

  it('still knows a key after pg-boss has archived its job', async () => {
    const id = await jobs.send(echo, { n: 9 }, { key: 'archived' });
    await waitFor(async () => (await state('test.echo', id!)) === 'completed');
    // What pg-boss's maintenance does 12 hours after completion.
    await t.database.query(`insert into pgboss.archive select * from pgboss.job where name = 'test.echo' and id = $1`, [id]);
    await t.database.query(`delete from pgboss.job where name = 'test.echo' and id = $1`, [id]);
    expect(await jobs.send(echo, { n: 9 }, { key: 'archived' })).toBeNull();
  });

  it('retries a failed run', async () => {
    const id = await jobs.send(flaky, {}, { key: 'flaky-1' });
    await waitFor(async () => (await state('test.flaky', id!)) === 'completed');
    expect(runs).toEqual([{ n: -1, jobId: 'flaky' }]);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatchObject({ job: 'test.flaky', msg: 'job failed' });
    log.errors.length = 0;
  });

  it('starts with pg-boss defaults (no test timings), as main.ts does', async () => {
    const other = await startJobs({ database: t.database, log }, [echo]);
    await other.stop();
    expect(log.errors).toEqual([]);
  });

  it('a batched queue runs the jobs of one fetch together; one that throws is retried alone, the others complete', async () => {
    batchFailing.add(3);
    await jobs.sendMany(batched, Array.from({ length: 8 }, (_, i) => ({ data: { n: i }, key: `batch-${i}` })));
    await waitFor(() => runs.length === 8);
    expect(runs.map((r) => r.n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const states = await t.database.query<{ key: string; state: string; retry_count: number }>(
      `select singleton_key as key, state, retry_count from pgboss.job where name = 'test.batched' order by singleton_key`,
    );
    await waitFor(async () => (await t.database.query(`select 1 from pgboss.job where name = 'test.batched' and state <> 'completed'`)).length === 0);
    expect(states.filter((r) => r.retry_count > 0).map((r) => r.key)).toEqual(['batch-3']);
    log.errors.length = 0;
  });
});

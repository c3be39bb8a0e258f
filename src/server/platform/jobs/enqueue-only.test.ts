import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { defineJob, type Jobs, startJobs } from './index';
import { fastJobs, memoryLog, waitFor } from './testing';

// JOBS=0: a process that only enqueues (main.ts passes work: false). Its sends wait in the queue for an
// instance that works it; it registers no schedules.

let t: TestApp;
const log = memoryLog();
const started: Jobs[] = [];
const done: number[] = [];

const note = defineJob({
  name: 'test.note',
  schema: z.object({ n: z.number().int() }).strict(),
  schedule: { cron: '0 4 * * *' },
  async handler({ n }) {
    done.push(n);
  },
});

const state = async (id: string) =>
  (await t.database.query<{ state: string }>('select state from pgboss.job where name = $1 and id = $2', [note.name, id]))[0]?.state;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await t.close();
});

describe('startJobs with work: false', () => {
  it('enqueues, registers no schedule and runs nothing; a working instance then runs the job', async () => {
    const sender = await startJobs({ database: t.database, log }, [note], { ...fastJobs, work: false });
    started.push(sender);
    const id = await sender.send(note, { n: 7 }, { key: 'seven' });
    expect(id).toBeTruthy();
    expect(await state(id!)).toBe('created');
    expect(await sender.boss.getSchedules()).toEqual([]);
    await expect(sender.send(note, { n: 'x' } as never, { key: 'bad' })).rejects.toThrow(/Refused a test\.note job/);

    started.push(await startJobs({ database: t.database, log }, [note], fastJobs));
    await waitFor(async () => (await state(id!)) === 'completed');
    expect(done).toEqual([7]);
    expect(log.errors).toEqual([]);
  });
});

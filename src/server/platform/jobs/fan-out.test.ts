import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../testing/test-database';
import type { Database } from '../../db/client';
import { defineJob, startJobs } from './index';
import { fastJobs, memoryLog, waitFor } from './testing';

// Fan-out queues (docs/jobs.md "Fan-out"): each instance runs at most `concurrency` of their jobs at once.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('fan-out queue', () => {
  it('runs every job once with at most `concurrency` at a time in one instance', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const job = defineJob({
      name: 'test.fan-out',
      schema: z.object({ businessId: z.number() }).strict(),
      fanOut: true,
      batchSize: 2,
      async handler({ businessId }) {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 150));
        running -= 1;
        done.push(businessId);
      },
    });
    const log = memoryLog();
    const jobs = await startJobs({ database, log }, [job], { ...fastJobs, concurrency: 3 });
    try {
      await jobs.sendMany(job, Array.from({ length: 12 }, (_, i) => ({ data: { businessId: i + 1 }, key: `b:${i + 1}` })));
      await waitFor(() => done.length === 12, 30_000);
    } finally {
      await jobs.stop();
    }
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThanOrEqual(2);
    expect(log.errors).toEqual([]);
  });
});

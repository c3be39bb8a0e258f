import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './define-job';
import { pollingIntervalFor, SCHEDULED_POLLING_SECONDS } from './start-jobs';
import { fastJobs } from './testing';

// How often an idle worker looks for work (docs/jobs.md "Throughput of a queue").
const job = (extra: object) => defineJob({ name: 'test.polling', schema: z.object({}), handler: async () => {}, ...extra });
const hourly = { schedule: { cron: '7 * * * *' } };

describe('a queue polling interval', () => {
  it('is 30 s for a scheduled queue, pg-boss default (2 s) for one sent on demand', () => {
    expect(pollingIntervalFor(job(hourly), {})).toBe(SCHEDULED_POLLING_SECONDS);
    expect(SCHEDULED_POLLING_SECONDS).toBe(30);
    expect(pollingIntervalFor(job({}), {})).toBeUndefined();
  });

  it("gives way to the definition's own interval, then to the options' (the tests' fast queue)", () => {
    expect(pollingIntervalFor(job({ ...hourly, pollingIntervalSeconds: 1 }), {})).toBe(1);
    expect(pollingIntervalFor(job(hourly), fastJobs)).toBe(0.5);
    expect(pollingIntervalFor(job({ pollingIntervalSeconds: 0.5 }), { pollingIntervalSeconds: 5 })).toBe(0.5);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../../platform/jobs/index';
import { memoryQueue } from '../../../platform/jobs/testing';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { deliverTextJob, sweepBusinessJob, sweepOutboxJob } from './jobs';

// The outbox sweep fans out (docs/sms-outbox.md "Jobs"): one job per business with a stranded text, keyed by the
// business and the 5-minute slot; each job re-enqueues only its business's texts, in the business's line.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function stranded(biz: TestBusiness, n: number): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `insert into sms_outbox (business_id, to_number, recipient_name, kind, key, body, status, not_before)
     select $1::int, '+1512555' || lpad(g::text, 4, '0'), 'Friend', 'bulk', 'stranded:' || $1::int || ':' || g, 'Hello', 'queued', now() - interval '10 minutes'
     from generate_series(1, $2::int) g returning id`,
    [biz.id, n],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('sms.sweep-outbox', () => {
  it('enqueues one sweep job per business with a stranded text, once per slot; each re-enqueues its own texts in line', async () => {
    const a = await createBusiness(t.database);
    const b = await createBusiness(t.database);
    const calm = await createBusiness(t.database);
    const aRows = await stranded(a, 3);
    await stranded(b, 1);
    await t.database.query(
      `insert into sms_outbox (business_id, to_number, recipient_name, kind, key, body, status, not_before) values ($1, '+15125550000', 'Later', 'bulk', 'later:1', 'Hi', 'queued', now() + interval '1 hour')`,
      [calm.id],
    );
    const queue = memoryQueue();
    const context = { database: t.database, email: t.email, jobId: 'sweep', jobs: queue, sms: t.sms, origin: 'http://localhost' } as JobContext;
    await sweepOutboxJob.handler({}, context);
    await sweepOutboxJob.handler({}, context); // another instance in the same slot
    const sweeps = queue.sent.filter((j) => j.name === sweepBusinessJob.name);
    expect(sweeps.map((j) => (j.data as { businessId: number }).businessId).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
    for (const j of sweeps) expect(j.key).toMatch(/^sweep:\d+:\d+$/);

    await sweepBusinessJob.handler({ businessId: a.id }, context);
    const deliveries = queue.sent.filter((j) => j.name === deliverTextJob.name);
    expect(deliveries.map((j) => (j.data as { outboxId: number }).outboxId)).toEqual(aRows);
    expect(deliveries.map((j) => j.priority)).toEqual([-0, -1, -2]);
    expect(deliveries.every((j) => (j.data as { businessId: number }).businessId === a.id)).toBe(true);
  });
});

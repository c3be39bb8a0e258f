import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, fromPool } from '../../../db/client';
import { type Jobs, startJobs } from '../../../platform/jobs/index';
import { fastJobs, memoryLog, waitFor } from '../../../platform/jobs/testing';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { deliverTextJob } from '../outbox/jobs';
import { queueDueFollowUps } from './follow-ups';
import { businessWithNumber, uploadCsv, createReferral, outboxOf, serviceDay } from './test-helpers.test-util';

// Two app instances working one queue (on PostgreSQL each with its own pool, as two processes; on PGlite
// both share the embedded database): every automated text goes out once.

let t: TestApp;
let second: Database;
let secondJobs: Jobs;
const log = memoryLog();
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob] });
  second = t.database.pool
    ? fromPool(new pg.Pool({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString, max: 5 }))
    : t.database;
  secondJobs = await startJobs({ database: second, log, sms: t.sms, origin: 'http://localhost', smsSendWindowOff: true }, [deliverTextJob], fastJobs);
});
afterAll(async () => {
  await secondJobs.stop();
  if (second !== t.database) await second.close();
  await t.close();
});

describe('two app instances', () => {
  it('send each thank-you of an import once, and queue each follow-up once when both scan at the same time', async () => {
    const b = await businessWithNumber(t.database, 'Twin Co');
    const today = await serviceDay(t.database, 0);
    const csv = ['Client Name,Email,Phone,Appointment Date,Status', ...Array.from({ length: 6 }, (_, i) => `Twin ${i} Lee,twin${i}@example.com,512-555-04${10 + i},${today},Completed`)].join('\n');
    expect((await uploadCsv(t.app, b.cookie, 'twins.csv', csv)).statusCode).toBe(200);
    const [{ code }] = await t.database.query<{ code: string }>(`select referral_code as code from clients where business_id = $1 limit 1`, [b.id]);
    for (let i = 0; i < 4; i++) await createReferral(t.database, b.id, { referrerCode: code, refereeName: `Friend ${i}`, refereePhone: `+1512555049${i}`, ageDays: 3.5 });

    const counts = await Promise.all([
      queueDueFollowUps({ database: t.database, jobs: t.jobs, origin: 'http://localhost' }),
      queueDueFollowUps({ database: second, jobs: secondJobs, origin: 'http://localhost' }),
    ]);
    expect(counts[0] + counts[1]).toBe(4);

    const rows = (await waitFor(async () => {
      const all = await outboxOf(t.database, b.id);
      return all.length === 10 && all.every((r) => r.status === 'sent') ? all : null;
    }, 30_000))!;
    expect(rows.filter((r) => r.kind === 'thankYou')).toHaveLength(6);
    const perNumber = await t.database.query<{ to_number: string; n: number }>(
      `select to_number, count(*)::int as n from sms_messages where business_id = $1 and direction = 'outbound' group by to_number`,
      [b.id],
    );
    expect(perNumber).toHaveLength(10);
    expect(perNumber.every((r) => r.n === 1)).toBe(true);
    expect(t.sms.sent.filter((s) => s.from === b.number)).toHaveLength(10);
    expect(t.jobLog.errors).toEqual([]);
    expect(log.errors).toEqual([]);
  });
});

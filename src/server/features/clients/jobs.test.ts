import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Jobs, startJobs } from '../../platform/jobs/index';
import { fastJobs, memoryLog, waitFor } from '../../platform/jobs/testing';
import { recomputeStatsJob, refreshBusinessJob } from './jobs';
import { signedIn } from '../../testing/requests';

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
const log = memoryLog();
const started: Jobs[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database);
  b = await createBusiness(t.database, { timeZone: 'America/Los_Angeles' });
  for (const biz of [a, b]) {
    const res = await signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Pat Lee', email: 'pat@example.com', serviceDate: new Date().toISOString().slice(0, 10) });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await t.close();
});

const score = async (biz: TestBusiness) =>
  (await t.database.query<{ s: number; last: string }>(`select loyalty_score::float8 s, last_booking::text last from clients where business_id = $1`, [biz.id]))[0];

/** As if 200 days passed since the booking: the stored stats are those of the last recompute. */
async function ageBookings(biz: TestBusiness) {
  await t.database.query(`update bookings set service_date = service_date - 200 where business_id = $1`, [biz.id]);
  await t.database.query(`update clients set loyalty_score = 2.5 where business_id = $1`, [biz.id]);
}

/** Waits until the refresh jobs a scan enqueued are all done. */
const refreshesDone = () =>
  waitFor(async () => (await t.database.query(`select 1 from pgboss.job where name = 'clients.refresh-business' and state < 'completed' limit 1`)).length === 0);

const runs = () =>
  t.database.query<{ state: string; key: string | null }>(
    `select state, singleton_key as key from pgboss.job where name = 'clients.recompute-stats' order by created_on`,
  );

describe('clients.recompute-stats', () => {
  it('runs at start-up when no run happened in the last day, and refreshes stale scores of every business', async () => {
    await ageBookings(a);
    await ageBookings(b);
    expect((await score(a)).s).toBe(2.5);
    started.push(await startJobs({ database: t.database, log }, [recomputeStatsJob, refreshBusinessJob], fastJobs));
    await waitFor(async () => (await runs()).some((r) => r.state === 'completed'));
    await refreshesDone();
    // recency 2.5 × (365 − 200) / 335 = 1.23
    for (const biz of [a, b]) expect((await score(biz)).s).toBe(1.2);
    expect((await runs())[0].key).toMatch(/^catch-up:\d{4}-\d{2}-\d{2}$/);
  });

  it('is scheduled hourly (each business is refreshed after 03:00 its time), and a second instance starting the same day adds no run', async () => {
    const jobs = await startJobs({ database: t.database, log }, [recomputeStatsJob, refreshBusinessJob], fastJobs);
    started.push(jobs);
    // Only catch-up runs count: the hourly schedule itself may fire at xx:10 while the test runs.
    expect((await runs()).filter((r) => r.key?.startsWith('catch-up:'))).toHaveLength(1);
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toEqual([expect.objectContaining({ name: 'clients.recompute-stats', cron: '10 * * * *', timezone: 'UTC' })]);
  });

  it('skips businesses already refreshed today, and recomputes every business when sent with all', async () => {
    await ageBookings(a);
    await started[0].send(recomputeStatsJob, {}, { key: 'hourly-1' });
    await waitFor(async () => (await runs()).some((r) => r.key === 'hourly-1' && r.state === 'completed'));
    await refreshesDone();
    expect((await score(a)).s).toBe(2.5);
    const id = await started[0].send(recomputeStatsJob, { all: true }, { key: 'manual-1' });
    await waitFor(async () => (await score(a)).s !== 2.5);
    // another 200 days: 400 days since the booking
    expect(await score(a)).toMatchObject({ s: 0 });
    expect(id).toBeTruthy();
    await expect(started[0].send(recomputeStatsJob, { businessId: 1 } as never, { key: 'manual-2' })).rejects.toThrow(/Refused/);
    expect(log.errors).toEqual([]);
  });

  it("refreshes a business after 03:00 in its own time zone, once per local day", async () => {
    // Two zones chosen from the current UTC hour: it is 05:xx in one and 01:xx in the other.
    const zoneAt = (localHour: number) => {
      let k = (((localHour - new Date().getUTCHours()) % 24) + 24) % 24;
      if (k > 14) k -= 24;
      return k === 0 ? 'UTC' : k > 0 ? `Etc/GMT-${k}` : `Etc/GMT+${-k}`;
    };
    const morning = await createBusiness(t.database, { timeZone: zoneAt(5) });
    const night = await createBusiness(t.database, { timeZone: zoneAt(1) });
    await t.database.query(
      `update business_figures f set scores_refreshed_on = (now() at time zone b.time_zone)::date - 1
       from businesses b where b.id = f.business_id and b.id in ($1, $2)`,
      [morning.id, night.id],
    );
    await started[0].send(recomputeStatsJob, {}, { key: 'hourly-2' });
    await waitFor(async () => (await runs()).some((r) => r.key === 'hourly-2' && r.state === 'completed'));
    await refreshesDone();
    const refreshed = await t.database.query<{ id: number; today: boolean }>(
      `select b.id, f.scores_refreshed_on = (now() at time zone b.time_zone)::date as today
       from businesses b join business_figures f on f.business_id = b.id where b.id in ($1, $2) order by b.id`,
      [morning.id, night.id],
    );
    expect(refreshed).toEqual([
      { id: morning.id, today: true },
      { id: night.id, today: false },
    ]);
  });

  it('fans out: one job per due business, keyed by its local day, so a second scan (another instance) enqueues none', async () => {
    const due = [await createBusiness(t.database), await createBusiness(t.database, { timeZone: 'Asia/Tokyo' })];
    const stale = () =>
      t.database.query(`update business_figures set scores_refreshed_on = date '2000-01-01' where business_id = any($1::int[])`, [due.map((d) => d.id)]);
    await stale();
    await started[0].send(recomputeStatsJob, {}, { key: 'fan-1' });
    await waitFor(async () => (await runs()).some((r) => r.key === 'fan-1' && r.state === 'completed'));
    await refreshesDone();
    const keys = async () =>
      (await t.database.query<{ key: string }>(
        `select singleton_key as key from pgboss.job where name = 'clients.refresh-business' and (data->>'businessId')::int = any($1::int[]) order by 1`,
        [due.map((d) => d.id)],
      )).map((r) => r.key);
    const first = await keys();
    expect(first).toHaveLength(2);
    for (const key of first) expect(key).toMatch(/^refresh:\d+:\d{4}-\d{2}-\d{2}$/);
    // The same day again: the keys exist, so nothing new is enqueued, and a late duplicate would find them refreshed.
    await stale();
    await started[1].send(recomputeStatsJob, {}, { key: 'fan-2' });
    await waitFor(async () => (await runs()).some((r) => r.key === 'fan-2' && r.state === 'completed'));
    await refreshesDone();
    expect(await keys()).toEqual(first);
    expect(log.errors).toEqual([]);
  });

  it('a late duplicate of a business job does nothing once the business is refreshed today (checked under its lock)', async () => {
    await ageBookings(a);
    await refreshBusinessJob.handler({ businessId: a.id }, { database: t.database } as never);
    expect((await score(a)).s).toBe(2.5);
    await refreshBusinessJob.handler({ businessId: a.id, all: true }, { database: t.database } as never);
    expect((await score(a)).s).not.toBe(2.5);
  });
});

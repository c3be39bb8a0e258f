// The scheduled work that grows with the number of businesses, for `npm run bench:tenants`: the nightly refresh
// fanned out as one job per business, worked by one and by two instances, and the fair send queue. Each
// figure beside a floor measured in the same run: a primary-key lookup and the bare refresh of one business
// (its recompute and derived-table check in one transaction, no queue).
import { median } from './median';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPool, type Database } from '../../src/server/db/client';
import { recomputeStatsJob, refreshBusinessJob } from '../../src/server/features/clients/jobs';
import { lockBusinessClients, recomputeClientStats } from '../../src/server/features/clients/service';
import { repairDerivedTables } from '../../src/server/db/derived-tables';
import { queueTexts } from '../../src/server/features/sms/outbox/enqueue';
import { deliverTextJob } from '../../src/server/features/sms/outbox/jobs';
import { type JobQueue, type Jobs, startJobs } from '../../src/server/platform/jobs/index';
import { memoryLog } from '../../src/server/platform/jobs/testing';
import { SimulatorSms } from '../../src/server/providers/sms/simulator';
import { approveRegistration } from '../../src/server/testing/factories';
import { freshDatabase } from './fresh-database';

export type FanOutOptions = { baseUrl: string; businesses: number; clients: number; concurrency: number; bulk: number };

const waitUntil = async (check: () => Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not done within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export async function benchFanOut(opts: FanOutOptions): Promise<void> {
  const fresh = await freshDatabase(opts.baseUrl, 'bench_fanout');
  const pools: pg.Pool[] = [];
  const running: Jobs[] = [];
  try {
    const { database } = fresh;
    const db = database.db;
    let t0 = performance.now();
    await db.execute(sql.raw(`
      insert into businesses (name, email, password_hash, webhook_url, time_zone)
        select 'Fan Cleaning ' || i, 'fan' || i || '@bench.example', 'x', md5('fan' || i),
          (array['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'])[1 + i % 4]
        from generate_series(1, ${opts.businesses}) i;
      insert into clients (business_id, name, phone, referral_code)
        select b.id, 'Client ' || c, '+1512' || lpad((b.id * 1000 + c)::text, 7, '0'), 'FAN' || b.id || 'X' || c
        from businesses b cross join generate_series(1, ${opts.clients}) c;
      insert into bookings (business_id, client_id, service_date, amount, status)
        select c.business_id, c.id, current_date - (c.id % 300) - k * 60, 90 + c.id % 50, 'completed'
        from clients c cross join generate_series(0, 1) k;`));
    await db.execute(sql`analyze`);
    console.log(
      `\nNightly refresh fanned out: ${opts.businesses} businesses × ${opts.clients} clients (2 bookings each), seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; JOBS_CONCURRENCY ${opts.concurrency}`,
    );

    // Floors: a primary-key lookup, and the bare refresh of one business (what each job does, without the queue).
    const ids = Array.from({ length: Math.min(30, opts.businesses) }, (_, i) => 1 + Math.floor((i * opts.businesses) / Math.min(30, opts.businesses)));
    const pk: number[] = [];
    const bare: number[] = [];
    const recomputeOnly: number[] = [];
    for (const id of ids) {
      t0 = performance.now();
      await db.execute(sql`select id, name from businesses where id = ${id}`);
      pk.push(performance.now() - t0);
      let t1 = 0;
      t0 = performance.now();
      await db.transaction(async (tx) => {
        await lockBusinessClients(tx, id);
        await recomputeClientStats(tx, id);
        t1 = performance.now();
        await repairDerivedTables(tx, id);
      });
      bare.push(performance.now() - t0);
      recomputeOnly.push(t1 - t0);
    }
    const pkMs = median(pk);
    const bareMs = median(bare);

    // Every business refreshed today already, so the catch-up scan of a starting instance finds none due; each
    // measured run is a manual `{ all: true }` scan (keyed by its own job id) and waits for every business's job.
    await database.query(`insert into business_figures (business_id, scores_refreshed_on) select id, current_date from businesses
      on conflict (business_id) do update set scores_refreshed_on = excluded.scores_refreshed_on`);
    const instance = async () => {
      const pool = new pg.Pool({ connectionString: fresh.url, max: opts.concurrency + 2 });
      pools.push(pool);
      const jobs = await startJobs({ database: fromPool(pool), log: memoryLog() }, [recomputeStatsJob, refreshBusinessJob], {
        pollingIntervalSeconds: 0.5,
        concurrency: opts.concurrency,
      });
      running.push(jobs);
      return jobs;
    };
    const pending = async () =>
      (await database.query(`select 1 from pgboss.job where name = 'clients.refresh-business' and state < 'completed' limit 1`)).length > 0;
    const refreshAll = async (label: string, jobs: Jobs) => {
      await database.query(`update business_figures set scores_refreshed_on = date '2000-01-01'`);
      const started = performance.now();
      await jobs.send(recomputeStatsJob, { all: true }, { key: `bench:${label}` });
      await waitUntil(
        async () => (await database.query(`select 1 from business_figures where scores_refreshed_on = date '2000-01-01' limit 1`)).length === 0 && !(await pending()),
        3_600_000,
      );
      return performance.now() - started;
    };
    // One instance, two, then one again: the first run also warms the caches, so both one-instance runs are shown.
    const first = await instance();
    const one = await refreshAll('one', first);
    const second = await instance();
    const two = await refreshAll('two', first);
    await second.stop();
    running.splice(running.indexOf(second), 1);
    const oneAgain = await refreshAll('one-again', first);
    for (const jobs of running.splice(0)) await jobs.stop();

    const perBusiness = (ms: number) => ms / opts.businesses;
    const hoursAt100k = (ms: number) => (perBusiness(ms) * 100_000 * (300 / opts.clients)) / 3_600_000;
    console.log('  figure                                              ms   per business   × bare refresh');
    console.log(`  primary-key lookup (floor)                    ${pkMs.toFixed(2).padStart(10)}`);
    console.log(`  bare refresh of one business (floor)          ${bareMs.toFixed(1).padStart(10)}   ${bareMs.toFixed(1).padStart(12)}   ${(1).toFixed(2).padStart(10)}`);
    console.log(`    of which the recompute (the rest: derived-table check) ${median(recomputeOnly).toFixed(1).padStart(6)}`);
    for (const [label, ms] of [['one instance', one], ['two instances', two], ['one again', oneAgain]] as const) {
      console.log(`  all ${opts.businesses} through the queue, ${label.padEnd(15)}${ms.toFixed(0).padStart(10)}   ${perBusiness(ms).toFixed(1).padStart(12)}   ${(perBusiness(ms) / bareMs).toFixed(2).padStart(10)}`);
    }
    console.log(
      `  extrapolated to 100,000 businesses × 300 clients (linear in clients): one instance ${hoursAt100k(Math.min(one, oneAgain)).toFixed(1)} h, two ${hoursAt100k(two).toFixed(1)} h; ` +
        `the bare refresh run back to back ${((bareMs * 100_000 * (300 / opts.clients)) / 3_600_000).toFixed(1)} h`,
    );

    await benchFairness(fresh.url, opts.bulk, pools);
  } finally {
    for (const jobs of running) await jobs.stop().catch(() => {});
    for (const pool of pools) await pool.end().catch(() => {});
    await fresh.close();
  }
}

/** The queue before fair ordering: every delivery job fetched oldest first. */
const oldestFirst = (jobs: JobQueue): JobQueue => ({
  send: (definition, data, options) => jobs.send(definition, data, { ...options, priority: undefined }),
  sendMany: (definition, items) => jobs.sendMany(definition, items.map((item) => ({ ...item, priority: undefined }))),
});

/**
 * Business A queues a bulk its number may send at once (1,000 segments a second), business B a thank-you right
 * after it; how long B's thank-you waits, with the fair queue and with every job fetched oldest first.
 */
async function benchFairness(url: string, bulk: number, pools: pg.Pool[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pools.push(pool);
  const database: Database = fromPool(pool);
  const sms = new SimulatorSms();
  const jobs = await startJobs({ database, log: memoryLog(), sms, origin: 'http://127.0.0.1', smsSendWindowOff: true }, [deliverTextJob], { pollingIntervalSeconds: 0.5 });
  try {
    const business = async (name: string, number: string, n: number) => {
      const [{ id }] = await database.query<{ id: number }>(
        `insert into businesses (name, email, password_hash, webhook_url, selected_phone_number) values ($1, $2, 'x', md5($2), $3) returning id`,
        [name, `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@bench.example`, number],
      );
      await database.query(`insert into business_numbers (number, business_id) values ($1, $2)`, [number, id]);
      await approveRegistration(database, id); // texts go out only once the number's A2P campaign is approved
      const clients = await database.query<{ id: number }>(
        `insert into clients (business_id, name, phone, referral_code) select $1::int, 'Client ' || g, '+1737' || lpad(($1::int * 10000 + g)::text, 7, '0'), 'FQ' || $1::int || 'X' || g
         from generate_series(1, $2::int) g returning id`,
        [id, n],
      );
      return { id, clients: clients.map((c) => c.id) };
    };
    const run = async (label: string, queue: JobQueue, round: number) => {
      const aNumber = `+1512900${String(round).padStart(4, '0')}`;
      const bNumber = `+1737900${String(round).padStart(4, '0')}`;
      const a = await business(`Bulk ${label}`, aNumber, bulk);
      const b = await business(`Thanks ${label}`, bNumber, 1);
      await database.query(`insert into sms_number_pacing (number, next_free_at, segments_per_second) values ($1, now(), 1000)`, [aNumber]);
      const ctx = { database, jobs: queue };
      const started = performance.now();
      await queueTexts(ctx, a.id, a.clients.map((clientId) => ({ clientId, kind: 'bulk' as const, key: `bulk:bench:${clientId}`, body: 'Spring special' })));
      const queuedAt = performance.now();
      await queueTexts(ctx, b.id, [{ clientId: b.clients[0], kind: 'thankYou', key: `thank-you:bench:${b.clients[0]}`, body: 'Thank you!' }]);
      let thankYouMs = 0;
      await waitUntil(async () => {
        if (!thankYouMs && sms.sent.some((m) => m.from === bNumber)) thankYouMs = performance.now() - queuedAt;
        return sms.sent.filter((m) => m.from === aNumber).length === bulk && thankYouMs > 0;
      }, 600_000);
      const order = sms.sent.filter((m) => m.from === aNumber || m.from === bNumber);
      return { thankYouMs, ahead: order.findIndex((m) => m.from === bNumber), bulkMs: performance.now() - started };
    };
    const fifo = await run('oldest first', oldestFirst(jobs), 1);
    const fair = await run('fair', jobs, 2);
    console.log(`\nFair send queue: business A's ${bulk}-text bulk due at once (its number at 1,000 segments/s), business B's thank-you queued right after:`);
    console.log('  queue            B thank-you waited (ms)   A texts sent before it   A bulk drained (ms)   thank-you / drain');
    for (const [label, r] of [['oldest first', fifo], ['fair (after)', fair]] as const) {
      console.log(`  ${label.padEnd(16)} ${r.thankYouMs.toFixed(0).padStart(23)}   ${String(r.ahead).padStart(22)}   ${r.bulkMs.toFixed(0).padStart(19)}   ${(r.thankYouMs / r.bulkMs).toFixed(2).padStart(17)}`);
    }
    console.log('  (floor: the drain of the bulk itself, which the thank-you waited for in full before)');
  } finally {
    await jobs.stop();
  }
}

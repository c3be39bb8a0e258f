// npm run bench:clients — GET /api/clients paging, search and sort for a business with 50,000 clients
// and 500,000 bookings (seeded into a fresh PostgreSQL database), beside the bare SQL page query.
import { median } from './bench/median';
import { buildApp } from '../src/server/app';
import { loadConfig, testConfig } from '../src/server/config';
import { SESSION_COOKIE } from '../src/server/platform/session';
import { ownerSession } from '../src/server/testing/factories';
import { MemoryEmail } from '../src/server/testing/memory-email';
import { memoryQueue } from '../src/server/platform/jobs/testing';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import { seedLarge } from './seed-large';

const RUNS = 20;


async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function main() {
  const fresh = await freshDatabase(loadConfig().databaseUrl ?? DEFAULT_URL, 'referloop_bench_clients');
  try {
    const { database } = fresh;
    const businessId = await seedLarge(database);
    const { token } = await ownerSession(database, businessId);
    const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
    await app.ready();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const orders: Record<string, string> = {
      loyaltyScore: 'loyalty_score desc nulls last, total_bookings desc nulls last, id',
      lastBooking: 'last_booking desc nulls last, id',
      totalBookings: 'total_bookings desc nulls last, id',
      name: 'lower(name), id',
    };
    const scenarios: [string, string, string, unknown[]][] = [
      ...Object.entries(orders).map(([sort, order]): [string, string, string, unknown[]] => [
        `page 1, sort ${sort}`,
        `/api/clients?page=1&pageSize=25&sort=${sort}`,
        `select * from clients where business_id = $1 order by ${order} limit 25`,
        [businessId],
      ]),
      ['page 1000, sort name', '/api/clients?page=1000&pageSize=25&sort=name', 'select * from clients where business_id = $1 order by lower(name), id limit 25 offset 24975', [businessId]],
      ['search "garcia"', '/api/clients?page=1&pageSize=25&search=garcia', `select * from clients where business_id = $1 and (lower(name) like $2 or lower(email) like $2) order by loyalty_score desc, id limit 25`, [businessId, '%garcia%']],
      ['unpaged (first 1000)', '/api/clients', 'select * from clients where business_id = $1 order by loyalty_score desc, id limit 1000', [businessId]],
      ['top 5', '/api/clients/top?limit=5', 'select * from clients where business_id = $1 order by loyalty_score desc, total_bookings desc, id limit 5', [businessId]],
      ['loyalty distribution', '/api/clients/loyalty-distribution', 'select count(*) filter (where loyalty_score >= 7) from clients where business_id = $1', [businessId]],
      ['dashboard stats', '/api/dashboard/stats', 'select sum(amount_charged) from bookings where business_id = $1', [businessId]],
      ['booking trends 365', '/api/analytics/booking-trends?days=365', 'select service_date, count(*) from bookings where business_id = $1 group by 1', [businessId]],
    ];
    console.log(`business: 50,000 clients, 500,000 bookings; median of ${RUNS} runs`);
    console.log('scenario'.padEnd(26), 'API ms'.padStart(8), 'bare SQL ms'.padStart(12), 'ratio'.padStart(7));
    for (const [label, url, bare, params] of scenarios) {
      const api = await time(async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
      const sqlMs = await time(() => database.query(bare, params));
      console.log(label.padEnd(26), api.toFixed(1).padStart(8), sqlMs.toFixed(1).padStart(12), `${(api / sqlMs).toFixed(1)}x`.padStart(7));
    }
    console.log('(API: HTTP handling, session check, page + total count + total spent per row; bare SQL: the page only)');
    const exportMs = await time(async () => app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie } }));
    console.log(`export of 50,000 clients: ${exportMs.toFixed(0)} ms`);
    await app.close();
  } finally {
    await fresh.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

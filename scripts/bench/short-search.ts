// tsx scripts/bench/short-search.ts — single-request times of searches of one or two characters (and a surname
// beside them) at 50,000 clients on PostgreSQL, with the lead inbox, tracker and SMS conversations searched the
// same way. Everything is written with SQL (the clients with seed:large's names, no bookings; the benchmark's
// 20,000 leads and 5,000 referrals): only the lists are read here, and SQL is much faster to seed.
import { median } from './median';
import { buildApp } from '../../src/server/app';
import { loadConfig, testConfig } from '../../src/server/config';
import { SESSION_COOKIE } from '../../src/server/platform/session';
import { ownerSession } from '../../src/server/testing/factories';
import { MemoryEmail } from '../../src/server/testing/memory-email';
import { memoryQueue } from '../../src/server/platform/jobs/testing';
import { DEFAULT_URL, freshDatabase } from './fresh-database';
import { FIRST_NAMES, LAST_NAMES, LARGE_CLIENTS } from '../seed-large';
import { seedLeads } from './api-leads';
import { seedReferrals } from './api-referrals';

const RUNS = 20;

async function main() {
  // --keep leaves the database for `npm run bench:api -- --database <url>` (its business is large@example.com).
  const keep = process.argv.includes('--keep');
  const fresh = await freshDatabase(loadConfig().databaseUrl ?? DEFAULT_URL, 'referloop_bench_short_search', keep);
  try {
    const { database } = fresh;
    const [biz] = await database.query<{ id: number }>(
      `insert into businesses (name, email, password_hash, webhook_url) values ('Short Search Co', 'large@example.com', 'x', 'short-' || now()) returning id`,
    );
    await database.query(
      `insert into clients (business_id, name, email, phone, referral_code, loyalty_score, total_bookings, last_booking)
       select $1::int, f || ' ' || l, lower(f) || '.' || lower(l) || i || '@example.com', '+1555' || lpad((200 + i % 700)::text, 3, '0') || lpad((i % 10000)::text, 4, '0'),
         'SS-' || i, (i * 7 % 101) / 10.0, i % 23, date '2026-01-01' - (i % 730)
       from generate_series(1, $2::int) i,
         lateral (select ($3::text[])[1 + i % array_length($3::text[], 1)] as f, ($4::text[])[1 + (i / array_length($3::text[], 1)) % array_length($4::text[], 1)] as l) n`,
      [biz.id, LARGE_CLIENTS, FIRST_NAMES, LAST_NAMES],
    );
    await database.query('analyze clients');
    await seedLeads(database, biz.id);
    await seedReferrals(database, biz.id);
    const { token } = await ownerSession(database, biz.id);
    const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
    await app.ready();
    const cookie = `${SESSION_COOKIE}=${token}`;
    console.log(`${LARGE_CLIENTS.toLocaleString('en-US')} clients; median of ${RUNS} single requests`);
    const clientUrls = [[1, 'ar'], [41, 'ar'], [1, 'h5'], [1, 'a'], [1, 'zq'], [1, 'garcia']].map(([page, search]) => `/api/clients?page=${page}&pageSize=25&search=${search}`);
    const others = ['/api/leads?search=ar', '/api/leads?search=le', '/api/referrals?search=ar', '/api/referrals?search=fr', '/api/sms/conversations?search=ar'];
    for (const url of [...clientUrls, ...others]) {
      const samples: number[] = [];
      let body: { total?: number; totalIsCapped?: boolean } = {};
      for (let i = 0; i <= RUNS; i += 1) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (i > 0) samples.push(performance.now() - started);
        body = res.json();
      }
      console.log(url.padEnd(48), `${median(samples).toFixed(1)} ms`.padStart(10), body.total === undefined ? '' : `total ${body.total}${body.totalIsCapped ? '+' : ''}`);
    }
    await app.close();
    if (keep) console.log(`kept: ${fresh.url}`);
  } finally {
    await fresh.close();
  }
}

void main();

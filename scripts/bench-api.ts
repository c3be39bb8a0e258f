// npm run bench:api — the dashboard's calls under load (autocannon) on a business with 50,000 clients and
// 500,000 bookings, beside two floors measured in the same run: GET /api/auth/me (the cheapest
// authenticated route) and a bare route counting the business's clients (registered only by the
// benchmark's server, scripts/bench/api-server.ts). Then the embedded database (PGlite) for one owner.
//
//   npm run bench:api                              # fresh PostgreSQL database, seeded, 30 s per call, then PGlite
//   npm run bench:api -- --database <url>          # reuse a database made by `npm run seed:large`
//   npm run bench:api -- --duration 10 --only stats,page --no-pglite
//   npm run bench:api -- --accept-encoding 'gzip, deflate, br'   # ask for compressed answers, as a browser does
//   npm run bench:api -- --only search --other-clients 1000000   # the searches beside 1,000,000 other businesses' clients
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/server/config';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import { seedLarge } from './seed-large';

const { values: opts } = parseArgs({
  options: {
    database: { type: 'string' },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'no-pglite': { type: 'boolean', default: false },
    'pglite-only': { type: 'boolean', default: false },
    'pglite-connections': { type: 'string', default: '6' },
    'pglite-duration': { type: 'string', default: '10' },
    /** Sent as Accept-Encoding with every request (default: none, so answers are not compressed). */
    'accept-encoding': { type: 'string' },
    /** Other businesses' clients written beside the large business before the run (scripts/bench/api-other-clients.ts). */
    'other-clients': { type: 'string', default: '0' },
    /** Add the indexes docs/sms-inbox.md asks for to the benchmark database (not to the app's migrations). */
  },
});

/** [name, path]; the first two are the floors. A later feature adds its dashboard calls here. */
const CALLS: [string, string][] = [
  ['auth/me (floor)', '/api/auth/me'],
  ['bare count (floor)', '/api/bench/count'],
  ['stats', '/api/dashboard/stats'],
  ['page 1', '/api/clients?page=1&pageSize=25&sort=loyaltyScore'],
  ['page 200', '/api/clients?page=200&pageSize=25&sort=loyaltyScore'],
  ['sort name', '/api/clients?page=1&pageSize=25&sort=name'],
  ['sort lastBooking', '/api/clients?page=1&pageSize=25&sort=lastBooking'],
  ['sort totalBookings', '/api/clients?page=1&pageSize=25&sort=totalBookings'],
  // A surname (1 client in 100 has it) and a name with a number.
  ['search surname', '/api/clients?page=1&pageSize=25&search=garcia'],
  ['search name+no', '/api/clients?page=1&pageSize=25&search=nguyen12'],
  // Two characters (docs/read-model.md, "Short searches"): a common pair, whose count stops at the cap, and a
  // rare one (11 of 50,000), which reads every client's search text.
  // The commonest terms: the e-mail domain every client has, a name fragment most have, a shared prefix
  // ("smith1" is smith1, smith10…, smith100…).
  ['search common domain', '/api/clients?page=1&pageSize=25&search=example'],
  ['search common name', '/api/clients?page=1&pageSize=25&search=mar'],
  ['search shared prefix', '/api/clients?page=1&pageSize=25&search=smith1'],
  ['search common by name', '/api/clients?page=1&pageSize=25&search=example&sort=name'],
  ['search short "ar"', '/api/clients?page=1&pageSize=25&search=ar'],
  ['search short rare', '/api/clients?page=1&pageSize=25&search=h5'],
  // Two letters held by one client in four and one in fourteen: fewer than the count's stop among the first
  // 5,000 clients, so they went to the trigram index (10.5 and 5.6 ms a statement), now walked on.
  ['search short "er"', '/api/clients?page=1&pageSize=25&search=er'],
  ['search short "jo"', '/api/clients?page=1&pageSize=25&search=jo'],
  ['trends 30', '/api/analytics/booking-trends?days=30'],
  ['trends 365', '/api/analytics/booking-trends?days=365'],
  ['top clients', '/api/clients/top?limit=5'],
  ['loyalty distribution', '/api/clients/loyalty-distribution'],
  ['new clients badge', '/api/clients?new=true'],
  // The SMS inbox on the business's 100,000 texts (scripts/bench/api-sms.ts).
  ['sms conversations', '/api/sms/conversations'],
  ['sms conversations p20', '/api/sms/conversations?page=20&pageSize=20'],
  ['sms conv search', '/api/sms/conversations?search=garcia'],
  ['sms conv search common', '/api/sms/conversations?search=mar'],
  ['sms history', '/api/sms/messages?page=1&pageSize=50'],
  ['sms history p200', '/api/sms/messages?page=200&pageSize=50'],
  ['sms history by key', '/api/sms/messages?pageSize=50&before=10000'],
  ['sms lead threads', '/api/sms/lead-conversations'],
  ['sms unread badge', '/api/activities/replies?unread=true'],
  ['sms unread replies', '/api/activities/replies'],
  ['sms feed 7 days', '/api/activities/feed'],
  ['sms feed unread 90', '/api/activities/feed?filter=unread&days=90'],
  // Bulk sends and automations: 20 batches of 1,000 texts, 2,000 automated texts waiting.
  ['sms bulk batches', '/api/sms/bulk'],
  ['sms scheduled', '/api/sms/scheduled'],
  // The Referral Tracker and the Activity Dashboard's referral lists on 5,000 referrals
  // (scripts/bench/api-referrals.ts).
  ['referrals page', '/api/referrals'],
  ['referrals p100', '/api/referrals?page=100&pageSize=25'],
  ['referrals search', '/api/referrals?search=friend%20123'],
  ['referrals search common', '/api/referrals?search=example'],
  // a term whose capped page is walked, friends' names and referrers' names together
  ['referrals search short "ar"', '/api/referrals?search=ar'],
  ['referrals pending', '/api/referrals?status=pending&sort=refereeName'],
  ['referrals badge', '/api/referrals?new=true'],
  ['top referrers', '/api/analytics/top-referrers'],
  ['recent conversions', '/api/activities/conversions'],
  ['pending referrals', '/api/activities/pending-referrals'],
  // The Lead Inbox on 20,000 leads (scripts/bench/api-leads.ts): the spec's bare call (page 1),
  // a deep page, a status and a source filter, a search by name and one by phone digits, and the stats.
  ['leads page', '/api/leads'],
  ['leads p400', '/api/leads?page=400&pageSize=25'],
  ['leads status', '/api/leads?status=contacted'],
  ['leads source', '/api/leads?source=referral'],
  ['leads search', '/api/leads?search=garcia'],
  ['leads search phone', '/api/leads?search=737500123'],
  ['leads search common', '/api/leads?search=example'],
  ['leads search short "er"', '/api/leads?search=er'],
  ['leads search short rare', '/api/leads?search=h5'],
  ['leads stats', '/api/leads/stats'],
  ['leads badge', '/api/leads?new=true'],
  // Settings and the banners of the SMS, Leads and Settings screens.
  ['delivery drivers', '/api/business/delivery'],
  ['notification settings', '/api/business/notifications'],
  // Insights (docs/insights.md): the kept figures, three index reads of the clients and the non-completed bookings.
  ['insights', '/api/insights'],
  // The Insights review section (docs/reviews.md): 12 months of review requests, and the first page asked but not opened.
  ['reviews insights', '/api/reviews/insights'],
  ['reviews not opened', '/api/reviews/not-opened'],
  // Settings for the team (docs/accounts.md): the people, the activity record's first page, one's own sessions and second factor.
  ['team', '/api/team'],
  ['activity record', '/api/team/activity'],
  ['activity record, one kind', '/api/team/activity?kind=text_sent'],
  ['own sessions', '/api/account/sessions'],
  ['two-factor status', '/api/two-factor'],
  // The floor again, last: on a busy machine the load moves during a run (`--only auth/me` picks it).
  ['auth/me (floor, again)', '/api/auth/me'],
];

type Figures = { rps: number; p50: number; p95: number; p99: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(port: number, cookie: string, path: string, connections: number, seconds: number): Promise<Figures> {
  const url = `http://127.0.0.1:${port}${path}`;
  const headers: Record<string, string> = { cookie };
  if (opts['accept-encoding']) headers['accept-encoding'] = opts['accept-encoding'];
  await autocannon({ url, connections, duration: 1, headers }); // warm-up, not counted
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 30 }, (error, r) =>
      error ? reject(error) : resolve(r),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function startServer(target: string): Promise<{ port: number; cookie: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/api-server.ts', target, opts['other-clients']], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...JSON.parse(line), child };
  }
  throw new Error('the benchmark server ended before it listened');
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function run(label: string, target: string, connections: number, seconds: number, filter?: string[]) {
  const server = await startServer(target);
  try {
    console.log(`\n${label}: ${connections} connections, ${seconds} s per call${opts['accept-encoding'] ? `, Accept-Encoding: ${opts['accept-encoding']}` : ''}`);
    console.log(
      ['call'.padEnd(22), 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'vs auth/me', 'vs bare count'].map((h, i) => (i ? h.padStart(10) : h)).join(' '),
    );
    const floors: Figures[] = [];
    for (const [i, [name, path]] of CALLS.entries()) {
      if (i >= 2 && filter && !filter.some((f) => name.includes(f))) continue;
      const f = await load(server.port, server.cookie, path, connections, seconds);
      if (i < 2) floors.push(f);
      const ratio = (floor?: Figures) => (floor ? `${fmt(f.rps / floor.rps, 2)}x` : '-');
      console.log(
        [name.padEnd(22), fmt(f.rps, 0), fmt(f.p50), fmt(f.p95), fmt(f.p99), String(f.errors), ratio(floors[0]), ratio(floors[1])]
          .map((c, j) => (j ? c.padStart(10) : c))
          .join(' '),
      );
    }
    if (connections <= 10) await dashboardOpen(server.port, server.cookie);
  } finally {
    server.child.kill('SIGTERM');
  }
}

/** One owner opening the dashboard: its calls fired together, timed until the last answers (quiet server). */
async function dashboardOpen(port: number, cookie: string) {
  const paths = ['/api/dashboard/stats', CALLS[3][1], '/api/clients/top?limit=5', '/api/clients/loyalty-distribution', '/api/analytics/booking-trends?days=30', '/api/clients?new=true'];
  const samples: number[] = [];
  for (let i = 0; i < 21; i += 1) {
    const started = performance.now();
    await Promise.all(paths.map((p) => fetch(`http://127.0.0.1:${port}${p}`, { headers: { cookie } }).then((r) => r.arrayBuffer())));
    if (i > 0) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`dashboard open (${paths.length} calls at once, 20 times, alone): p50 ${fmt(percentile(samples, 50))} ms, max ${fmt(samples[samples.length - 1])} ms`);
}

async function main() {
  const filter = opts.only?.split(',');
  if (!opts['pglite-only']) {
    let url = opts.database;
    let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    if (!url) {
      fresh = await freshDatabase(loadConfig().databaseUrl ?? DEFAULT_URL, 'referloop_bench_api');
      const started = performance.now();
      await seedLarge(fresh.database);
      console.log(`seeded 50,000 clients / 500,000 bookings in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      url = fresh.url;
    }
    try {
      await run('PostgreSQL', url, Number(opts.connections), Number(opts.duration), filter);
    } finally {
      await fresh?.close();
    }
  }
  if (!opts['no-pglite']) {
    await run('PGlite (embedded, one owner)', 'pglite', Number(opts['pglite-connections']), Number(opts['pglite-duration']), filter);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// npx tsx scripts/bench/explain-searches.ts <database url> [search ...] — the statements of the client list, Lead Inbox,
// Referral Tracker and SMS conversation searches with their EXPLAIN (ANALYZE, BUFFERS) plans, as the app runs them: generic
// plans (plan_cache_mode = force_generic_plan) of named statements, each planned once, as db/read-rows.ts runs them,
// on the large business of `npm run bench:api` (its seeded leads, referrals and texts). Each search runs RUNS times
// (default 21) for the median time (from the client, planning excluded), then once more with its plan printed.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../../src/server/db/client';
import { selectClientsPage } from '../../src/server/features/clients/queries';
import type { ClientSort } from '../../src/server/features/clients/types';
import { selectLeadPage } from '../../src/server/features/leads/queries';
import { selectReferralPage } from '../../src/server/features/referrals/queries';
import { searchConversations, selectConversations } from '../../src/server/features/sms/inbox/queries';

const [url, ...asked] = process.argv.slice(2);
if (!url) throw new Error('usage: explain-searches.ts <database url> [leads:garcia referrals:friend%20123 sms:garcia ...]');
const runs = Number(process.env.RUNS ?? 21);
const client = new pg.Client({ connectionString: url });
await client.connect();
let plan: string[] = [];
client.on('notice', (m) => plan.push(String(m.message)));
await client.query(`load 'auto_explain'; set auto_explain.log_min_duration = -1; set auto_explain.log_analyze = on;
  set auto_explain.log_buffers = on; set auto_explain.log_level = notice; set plan_cache_mode = force_generic_plan;
  set max_parallel_workers_per_gather = 0`);
const dialect = new PgDialect();
// Not an app pool, so readRows runs `execute`: here a named statement, as on the app's generic-plan connections.
const db = {
  async execute(query: SQL) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.query({ name: `x_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, values: params });
  },
} as unknown as Tx;
const [biz] = (await client.query<{ id: number }>(`select id from businesses where email = 'large@example.com'`)).rows;

const calls: Record<string, (search: string, page: number, sort?: ClientSort) => Promise<unknown>> = {
  // `clients:mar` (loyalty order) or `clients-name:mar` (any ClientSort after the dash).
  clients: (search, page, sort = 'loyaltyScore') => selectClientsPage(db, biz.id, { sort, search, limit: 25, offset: (page - 1) * 25 }),
  leads: (search, page) => selectLeadPage(db, biz.id, { status: 'all', source: 'all', search }, 25, (page - 1) * 25),
  referrals: (search, page) => selectReferralPage(db, biz.id, { status: 'all', sort: 'newest', search, limit: 25, offset: (page - 1) * 25 }),
  // An empty search: the conversations' first page, for comparison.
  sms: (search, page) => {
    const opts = { offset: (page - 1) * 20, limit: 21, per: 3, maxIds: 100 };
    return search ? searchConversations(db, biz.id, { ...opts, search }) : selectConversations(db, biz.id, opts);
  },
};

for (const spec of asked.length ? asked : ['leads:garcia', 'referrals:friend 123', 'sms:garcia']) {
  const [kindAndSort, rest] = spec.split(':');
  const [kind, sort] = kindAndSort.split('-') as [string, ClientSort | undefined];
  const [search, page = '1'] = decodeURIComponent(rest).split('@');
  const call = (term: string, page: number) => calls[kind](term, page, sort);
  const ms: number[] = [];
  let answer: unknown;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    answer = await call(search, Number(page));
    ms.push(performance.now() - started);
  }
  plan = [];
  await client.query('set auto_explain.log_min_duration = 0');
  await call(search, Number(page));
  await client.query('set auto_explain.log_min_duration = -1');
  ms.sort((a, b) => a - b);
  const total = (answer as { total?: number }).total;
  console.log(`\n=== ${kind} "${search}" page ${page}: median ${ms[Math.floor(ms.length / 2)].toFixed(2)} ms over ${runs} runs${total === undefined ? '' : `, total ${total}`}`);
  console.log(plan.join('\n'));
}
await client.end();

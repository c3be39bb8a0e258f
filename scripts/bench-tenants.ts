// npm run bench:tenants — the statements of the public and provider routes with 100,000 businesses on
// PostgreSQL: the inbound text's number lookup (the `or` over the three number columns it used before
// business_numbers, and the business_numbers key it uses now) beside a primary-key lookup floor, then every
// statement of a public or provider route (inbound, status callback, webhook token, embed token, form
// submission, referral and claim pages, sign-in, session) by EXPLAIN ANALYZE beside that floor, with a
// sample of the businesses signed up and uploaded through the app's API. Exits 1 when one of them reads a
// whole table or takes over 2 ms. Last, the dashboard's calls through an instance behind PgBouncer in
// transaction mode beside a direct one.
//
//   npm run bench:tenants                                  # fresh database on 127.0.0.1, dropped at the end
//   npm run bench:tenants -- --businesses 20000 --runs 200 --sample 20 --database postgres://…/test --keep
// Then the fanned-out nightly refresh and the fair send queue (bench/tenants-fanout.ts, its own database):
//   --fanout-businesses 200 --fanout-clients 300 --concurrency 2 --bulk 500   (--fanout-businesses 0 skips it)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/client';
import { selectNumberOwner } from '../src/server/features/sms/inbox/inbound-queries';
import { timeBehindPgbouncer } from './bench/tenants-pooler';
import { printApiSample, PUBLIC_LOOKUP_BUDGET_MS, seedPublicRouteRows, signUpThroughApi, timePublicLookups } from './bench/tenants-public-routes';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import { benchFanOut } from './bench/tenants-fanout';

const { values: opts } = parseArgs({
  options: {
    database: { type: 'string', default: DEFAULT_URL },
    businesses: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    sample: { type: 'string', default: '20' },
    'pooler-runs': { type: 'string', default: '110' },
    'fanout-businesses': { type: 'string', default: '200' },
    'fanout-clients': { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '2' },
    bulk: { type: 'string', default: '500' },
  },
});
const SAMPLE = Number(opts.sample);
const SAMPLE_CLIENTS = 50;
const N = Number(opts.businesses);
const RUNS = Number(opts.runs);
const numberOf = (i: number) => `+1${2_000_000_000 + i}`;

/** The lookup before business_numbers: any business naming the number in one of its three columns. */
const oldLookup = (number: string) => sql`select b.id, b.name, b.forwarding_number, b.enable_forwarding from businesses b
  where b.selected_phone_number = ${number}
     or b.twilio_numbers @> jsonb_build_array(${number}::text)
     or exists (select 1 from outreach_settings o where o.business_id = b.id and o.twilio_phone = ${number})
  order by b.id limit 2`;

const fresh = await freshDatabase(opts.database, 'bench_tenants', opts.keep);
const db = fresh.database.db;
try {
  let t0 = performance.now();
  // Every business with a bought number (in the three columns a purchase writes), a client with a referral
  // code, a form, and one outbound text with a provider id.
  await db.execute(sql.raw(`
    insert into businesses (name, email, password_hash, webhook_url, selected_phone_number, twilio_numbers)
      select 'Bench Cleaning ' || i, 'owner' || i || '@bench.example', 'x', md5('hook' || i),
        '+1' || (2000000000 + i), jsonb_build_array('+1' || (2000000000 + i))
      from generate_series(1, ${N}) i;
    insert into outreach_settings (business_id, twilio_phone) select id, selected_phone_number from businesses;
    insert into clients (business_id, name, referral_code, phone)
      select id, 'Client of ' || id, 'BENCH' || id, '+1415' || lpad(id::text, 7, '0') from businesses;
    insert into forms (business_id, name, fields, embed_token) select id, 'Quote', '[]'::jsonb, md5('form' || id) from businesses;
    insert into sms_messages (business_id, direction, from_number, to_number, message_body, twilio_sid, status)
      select id, 'outbound', selected_phone_number, '+14155550100', 'Thanks!', 'SMbench' || id, 'sent' from businesses;`));
  await seedPublicRouteRows(fresh.database);
  const seeded = performance.now() - t0;
  // A sample made as owners make them: signed up and uploaded through the app's API, among the 100,000.
  const sample = await signUpThroughApi(fresh.database, SAMPLE, SAMPLE_CLIENTS);
  // The migration's backfill, as it runs on a database that already has these businesses.
  const backfill = readFileSync(new URL('../drizzle/0049_business_numbers.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('INSERT INTO "business_numbers"'))!;
  t0 = performance.now();
  await db.execute(sql.raw(backfill));
  const backfilled = performance.now() - t0;
  await db.execute(sql`analyze`);
  console.log(`PostgreSQL, ${N.toLocaleString('en-US')} businesses: seeded in ${(seeded / 1000).toFixed(1)} s, migration 0049's backfill ${(backfilled / 1000).toFixed(2)} s`);
  printApiSample(sample, SAMPLE_CLIENTS);

  // Lookup times: the same random numbers for each, interleaved so a noisy moment hits all three alike.
  const pick = () => 1 + Math.floor(Math.random() * N);
  const times: Record<string, number[]> = { floor: [], before: [], after: [] };
  const time = async (name: string, run: () => Promise<unknown>) => {
    const s = performance.now();
    await run();
    times[name].push(performance.now() - s);
  };
  for (let r = 0; r < Math.min(10, RUNS); r += 1) await db.execute(oldLookup(numberOf(pick()))); // warm-up
  for (let r = 0; r < RUNS; r += 1) {
    const i = pick();
    await time('floor', () => db.execute(sql`select id, name, forwarding_number, enable_forwarding from businesses where id = ${i}`));
    await time('before', async () => {
      const rows = rowsOf<{ id: number }>(await db.execute(oldLookup(numberOf(i))));
      if (rows.length !== 1 || Number(rows[0].id) !== i) throw new Error(`old lookup of ${numberOf(i)} answered ${JSON.stringify(rows)}`);
    });
    await time('after', async () => {
      const owner = await selectNumberOwner(db, numberOf(i));
      if (owner?.businessId !== i) throw new Error(`business_numbers lookup of ${numberOf(i)} answered ${JSON.stringify(owner)}`);
    });
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
  };
  const floor = stat(times.floor);
  console.log(`\nInbound number lookup, ${RUNS} lookups each (ms):`);
  console.log('  lookup                                   median     p95   × floor (median)');
  for (const [name, label] of [
    ['floor', 'primary-key lookup (floor)'],
    ['before', 'before: or over the three columns'],
    ['after', 'after: business_numbers key'],
  ] as const) {
    const s = stat(times[name]);
    console.log(`  ${label.padEnd(38)} ${s.median.toFixed(3).padStart(8)} ${s.p95.toFixed(3).padStart(7)} ${(s.median / floor.median).toFixed(1).padStart(8)}`);
  }

  // The server's own execution time (EXPLAIN ANALYZE), without the client round trip a busy machine inflates.
  const serverMs = async (q: SQL) => {
    const [row] = rowsOf<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(await db.execute(sql`explain (analyze, format json) ${q}`));
    return row['QUERY PLAN'][0]['Execution Time'];
  };
  const server: Record<string, number[]> = { floor: [], before: [], after: [] };
  for (let r = 0; r < 30; r += 1) {
    const i = pick();
    server.floor.push(await serverMs(sql`select id, name, forwarding_number, enable_forwarding from businesses where id = ${i}`));
    server.before.push(await serverMs(oldLookup(numberOf(i))));
    server.after.push(
      await serverMs(sql`select b.id, b.name, b.forwarding_number, b.enable_forwarding
        from business_numbers n join businesses b on b.id = n.business_id where n.number = ${numberOf(i)}`),
    );
  }
  console.log(`\nThe same, execution time in the server (EXPLAIN ANALYZE, 30 each, ms):`);
  for (const name of ['floor', 'before', 'after'] as const) {
    const s = stat(server[name]);
    console.log(`  ${name.padEnd(8)} median ${s.median.toFixed(3).padStart(9)}  max ${Math.max(...server[name]).toFixed(3).padStart(9)}`);
  }

  // Every statement of the public and provider routes: by index, under 2 ms each (bench/tenants-public-routes.ts).
  const broken = await timePublicLookups(fresh.database, N, sample, 21);
  if (broken) {
    console.error(`\n${broken} statement(s) of public or provider routes read a whole table or took over ${PUBLIC_LOOKUP_BUDGET_MS} ms (median).`);
    process.exitCode = 1;
  }
  // What transaction pooling costs the dashboard's reads (decision 0014).
  await timeBehindPgbouncer(fresh.database, fresh.url, sample.cookies[0], Number(opts['pooler-runs']));
} finally {
  await fresh.close();
}

if (Number(opts['fanout-businesses']) > 0) {
  await benchFanOut({
    baseUrl: opts.database,
    businesses: Number(opts['fanout-businesses']),
    clients: Number(opts['fanout-clients']),
    concurrency: Number(opts.concurrency),
    bulk: Number(opts.bulk),
  });
}

// npm run bench:triggers — what each trigger of the read model costs a write, per row: bulk statements on each
// table that has triggers, run under EXPLAIN ANALYZE (which times each trigger), each inside a transaction that
// is rolled back; the median of `--runs`. PostgreSQL only:
// DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; makes and drops its own database.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rows: { type: 'string', default: '20000' } } });
const N = Number(opts.rows);

/** [table, statement writing N rows into business $1 (its clients exist)]. */
const WRITES: [string, string, string][] = [
  ['clients', 'insert', `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings)
    select $1::int, 'Client ' || g, 'c' || g || '@x.test', 'W' || $1::int || '-' || g || '-' || random(), (g % 100) / 10.0, g % 5 from generate_series(1, ${N}) g`],
  ['clients', 'update scores', `update clients set loyalty_score = (loyalty_score + 1.3)::numeric % 10, total_bookings = total_bookings + 1
    where business_id = $1::int and id in (select id from clients where business_id = $1::int order by id limit ${N})`],
  ['clients', 'rename', `update clients set name = name || 'x' where business_id = $1::int and id in (select id from clients where business_id = $1::int order by id limit ${N})`],
  ['bookings', 'insert', `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
    select $1::int, c.id, current_date - (g % 700), 'Clean', '100', 100, case when g % 10 = 0 then 'cancelled' else 'completed' end, 'demo', 'w' || g || random()
    from generate_series(1, ${N}) g join (select id, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int) c on c.rn = g % 1000`],
  ['referrals', 'insert', `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, converted)
    select $1::int, 'CODE', c.id, 'Friend ' || g, 'f' || g || '@x.test', g % 3 = 0
    from generate_series(1, ${N}) g join (select id, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int) c on c.rn = g % 500`],
  ['leads', 'insert', `insert into leads (business_id, name, email, source, status, referrer_code, referrer_name)
    select $1::int, 'Lead ' || g, 'l' || g || '@x.test', (array['referral','form','website','manual'])[g % 4 + 1], 'new',
      case when g % 4 = 0 then 'R' || (g % 100) end, case when g % 4 = 0 then 'Referrer ' || (g % 100) end from generate_series(1, ${N}) g`],
  ['sms_messages', 'insert', `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, status, is_read, timestamp)
    select $1::int, c.id, case when g % 2 = 0 then 'inbound' else 'outbound' end, '+15550001', '+15550002', 'Hi ' || g, 'delivered', g % 3 <> 0, now() - g * interval '1 minute'
    from generate_series(1, ${N}) g join (select id, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int) c on c.rn = g % 1000`],
  ['sms_outbox', 'insert', `insert into sms_outbox (business_id, client_id, kind, key, body, status)
    select $1::int, null, case when g % 2 = 0 then 'thankYou' else 'review' end, 'k' || g || random(), 'Hi', 'queued' from generate_series(1, ${N}) g`],
];

async function main() {
  const fresh = await freshDatabase(loadConfig().databaseUrl ?? DEFAULT_URL, 'referloop_bench_triggers');
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  try {
    const [{ id }] = (await client.query(`insert into businesses (name, email, password_hash, webhook_url) values ('T', 't@x.test', 'x', 'wt') returning id`)).rows;
    await client.query(`insert into clients (business_id, name, email, referral_code, is_referred_client)
      select $1::int, 'Base ' || g, 'b' || g || '@x.test', 'BASE-' || g, g % 10 = 0 from generate_series(1, 2000) g`, [id]);
    await client.query('vacuum analyze');
    console.log(`${N} rows a statement; EXPLAIN ANALYZE's time in each trigger (median of ${opts.runs} runs, each rolled back), µs per row`);
    for (const [table, label, statement] of WRITES) {
      const runs: { total: number; triggers: Map<string, number> }[] = [];
      for (let r = 0; r < Number(opts.runs); r += 1) {
        await client.query('begin');
        const [{ 'QUERY PLAN': [plan] }] = (await client.query(`explain (analyze, format json) ${statement}`, [id])).rows;
        await client.query('rollback');
        const triggers = new Map<string, number>();
        for (const t of plan.Triggers ?? []) if (!String(t['Trigger Name']).startsWith('RI_')) triggers.set(t['Trigger Name'], t.Time);
        runs.push({ total: plan['Execution Time'], triggers });
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const per = (ms: number) => ((ms * 1000) / N).toFixed(1);
      const total = median(runs.map((r) => r.total));
      const names = [...runs[0].triggers.keys()];
      const inTriggers = median(runs.map((r) => [...r.triggers.values()].reduce((a, b) => a + b, 0)));
      console.log(`${table} ${label}: ${per(total)} µs a row, of which ${per(inTriggers)} µs in ${names.length} triggers (${((inTriggers / total) * 100).toFixed(0)} %)`);
      for (const name of names) console.log(`  ${name}: ${per(median(runs.map((r) => r.triggers.get(name) ?? 0)))} µs`);
    }
  } finally {
    await client.end();
    await fresh.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

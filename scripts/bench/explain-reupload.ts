// npx tsx scripts/bench/explain-reupload.ts — every statement of a re-upload (N clients already in the business,
// the export of their 2N bookings uploaded again) that runs longer than MIN ms, with its EXPLAIN ANALYZE plan
// (auto_explain, nested statements such as trigger bodies included), on a fresh PostgreSQL database.
// N=50000 (default 5000), MIN=40 (default 100), GENERIC=1 for generic plans (plan_cache_mode = force_generic_plan),
// MONTH=1 for a month's export of 3,000 of the N clients instead of the whole export; FIRST=1 for the whole export's
// first upload into a business with no clients yet; REFERRALS=k gives the business k referrals first (half naming
// their referrer's id, half only its code, a tenth converted; no ANALYZE after them), so the referral probes are planned on them.
import { benchApp, benchBusiness, timedUpload } from './import-app';
import { bulkCsv, monthlyCsv } from './import-files';

const n = Number(process.env.N ?? 5000);
const b = await benchApp('pg', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const biz = await benchBusiness(b.database);
if (!process.env.FIRST) await timedUpload(b.app, biz, bulkCsv(n, n));
const referrals = Number(process.env.REFERRALS ?? 0);
if (referrals > 0) {
  await b.database.query(
    `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, converted)
     select c.business_id, c.referral_code, case when g % 2 = 0 then c.id end, 'Friend ' || g, 'friend' || g || '@example.org', g % 10 = 0
     from generate_series(1, $2::int) g
     join (select c.*, row_number() over (order by c.id) as k from clients c where c.business_id = $1) c on c.k = (g - 1) % $3::int + 1`,
    [biz.id, referrals, n],
  );
}
const mode = process.env.GENERIC ? 'force_generic_plan' : 'auto';
const held = [];
for (let i = 0; i < 4; i += 1) held.push(await b.database.pool!.connect());
for (const c of held) {
  // long id lists (a custom plan's folded parameter) shortened
  c.on('notice', (m: { message?: string }) => console.log(String(m.message).replace(/\{[0-9,]{100,}\}/g, '{...}')));
  await c.query(`load 'auto_explain'; set auto_explain.log_min_duration = ${Number(process.env.MIN ?? 100)};
    set auto_explain.log_analyze = on; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice;
    set plan_cache_mode = ${mode}`);
}
for (const c of held) c.release();
const file = process.env.MONTH ? monthlyCsv(1, 3000) : bulkCsv(2 * n, n);
const what = process.env.MONTH ? 'month of 3,000 rows' : process.env.FIRST ? `first upload of ${2 * n} rows, ${n} clients,` : `re-upload of ${2 * n} rows`;
console.log(`${what} into ${process.env.FIRST ? 'a new business' : `${n} clients`} (${mode}): ${(await timedUpload(b.app, biz, file)).toFixed(0)} ms`);
await b.close();

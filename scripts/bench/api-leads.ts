// The large business's leads for `npm run bench:api` (the Lead Inbox fast with 20,000 leads).
// Written once per database by the benchmark server: 20,000 leads over the last 200 days, a quarter each
// from referral links (the referrer one of 500 clients), forms, the website and by hand; statuses spread
// over new, contacted, converted and lost; most with an e-mail and a phone.
import type { Database } from '../../src/server/db/client';

export const BENCH_LEADS = 20_000;
const BENCH_LEAD_REFERRERS = 500;

/** Seeds the business's leads unless it has some; answers how many it has. */
export async function seedLeads(database: Database, businessId: number): Promise<number> {
  const [have] = await database.query<{ n: number }>('select count(*)::int as n from leads where business_id = $1', [businessId]);
  if (Number(have.n) > 0) return Number(have.n);
  await database.query(
    `insert into leads (business_id, name, email, phone, source, status, referrer_code, referrer_name, notes, created_at, updated_at)
     select $1::int, 'Lead ' || g || case when g % 7 = 0 then ' Garcia' else ' Smith' end,
       case when g % 5 = 0 then null else 'lead' || g || '@example.com' end,
       case when g % 6 = 0 then null else '+1737' || lpad((5000000 + g)::text, 7, '0') end,
       (array['referral', 'form', 'website', 'manual'])[g % 4 + 1],
       (array['new', 'new', 'contacted', 'converted', 'lost'])[g % 5 + 1],
       case when g % 4 = 0 then cl.referral_code end,
       case when g % 4 = 0 then cl.name end,
       case when g % 3 = 0 then 'Asked for a quote' end,
       now() - (g % 200) * interval '1 day' - g * interval '1 second',
       now() - (g % 200) * interval '1 day'
     from generate_series(1, $2::int) as g
     join (select id, name, referral_code, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int order by id limit $3::int) cl
       on cl.rn = g % $3::int`,
    [businessId, BENCH_LEADS, BENCH_LEAD_REFERRERS],
  );
  // As autovacuum would after a bulk load.
  await database.query('vacuum analyze leads');
  return BENCH_LEADS;
}

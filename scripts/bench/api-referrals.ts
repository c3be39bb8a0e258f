// The large business's referrals for `npm run bench:api` (5,000 referrals; the tracker and top
// referrers p95 under 50 ms). Written once per database by the benchmark server: 5,000 referrals over the
// last year from 500 of its clients, one in three converted with a reward (half of them given), most
// friends with a phone.
import type { Database } from '../../src/server/db/client';

export const BENCH_REFERRALS = 5_000;
export const BENCH_REFERRERS = 500;

/** Seeds the business's referrals unless it has some; answers how many it has. */
export async function seedReferrals(database: Database, businessId: number): Promise<number> {
  const [have] = await database.query<{ n: number }>('select count(*)::int as n from referrals where business_id = $1', [businessId]);
  if (Number(have.n) > 0) return Number(have.n);
  await database.query(
    `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, referee_phone, converted, converted_at, created_at)
     select $1::int, cl.referral_code, cl.id, 'Friend ' || g, 'friend' || g || '@example.com',
       case when g % 10 = 0 then null else '+1512' || lpad((5000000 + g)::text, 7, '0') end,
       g % 3 = 0,
       case when g % 3 = 0 then now() - (g % 365) * interval '1 day' + interval '2 days' end,
       now() - (g % 365) * interval '1 day' - g * interval '1 second'
     from generate_series(1, $2::int) as g
     join (select id, referral_code, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int order by id limit $3::int) cl
       on cl.rn = g % $3::int`,
    [businessId, BENCH_REFERRALS, BENCH_REFERRERS],
  );
  await database.query(
    `insert into referral_rewards (business_id, referral_id, reward_amount, reward_given, marked_at)
     select business_id, id, '$25', id % 2 = 0, case when id % 2 = 0 then converted_at + interval '1 day' end
     from referrals where business_id = $1 and converted`,
    [businessId],
  );
  // As autovacuum would after a bulk load.
  await database.query('vacuum analyze referrals, referral_rewards');
  return BENCH_REFERRALS;
}

// Other businesses beside the large one for `npm run bench:api -- --other-clients N`: N clients in businesses of
// 50,000, named as the large business's clients are (the same first and last names, the same e-mail domain), so
// every trigram a search reads is shared with them, and a lead for every fifth client. A search's cost must not
// grow with them (docs/benchmarks.md). Written once per database.
import type { Database } from '../../src/server/db/client';
import { FIRST_NAMES, LAST_NAMES, LARGE_CLIENTS } from '../seed-large';

/** Seeds other businesses until they hold `clients` clients; answers how many they hold. */
export async function seedOtherClients(database: Database, largeBusinessId: number, clients: number): Promise<number> {
  const have = async () =>
    Number((await database.query<{ n: number }>('select count(*)::int as n from clients where business_id <> $1', [largeBusinessId]))[0].n);
  for (let done = await have(); done < clients; done = await have()) {
    const size = Math.min(LARGE_CLIENTS, clients - done);
    const [biz] = await database.query<{ id: number }>(
      `insert into businesses (name, email, password_hash, webhook_url) values ('Other Cleaning Co', $1, 'x', $1) returning id`,
      [`other-${done}-${Date.now()}@example.com`],
    );
    await database.query(
      `insert into clients (business_id, name, email, phone, referral_code, total_bookings, loyalty_score, last_booking)
       select $1::int, f.a[g % cardinality(f.a) + 1] || ' ' || l.a[(g / cardinality(f.a)) % cardinality(l.a) + 1],
         lower(f.a[g % cardinality(f.a) + 1] || '.' || l.a[(g / cardinality(f.a)) % cardinality(l.a) + 1]) || g || '@example.com',
         '+1555' || lpad((g % 10000000)::text, 7, '0'), 'o' || $1 || 'x' || g, g % 10, (g % 100) / 10.0, current_date - g % 730
       from generate_series(1, $2::int) g, (select $3::text[] as a) f, (select $4::text[] as a) l`,
      [biz.id, size, FIRST_NAMES, LAST_NAMES],
    );
    await database.query(
      `insert into leads (business_id, name, email, phone, source, status, created_at, updated_at)
       select $1::int, 'Lead ' || g || ' Smith', 'lead' || g || '@example.com', '+1737' || lpad((5000000 + g)::text, 7, '0'),
         'manual', 'new', now() - (g % 200) * interval '1 day', now()
       from generate_series(1, $2::int / 5) g`,
      [biz.id, size],
    );
  }
  await database.query('vacuum analyze clients, leads');
  return have();
}

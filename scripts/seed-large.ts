// npm run seed:large — a business with 50,000 clients and 500,000 completed bookings, for benchmarks.
// DATABASE_URL (PostgreSQL) or postgres://postgres@127.0.0.1:5432/test; prints the database and sign-in.
import { hash } from '@node-rs/argon2';
import { loadConfig } from '../src/server/config';
import { businesses } from '../src/server/db/schema';
import { recomputeClientStats } from '../src/server/features/clients/service';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import type { Database } from '../src/server/db/client';

export const LARGE_CLIENTS = 50_000;
export const LARGE_BOOKINGS = 500_000;

/** Inserts the large business into `database` with set-based SQL; returns its id. */
export async function seedLarge(database: Database, email = 'large@example.com', password = 'large-secret'): Promise<number> {
  const [biz] = await database.db
    .insert(businesses)
    .values({ name: 'Large Cleaning Co', email, passwordHash: await hash(password), webhookUrl: `large-${Date.now()}` })
    .returning({ id: businesses.id });
  const firstNames = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
  await database.query(
    `insert into clients (business_id, name, email, phone, referral_code, created_at)
     select $1::int, ($2::text[])[1 + i % 10] || ' Client' || i, 'client' || i || '@example.com',
       '+1555' || lpad((2000000 + i)::text, 7, '0'), 'LARGE' || $1::int || '-' || i,
       now() - (i % 400) * interval '1 day'
     from generate_series(1, $3::int) as i`,
    [biz.id, firstNames, LARGE_CLIENTS],
  );
  await database.query(
    `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
     select $1, c.id, current_date - ((g * 37 + c.id) % 730), 'Regular Clean', '120', 120, 'completed', 'demo', 'seed|' || g
     from clients c cross join generate_series(1, $2::int) as g
     where c.business_id = $1`,
    [biz.id, LARGE_BOOKINGS / LARGE_CLIENTS],
  );
  await database.query('analyze clients, bookings');
  await database.db.transaction((tx) => recomputeClientStats(tx, biz.id));
  // As autovacuum would: sets the visibility map, so deep pages are index-only scans (docs/read-model.md).
  await database.query('vacuum analyze clients, bookings');
  return biz.id;
}

async function main() {
  const fresh = await freshDatabase(loadConfig().databaseUrl ?? DEFAULT_URL, 'referloop_large', true);
  const started = performance.now();
  const id = await seedLarge(fresh.database);
  console.log(`seeded business ${id}: ${LARGE_CLIENTS} clients, ${LARGE_BOOKINGS} bookings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`database: ${fresh.url} (kept; sign in as large@example.com / large-secret with DATABASE_URL set to it)`);
  await fresh.close();
}

if (process.argv[1]?.endsWith('seed-large.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

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

const FIRST_NAMES = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy', 'Jacob', 'Amy', 'Gary', 'Kathleen', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma', 'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez'];

/** Inserts the large business into `database` with set-based SQL; returns its id. */
export async function seedLarge(database: Database, email = 'large@example.com', password = 'large-secret'): Promise<number> {
  const [biz] = await database.db
    .insert(businesses)
    .values({ name: 'Large Cleaning Co', email, passwordHash: await hash(password), webhookUrl: `large-${Date.now()}` })
    .returning({ id: businesses.id });
  // Names as a real client list has them (first and last names drawn from common US names), so a search for a
  // surname is as selective as it would be for an owner; the benchmark also times a substring most names share.
  await database.query(
    `insert into clients (business_id, name, email, phone, referral_code, created_at)
     select $1::int, f || ' ' || l, lower(f) || '.' || lower(l) || i || '@example.com',
       '+1555' || lpad((2000000 + i)::text, 7, '0'), 'LARGE' || $1::int || '-' || i,
       now() - (i % 400) * interval '1 day'
     from generate_series(1, $4::int) as i,
       lateral (select ($2::text[])[1 + i % cardinality($2::text[])] as f,
                       ($3::text[])[1 + (i / cardinality($2::text[])) % cardinality($3::text[])] as l) n`,
    [biz.id, FIRST_NAMES, LAST_NAMES, LARGE_CLIENTS],
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

// npm run seed:large — a business with 50,000 clients and 500,000 completed bookings, for benchmarks, uploaded
// through the API as an owner would.
// DATABASE_URL (PostgreSQL) or postgres://postgres@127.0.0.1:5432/test; prints the database and sign-in.
import { hash } from '@node-rs/argon2';
import { businesses } from '../src/server/db/schema';
import { buildApp } from '../src/server/app';
import { loadConfig, testConfig } from '../src/server/config';
import { SESSION_COOKIE } from '../src/server/platform/session';
import { ownerSession } from '../src/server/testing/factories';
import { memoryQueue } from '../src/server/platform/jobs/testing';
import { MemoryEmail } from '../src/server/testing/memory-email';
import { multipartBody } from '../src/server/testing/requests';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import type { Database } from '../src/server/db/client';

export const LARGE_CLIENTS = 50_000;
export const LARGE_BOOKINGS = 500_000;

export const FIRST_NAMES = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy', 'Jacob', 'Amy', 'Gary', 'Kathleen', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma', 'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha'];
export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez'];

const UPLOAD_ROWS = 50_000;
const TYPES = ['Regular Clean', 'Deep Clean', 'Move-out Clean'];
const DAY = 86_400_000;

/** Client i's booking g (1..10): up to two years back, spread so each client's ten dates differ. */
function exportPart(from: number, rows: number, today: number): string {
  const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type'];
  for (let k = from; k < from + rows; k += 1) {
    const i = (k % LARGE_CLIENTS) + 1;
    const g = Math.floor(k / LARGE_CLIENTS) + 1;
    const f = FIRST_NAMES[i % FIRST_NAMES.length];
    const l = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
    const date = new Date(today - ((g * 37 + i) % 730) * DAY).toISOString().slice(0, 10);
    const phone = `(555) ${String(200 + (i % 700)).padStart(3, '0')}-${String(i % 10000).padStart(4, '0')}`;
    lines.push(`${f} ${l},${f.toLowerCase()}.${l.toLowerCase()}${i}@example.com,${phone},${date},$${100 + (g % 5) * 10}.00,Completed,${TYPES[g % 3]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Creates the large business in `database` and records its clients and bookings as an owner would: the
 * booking tool's export uploaded through the API (`POST /api/upload/csv`), in parts under the 10 MB limit,
 * each part the next slice of the history (so the later parts are uploads into a business whose clients
 * exist). Answers its id.
 */
export async function seedLarge(database: Database, email = 'large@example.com', password = 'large-secret'): Promise<number> {
  const [biz] = await database.db
    .insert(businesses)
    .values({ name: 'Large Cleaning Co', email, passwordHash: await hash(password), webhookUrl: `large-${Date.now()}` })
    .returning({ id: businesses.id });
  const { token } = await ownerSession(database, biz.id);
  const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
  await app.ready();
  try {
    // Names as a real client list has them (first and last names drawn from common US names), so a search for a
    // surname is as selective as it would be for an owner; the benchmark also times a substring most names share.
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) - DAY;
    for (let from = 0; from < LARGE_BOOKINGS; from += UPLOAD_ROWS) {
      const { payload, contentType } = multipartBody('export.csv', exportPart(from, UPLOAD_ROWS, today));
      const res = await app.inject({
        method: 'POST',
        url: '/api/upload/csv',
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': contentType },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    }
  } finally {
    await app.close();
  }
  // The upload cannot date a client's creation: spread over 400 days, as a business's history would have it.
  await database.query(`update clients set created_at = now() - (id % 400) * interval '1 day' where business_id = $1`, [biz.id]);
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

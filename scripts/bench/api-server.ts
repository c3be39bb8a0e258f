// The app as `npm run bench:api` drives it, in a process of its own so the load generator does not share
// its event loop. Argument: a PostgreSQL URL holding the large business, or `pglite` (an in-memory
// embedded database, seeded here), then how many other businesses' clients to write beside it (default none).
// Prints one JSON line `{ port, cookie }` when it listens.
// The bare count route exists only here, never in the app.
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase, rowsOf } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { businessIdOf, requireAuth, SESSION_COOKIE } from '../../src/server/platform/session';
import { ownerSession } from '../../src/server/testing/factories';
import { MemoryEmail } from '../../src/server/testing/memory-email';
import { memoryQueue } from '../../src/server/platform/jobs/testing';
import { sql } from 'drizzle-orm';
import { seedLarge } from '../seed-large';
import { seedSmsMessages } from './api-sms';
import { seedReferrals } from './api-referrals';
import { seedLeads } from './api-leads';
import { seedOtherClients } from './api-other-clients';

const target = process.argv[2];
const database = target === 'pglite' ? await openDatabase({ dataDir: ':memory:' }) : await openDatabase({ databaseUrl: target, dataDir: '' });
await migrate(database);
if (target === 'pglite') await seedLarge(database);
const [biz] = await database.query<{ id: number }>(`select id from businesses where email = 'large@example.com'`);
const { token } = await ownerSession(database, biz.id);
// The SMS inbox's calls read the business's 100,000 texts (scripts/bench/api-sms.ts).
const smsMessages = await seedSmsMessages(database, biz.id);
console.error(`large business: ${smsMessages} texts`);
// The Referral Tracker's calls read its 5,000 referrals (scripts/bench/api-referrals.ts).
console.error(`large business: ${await seedReferrals(database, biz.id)} referrals`);
// The Lead Inbox's calls read its 20,000 leads (scripts/bench/api-leads.ts).
console.error(`large business: ${await seedLeads(database, biz.id)} leads`);
const others = Number(process.argv[3] ?? 0);
if (others > 0) console.error(`other businesses: ${await seedOtherClients(database, biz.id, others)} clients`);
// The kept figures' tables (filled by triggers while seeding) analysed and vacuumed, as autovacuum would do
// within minutes of a bulk load: their plans then read the few rows they need.
if (target !== 'pglite') await database.query('vacuum analyze');

const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
// The floor: one indexed count behind the same session check as every dashboard call.
await app.register(async (scope) => {
  scope.addHook('preHandler', requireAuth(database.db));
  scope.get('/api/bench/count', async (request) => {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from clients where business_id = ${businessIdOf(request)}`),
    );
    return { count: row.n };
  });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ port, cookie: `${SESSION_COOKIE}=${token}` }));

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});

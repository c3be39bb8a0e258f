import { hash } from '@node-rs/argon2';
import type { Database } from '../db/client';
import { businesses, businessNumbers, outreachSettings, people, smsRegistrations, type PersonRole } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../platform/session';
import { randomToken } from '../platform/tokens';

let seq = 0;

export type TestBusiness = { id: number; email: string; password: string; webhookToken: string; cookie: string; ownerId: number };

/** A business with a signed-in session, inserted directly (fast; no HTTP). */
export async function createBusiness(
  database: Database,
  overrides: Partial<typeof businesses.$inferInsert> & { password?: string } = {},
): Promise<TestBusiness> {
  seq += 1;
  const password = overrides.password ?? 'secret123';
  const email = (overrides.email ?? `owner${seq}-${randomToken(4)}@example.com`).toLowerCase();
  const webhookToken = overrides.webhookUrl ?? randomToken();
  const [row] = await database.db
    .insert(businesses)
    .values({
      name: `Test Cleaning ${seq}`,
      ownerName: 'Test Owner',
      businessType: 'cleaning',
      ...overrides,
      email,
      webhookUrl: webhookToken,
    })
    .returning({ id: businesses.id });
  const owner = await insertTestPerson(database, row.id, { email, password, role: 'owner', name: overrides.ownerName ?? 'Test Owner' });
  await database.db.insert(outreachSettings).values({ businessId: row.id });
  // The numbers it owns, as a purchase records them (inbound texts are routed by business_numbers).
  const numbers = new Set([overrides.selectedPhoneNumber, ...(overrides.twilioNumbers ?? [])].filter((n): n is string => !!n));
  if (numbers.size) {
    await database.db.insert(businessNumbers).values([...numbers].map((number) => ({ number, businessId: row.id })));
    // A test business with a number may text: its A2P registration is approved (docs/sms-registration.md).
    await approveRegistration(database, row.id);
  }
  const { token } = await createSession(database.db, { businessId: row.id, personId: owner });
  return { id: row.id, email, password, webhookToken, cookie: `${SESSION_COOKIE}=${token}`, ownerId: owner };
}

// A test person's password is hashed as the app hashes it (argon2id at its defaults), once per password per test
// process: a hash costs tens of milliseconds of CPU and the suite creates thousands of people, and a hash verifies
// whatever salt it was made with. The hashing itself is tested through sign-up, sign-in and the password change.
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hash(password)));
  return hashed;
};

async function insertTestPerson(database: Database, businessId: number, p: { email: string; password: string; role: PersonRole; name: string }): Promise<number> {
  const [row] = await database.db
    .insert(people)
    .values({ businessId, email: p.email, name: p.name, role: p.role, passwordHash: await passwordHash(p.password) })
    .returning({ id: people.id });
  return row.id;
}

export type TestPerson = { id: number; email: string; password: string; cookie: string };

/** Another person of the business, with the role, signed in (inserted directly). */
export async function createPerson(database: Database, businessId: number, role: PersonRole, overrides: { email?: string; name?: string } = {}): Promise<TestPerson> {
  seq += 1;
  const email = (overrides.email ?? `${role}${seq}-${randomToken(4)}@example.com`).toLowerCase();
  const password = 'secret123';
  const id = await insertTestPerson(database, businessId, { email, password, role, name: overrides.name ?? `Test ${role} ${seq}` });
  const { token } = await createSession(database.db, { businessId, personId: id });
  return { id, email, password, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * Lets the business text from `number` (its selected number, its registration approved) without claiming the
 * number for inbound routing, so several test businesses may send from one number.
 */
export async function setSendingNumber(database: Database, businessId: number, number: string) {
  await database.query('update businesses set selected_phone_number = $2 where id = $1', [businessId, number]);
  await approveRegistration(database, businessId);
}

/**
 * Marks the business's A2P registration approved, as a business using its own approved messaging service (one
 * per business: a service is one business's, docs/sms-registration.md "Ownership").
 */
export async function approveRegistration(database: Database, businessId: number) {
  const now = new Date();
  const approved = { mode: 'existing' as const, serviceSid: `MG${'f'.repeat(16)}${businessId.toString(16).padStart(16, '0')}`, profileStatus: 'approved' as const, brandStatus: 'approved' as const, campaignStatus: 'approved' as const, submittedAt: now, approvedAt: now };
  await database.db.insert(smsRegistrations).values({ businessId, ...approved }).onConflictDoUpdate({ target: smsRegistrations.businessId, set: approved });
}

/** Signs in as a new owner of a business made without one (seeds and benchmarks that insert businesses in SQL). */
export async function ownerSession(database: Database, businessId: number): Promise<{ token: string; cookie: string }> {
  const email = `owner-${businessId}-${randomToken(6)}@example.com`.toLowerCase();
  const personId = await insertTestPerson(database, businessId, { email, password: randomToken(), role: 'owner', name: 'Owner' });
  const { token } = await createSession(database.db, { businessId, personId });
  return { token, cookie: `${SESSION_COOKIE}=${token}` };
}

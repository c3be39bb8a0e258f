import { hash } from '@node-rs/argon2';
import type { Database } from '../db/client';
import { businesses, businessNumbers, outreachSettings, smsRegistrations } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../platform/session';
import { randomToken } from '../platform/tokens';

let seq = 0;

export type TestBusiness = { id: number; email: string; password: string; webhookToken: string; cookie: string };

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
      passwordHash: await hash(password),
    })
    .returning({ id: businesses.id });
  await database.db.insert(outreachSettings).values({ businessId: row.id });
  // The numbers it owns, as a purchase records them (inbound texts are routed by business_numbers).
  const numbers = new Set([overrides.selectedPhoneNumber, ...(overrides.twilioNumbers ?? [])].filter((n): n is string => !!n));
  if (numbers.size) {
    await database.db.insert(businessNumbers).values([...numbers].map((number) => ({ number, businessId: row.id })));
    // A test business with a number may text: its A2P registration is approved (docs/sms-registration.md).
    await approveRegistration(database, row.id);
  }
  const { token } = await createSession(database.db, row.id);
  return { id: row.id, email, password, webhookToken, cookie: `${SESSION_COOKIE}=${token}` };
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

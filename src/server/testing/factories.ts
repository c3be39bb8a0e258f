import { hash } from '@node-rs/argon2';
import type { Database } from '../db/client';
import { businesses, businessNumbers, outreachSettings } from '../db/schema';
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
  if (numbers.size) await database.db.insert(businessNumbers).values([...numbers].map((number) => ({ number, businessId: row.id })));
  const { token } = await createSession(database.db, row.id);
  return { id: row.id, email, password, webhookToken, cookie: `${SESSION_COOKIE}=${token}` };
}

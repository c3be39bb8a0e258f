import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { businesses, outreachSettings, passwordResetTokens } from '../../db/schema';
import { isSupportedTimeZone } from '../../../shared/schemas/business';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type NewOutreachSettings = typeof outreachSettings.$inferInsert;

export async function findBusinessById(db: Tx, id: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

/** Emails are stored lower-cased, so an exact match on the lower-cased input is case-insensitive. */
export async function findBusinessByEmail(db: Tx, email: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.email, email));
  return row;
}

/**
 * The zone when both this runtime's IANA list (Intl.supportedValuesOf, plus UTC) and PostgreSQL know it (schedules
 * compute "now() at time zone" in SQL), else undefined (the business keeps the default zone).
 */
export async function knownTimeZone(db: Tx, zone: string | undefined): Promise<string | undefined> {
  if (!zone || !isSupportedTimeZone(zone)) return undefined;
  const [row] = rowsOf<{ ok: boolean }>(await db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as ok`));
  return row?.ok ? zone : undefined;
}

export async function insertBusiness(db: Tx, values: NewBusiness): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row;
}

export async function insertOutreachSettings(db: Tx, values: NewOutreachSettings) {
  await db.insert(outreachSettings).values(values);
}

export async function insertResetToken(db: Tx, who: { businessId: number; personId: number }, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ businessId: who.businessId, personId: who.personId, token: tokenHash, expiresAt });
}

export async function deleteResetToken(db: Tx, tokenHash: string) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.token, tokenHash));
}

/** True when the token is unused and not expired. */
export async function isResetTokenUsable(db: Tx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.token, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
    );
  return Boolean(row);
}

/**
 * Marks the token used if it still may be, in one statement, so two concurrent resets with the same
 * token cannot both succeed. Answers the business it belongs to, or undefined.
 */
export async function consumeResetToken(db: Tx, tokenHash: string): Promise<{ id: number; businessId: number; personId: number } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordResetTokens.token, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
    )
    .returning({ id: passwordResetTokens.id, businessId: passwordResetTokens.businessId, personId: passwordResetTokens.personId });
  return row;
}

/** After a reset, the other links already e-mailed to that person stop working too. */
export async function retireOtherResetTokens(db: Tx, personId: number, keepId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.personId, personId), isNull(passwordResetTokens.usedAt), ne(passwordResetTokens.id, keepId)));
}

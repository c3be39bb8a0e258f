import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { businesses, outreachSettings, passwordResetTokens, rateLimits, smsNumberPacing } from '../../db/schema';
import { inTexts } from '../../db/sql-values';

// SQL of the business's own settings (docs/settings.md). Every statement names the business by the id
// the session gave (ARCHITECTURE.md, "Tenancy"); the one look past the tenant (is an e-mail taken?) answers only yes or no.

export async function selectTimeZone(tx: Tx, businessId: number): Promise<string | null> {
  const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  return row?.timeZone ?? null;
}

/** Whether PostgreSQL knows the zone too (schedules compute "now() at time zone" in SQL). */
export async function isKnownTimeZone(tx: Tx, zone: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as ok`));
  return Boolean(row?.ok);
}

/** Whether another business signs in with this e-mail (stored lower-cased). */
export async function isEmailTaken(tx: Tx, businessId: number, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.email, email), ne(businesses.id, businessId)))
    .limit(1);
  return Boolean(row);
}

export type ProfileChange = { name: string; email: string; websiteUrl?: string | null; timeZone?: string };

/**
 * Writes the profile; the current e-mail is returned as it was, so the caller knows whether it changed. RETURNING
 * answers the new row only, so the old e-mail comes from the same row locked and joined in, in one statement.
 */
export async function updateProfile(tx: Tx, businessId: number, p: ProfileChange): Promise<{ previousEmail: string } | null> {
  const [row] = rowsOf<Pick<typeof businesses.$inferSelect, 'email'>>(
    await tx.execute(sql`
      update businesses b set name = ${p.name}, email = ${p.email},
        website_url = ${p.websiteUrl === undefined ? sql`b.website_url` : sql`${p.websiteUrl}`},
        time_zone = ${p.timeZone === undefined ? sql`b.time_zone` : sql`${p.timeZone}`}
      from (select id, email from businesses where id = ${businessId} for update) old
      where b.id = old.id
      returning old.email`),
  );
  return row ? { previousEmail: row.email } : null;
}

/** A reset link mailed to the old address must not reset the account once the e-mail changed. */
export async function deleteResetTokens(tx: Tx, businessId: number) {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.businessId, businessId));
}

/**
 * The one stored review link: businesses.google_review_link, and the outreach settings' copy (which the
 * SMS renderer reads first) set to the same value, so both settings paths agree.
 */
export async function setGoogleReviewLink(tx: Tx, businessId: number, link: string | null): Promise<boolean> {
  const updated = await tx.update(businesses).set({ googleReviewLink: link }).where(eq(businesses.id, businessId)).returning({ id: businesses.id });
  if (updated.length === 0) return false;
  await tx
    .update(outreachSettings)
    .set({ googleReviewLink: link, updatedAt: sql`now()` })
    .where(eq(outreachSettings.businessId, businessId));
  return true;
}

export async function setWebhookToken(tx: Tx, businessId: number, token: string): Promise<boolean> {
  const rows = await tx.update(businesses).set({ webhookUrl: token }).where(eq(businesses.id, businessId)).returning({ id: businesses.id });
  return rows.length > 0;
}

export type DeletedBusiness = { email: string; twilioSid: string | null; numbers: string[] };

/**
 * Deletes the business and everything it owns, in the caller's transaction: every tenant table (sessions,
 * reset tokens and outreach settings included) cascades from businesses; what is keyed by its numbers,
 * e-mail or id rather than by a foreign key goes here too (the per-number send pacing, its rate-limit
 * counters). Returns what the caller still has to give back at the provider.
 */
type DeletedBusinessRow = { email: string; twilio_sid: string | null; numbers: string[] | null };

export async function deleteBusiness(tx: Tx, businessId: number): Promise<DeletedBusiness | null> {
  const [row] = rowsOf<DeletedBusinessRow>(
    await tx.execute(sql`
      select email, twilio_sid,
        (select coalesce(jsonb_agg(distinct n), '[]'::jsonb) from (
          select selected_phone_number as n where selected_phone_number is not null
          union select jsonb_array_elements_text(coalesce(twilio_numbers, '[]'::jsonb))
          union select o.twilio_phone from outreach_settings o where o.business_id = ${businessId} and o.twilio_phone is not null
          union select bn.number from business_numbers bn where bn.business_id = ${businessId}
        ) ns) as numbers
      from businesses where id = ${businessId} for update`),
  );
  if (!row) return null;
  const numbers = row.numbers ?? [];
  if (numbers.length) {
    await tx.delete(smsNumberPacing).where(inTexts(smsNumberPacing.number, numbers));
  }
  await tx
    .delete(rateLimits)
    .where(
      or(
        inArray(rateLimits.key, [`login:email:${row.email}`, `forgot:email:${row.email}`]),
        like(rateLimits.key, `referral-claim-day:business-ip:${businessId}:%`),
      ),
    );
  await tx.delete(businesses).where(eq(businesses.id, businessId));
  return { email: row.email, twilioSid: row.twilio_sid, numbers };
}

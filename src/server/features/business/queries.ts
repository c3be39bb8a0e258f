import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';

// SQL of the business's own settings (docs/settings.md). Every statement names the business by the id
// the session gave (ARCHITECTURE.md, "Tenancy"); the one look past the tenant (is an e-mail taken?) answers only yes or no.

export async function selectTimeZone(tx: Tx, businessId: number): Promise<string | null> {
  const [row] = rowsOf<{ time_zone: string }>(await tx.execute(sql`select time_zone from businesses where id = ${businessId}`));
  return row?.time_zone ?? null;
}

/** Whether PostgreSQL knows the zone too (schedules compute "now() at time zone" in SQL). */
export async function isKnownTimeZone(tx: Tx, zone: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as ok`));
  return Boolean(row?.ok);
}

/** Whether another business signs in with this e-mail (stored lower-cased). */
export async function isEmailTaken(tx: Tx, businessId: number, email: string): Promise<boolean> {
  const [row] = rowsOf<{ taken: boolean }>(
    await tx.execute(sql`select exists (select 1 from businesses where email = ${email} and id <> ${businessId}) as taken`),
  );
  return Boolean(row?.taken);
}

export type ProfileChange = { name: string; email: string; websiteUrl?: string | null; timeZone?: string };

/** Writes the profile; the current e-mail is returned as it was, so the caller knows whether it changed. */
export async function updateProfile(tx: Tx, businessId: number, p: ProfileChange): Promise<{ previousEmail: string } | null> {
  const [row] = rowsOf<{ previous_email: string }>(
    await tx.execute(sql`
      update businesses b set name = ${p.name}, email = ${p.email},
        website_url = ${p.websiteUrl === undefined ? sql`b.website_url` : sql`${p.websiteUrl}`},
        time_zone = ${p.timeZone === undefined ? sql`b.time_zone` : sql`${p.timeZone}`}
      from (select id, email from businesses where id = ${businessId} for update) old
      where b.id = old.id
      returning old.email as previous_email`),
  );
  return row ? { previousEmail: row.previous_email } : null;
}

/** A reset link mailed to the old address must not reset the account once the e-mail changed. */
export async function deleteResetTokens(tx: Tx, businessId: number) {
  await tx.execute(sql`delete from password_reset_tokens where business_id = ${businessId}`);
}

/**
 * The one stored review link: businesses.google_review_link, and the outreach settings' copy (which the
 * SMS renderer reads first) set to the same value, so both settings paths agree.
 */
export async function setGoogleReviewLink(tx: Tx, businessId: number, link: string | null): Promise<boolean> {
  const updated = rowsOf<{ id: number }>(await tx.execute(sql`update businesses set google_review_link = ${link} where id = ${businessId} returning id`));
  if (updated.length === 0) return false;
  await tx.execute(sql`update outreach_settings set google_review_link = ${link}, updated_at = now() where business_id = ${businessId}`);
  return true;
}

export async function setWebhookToken(tx: Tx, businessId: number, token: string): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`update businesses set webhook_url = ${token} where id = ${businessId} returning id`));
  return rows.length > 0;
}

export type DeletedBusiness = { email: string; twilioSid: string | null; numbers: string[] };

/**
 * Deletes the business and everything it owns, in the caller's transaction: every tenant table (sessions,
 * reset tokens and outreach settings included) cascades from businesses; what is keyed by its numbers,
 * e-mail or id rather than by a foreign key goes here too (the per-number send pacing, its rate-limit
 * counters). Returns what the caller still has to give back at the provider.
 */
export async function deleteBusiness(tx: Tx, businessId: number): Promise<DeletedBusiness | null> {
  const [row] = rowsOf<{ email: string; twilio_sid: string | null; numbers: string[] | null }>(
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
    await tx.execute(sql`delete from sms_number_pacing where number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`);
  }
  await tx.execute(sql`delete from rate_limits where key in (${`login:email:${row.email}`}, ${`forgot:email:${row.email}`})
    or key like ${`referral-claim-day:business-ip:${businessId}:%`}`);
  await tx.execute(sql`delete from businesses where id = ${businessId}`);
  return { email: row.email, twilioSid: row.twilio_sid, numbers };
}

import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { businesses, clients, referrals } from '../../../db/schema';
import { intArray } from '../../../db/sql-values';
import { sendingNumber } from '../../../db/sending-number';

// SQL of the automations. Per-business reads filter by business_id; the follow-up scan is the one read
// across businesses (a scheduled job), and returns each row with its business.

/** Today in the business's time zone ('YYYY-MM-DD'), and the date `daysBack` before it. */
export async function selectToday(tx: Tx, businessId: number, daysBack: number): Promise<{ today: string; from: string } | null> {
  const localToday = sql`(now() at time zone ${businesses.timeZone})::date`;
  const [row] = await tx
    .select({
      today: sql<string>`to_char(${localToday}, 'YYYY-MM-DD')`,
      from: sql<string>`to_char(${localToday} - ${daysBack}::int, 'YYYY-MM-DD')`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

export async function selectClientPhones(tx: Tx, businessId: number, ids: number[]): Promise<{ id: number; phone: string | null }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: clients.id, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), sql`${clients.id} = any(${intArray(ids)})`));
}

export type DueReferral = {
  id: number;
  businessId: number;
  refereeName: string;
  refereePhone: string;
  referrerCode: string;
  template: string | null;
};

/** The follow-up window: referrals made between minDays and maxDays ago; one business's when businessId is set. */
export type FollowUpWindow = { minDays: number; maxDays: number; limit: number; businessId?: number };
const ofBusiness = (opts: FollowUpWindow) => (opts.businessId === undefined ? sql`` : sql` and r.business_id = ${opts.businessId}`);

/**
 * The businesses that may have a follow-up due (text or e-mail): pending referrals in the window, not followed
 * up, the automation on. A superset: each business's own job applies the rest (follow-ups.ts). Read by the
 * pending-referrals index (created_at where not converted).
 */
export async function selectFollowUpBusinesses(tx: Tx, now: Date, opts: FollowUpWindow): Promise<number[]> {
  const at = now.toISOString();
  const rows = rowsOf<Pick<typeof referrals.$inferSelect, 'businessId'>>(
    await tx.execute(sql`
      select distinct r.business_id as "businessId"
      from referrals r
      left join outreach_settings o on o.business_id = r.business_id
      where not r.converted and r.last_reminder_at is null
        and r.created_at <= ${at}::timestamptz - ${opts.minDays} * interval '1 day'
        and r.created_at > ${at}::timestamptz - ${opts.maxDays} * interval '1 day'
        and coalesce((o.auto_message_settings->>'autoSendFollowUp')::boolean, true)
      order by 1`),
  );
  return rows.map((r) => r.businessId);
}

/**
 * Referrals still pending `minDays` after they were made (and made within `maxDays`), with the referee's
 * phone, of businesses with a number and the follow-up automation on, that no follow-up was queued for yet
 * and the owner has not followed up by hand; the friend is not a client of the business already. Read
 * through referrals_pending_created_idx.
 */
export async function selectDueReferrals(tx: Tx, now: Date, opts: FollowUpWindow): Promise<DueReferral[]> {
  const at = now.toISOString();
  return rowsOf<DueReferral>(
    await tx.execute(sql`
      select r.id, r.business_id as "businessId", r.referee_name as "refereeName", r.referee_phone as "refereePhone",
        r.referrer_code as "referrerCode", o.custom_messages->>'followUp' as template
      from referrals r
      join businesses b on b.id = r.business_id
      left join outreach_settings o on o.business_id = r.business_id
      where not r.converted and r.referee_phone is not null
        -- Only a friend who ticked the claim page's text consent (docs/referrals.md).
        and r.sms_consent_at is not null
        and r.created_at <= ${at}::timestamptz - ${opts.minDays} * interval '1 day'
        and r.created_at > ${at}::timestamptz - ${opts.maxDays} * interval '1 day'
        and r.last_reminder_at is null${ofBusiness(opts)}
        and coalesce((o.auto_message_settings->>'autoSendFollowUp')::boolean, true)
        and ${sendingNumber('b', 'o')} is not null
        and not exists (select 1 from sms_outbox x where x.business_id = r.business_id and x.key = 'follow-up:referral:' || r.id)
        and not exists (select 1 from clients c where c.business_id = r.business_id and c.phone = r.referee_phone)
      order by r.created_at, r.id
      limit ${opts.limit}`),
  );
}

/**
 * Referrals due for the follow-up by e-mail: as selectDueReferrals (pending, 3 to 7 days old, not followed up,
 * the automation on, the friend no client yet by phone or e-mail), for a friend who gave an e-mail and cannot
 * be texted: no text consent from the claim page, or no phone. No SMS number is needed. Only ids: the job
 * reads the rest when it sends.
 */
export async function selectDueEmailReferrals(tx: Tx, now: Date, opts: FollowUpWindow) {
  const at = now.toISOString();
  return rowsOf<Pick<typeof referrals.$inferSelect, 'id' | 'businessId'>>(
    await tx.execute(sql`
      select r.id, r.business_id as "businessId"
      from referrals r
      left join outreach_settings o on o.business_id = r.business_id
      where not r.converted and nullif(trim(r.referee_email), '') is not null
        and (r.sms_consent_at is null or r.referee_phone is null)
        and r.created_at <= ${at}::timestamptz - ${opts.minDays} * interval '1 day'
        and r.created_at > ${at}::timestamptz - ${opts.maxDays} * interval '1 day'
        and r.last_reminder_at is null${ofBusiness(opts)}
        and coalesce((o.auto_message_settings->>'autoSendFollowUp')::boolean, true)
        and not exists (select 1 from clients c where c.business_id = r.business_id and c.phone = r.referee_phone)
        and not exists (select 1 from clients c where c.business_id = r.business_id and c.email is not null
          and lower(c.email) = lower(trim(r.referee_email)))
      order by r.created_at, r.id
      limit ${opts.limit}`),
  );
}

export type EmailFollowUp = {
  refereeName: string;
  refereeEmail: string;
  referrerCode: string;
  businessName: string;
  businessEmail: string | null;
  referralDiscount: string | null;
  googleReviewLink: string | null;
  template: string | null;
};

/**
 * Claims a referral's e-mail follow-up: stamps last_reminder_at now if the referral is still pending, not
 * followed up, the friend still cannot be texted and the automation is on, and answers what the e-mail needs. Null: nothing to send.
 */
export async function claimEmailFollowUp(tx: Tx, businessId: number, referralId: number): Promise<EmailFollowUp | null> {
  const [row] = rowsOf<EmailFollowUp>(
    await tx.execute(sql`
      with claimed as (
        update referrals set last_reminder_at = now()
        where business_id = ${businessId} and id = ${referralId} and not converted and last_reminder_at is null
          and nullif(trim(referee_email), '') is not null and (sms_consent_at is null or referee_phone is null)
          and coalesce((select (auto_message_settings->>'autoSendFollowUp')::boolean from outreach_settings where business_id = ${businessId}), true)
        returning referee_name, referee_email, referrer_code)
      select c.referee_name as "refereeName", trim(c.referee_email) as "refereeEmail", c.referrer_code as "referrerCode",
        b.name as "businessName", b.email as "businessEmail", o.referral_discount as "referralDiscount",
        coalesce(o.google_review_link, b.google_review_link) as "googleReviewLink", o.custom_messages->>'followUp' as template
      from claimed c join businesses b on b.id = ${businessId} left join outreach_settings o on o.business_id = b.id`),
  );
  return row ?? null;
}

/** Gives the claim back (the e-mail was not sent): the referral can be followed up again. */
export async function releaseEmailFollowUp(tx: Tx, businessId: number, referralId: number): Promise<void> {
  await tx
    .update(referrals)
    .set({ lastReminderAt: null })
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, referralId)));
}

import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';
import { sameInboxEmail, sameInboxEmailSql } from './same-person-email';

// SQL of the public claim. The business is the referral code's (codes are unique across businesses); every
// statement after that lookup filters by that business_id (ARCHITECTURE.md, "Tenancy").

export type ReferrerRow = {
  clientId: number;
  name: string;
  email: string | null;
  phone: string | null;
  referralCode: string;
  businessId: number;
  businessName: string;
  businessType: string | null;
  referralDiscount: string;
};

/** The client whose code it is, with the business and its reward. Codes are upper case; links may not be. */
export async function selectReferrer(db: Tx, code: string): Promise<ReferrerRow | null> {
  const [row] = rowsOf<ReferrerRow>(
    await db.execute(sql`select c.id as "clientId", c.name, c.email, c.phone, c.referral_code as "referralCode",
        b.id as "businessId", b.name as "businessName", b.business_type as "businessType",
        coalesce(nullif(trim(o.referral_discount), ''), ${DEFAULT_REFERRAL_DISCOUNT}) as "referralDiscount"
      from clients c
      join businesses b on b.id = c.business_id
      left join outreach_settings o on o.business_id = c.business_id
      where c.referral_code in (${code}, upper(${code}))
      order by c.referral_code = ${code} desc
      limit 1`),
  );
  return row ?? null;
}

/** Claims for one business run one at a time, so the same friend claiming twice at once is still one referral. */
export async function lockClaims(tx: Tx, businessId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral-claim'), ${businessId}::int)`);
}

/**
 * A client of the business with this person's e-mail (same inbox: case, +tag, Gmail dots) or phone. The e-mail
 * form is computed per row of the business (no index has it): a claim is rare and rate-limited, and an index
 * for it would slow every import.
 */
export async function selectClientMatching(tx: Tx, businessId: number, email: string, phone: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`select 1 from clients
      where business_id = ${businessId} and (phone = ${phone} or (email is not null and ${sameInboxEmailSql(sql`email`)} = ${sameInboxEmail(email)})) limit 1`),
  );
  return rows.length > 0;
}

/** The first referral of this friend (same inbox e-mail, or phone E.164): its referrer keeps the credit. */
export async function selectReferralMatching(tx: Tx, businessId: number, email: string, phone: string) {
  const [row] = rowsOf<{ id: number; referrerCode: string }>(
    await tx.execute(sql`select id, referrer_code as "referrerCode" from referrals
      where business_id = ${businessId}
        and (referee_phone = ${phone} or (referee_email is not null and ${sameInboxEmailSql(sql`referee_email`)} = ${sameInboxEmail(email)}))
      order by created_at, id limit 1`),
  );
  return row ?? null;
}

export type NewClaim = {
  businessId: number;
  referrer: { clientId: number; name: string; referralCode: string };
  name: string;
  email: string;
  phone: string;
  flagReason: string | null;
  /** The consent box was ticked: the words shown and where from, kept as the consent record. */
  consent: { text: string; ip: string } | null;
};

export async function insertReferral(tx: Tx, c: NewClaim): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, referee_phone, flagged, flag_reason,
        sms_consent_at, sms_consent_text, sms_consent_ip)
      values (${c.businessId}, ${c.referrer.referralCode}, ${c.referrer.clientId}, ${c.name}, ${c.email}, ${c.phone}, ${c.flagReason !== null}, ${c.flagReason},
        ${c.consent ? sql`now()` : null}, ${c.consent?.text ?? null}, ${c.consent?.ip ?? null})
      returning id`),
  );
  return row.id;
}

export async function insertLead(tx: Tx, c: NewClaim): Promise<number> {
  const notes = c.flagReason ? `Flagged for review: ${c.flagReason}` : null;
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into leads (business_id, name, email, phone, source, referrer_code, referrer_name, notes)
      values (${c.businessId}, ${c.name}, ${c.email}, ${c.phone}, 'referral', ${c.referrer.referralCode}, ${c.referrer.name}, ${notes})
      returning id`),
  );
  return row.id;
}

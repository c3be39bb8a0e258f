import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, clients, leads, outreachSettings, referrals } from '../../db/schema';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';
import { sameInboxEmail, sameInboxEmailSql } from './same-person-email';

// SQL of the public claim. The business is the referral code's (codes are unique across businesses); every
// statement after that lookup filters by that business_id (ARCHITECTURE.md, "Tenancy").

/** The client whose code it is, with the business and its reward. Codes are upper case; links may not be. */
export async function selectReferrer(db: Tx, code: string) {
  const [row] = await db
    .select({
      clientId: clients.id,
      name: clients.name,
      email: clients.email,
      phone: clients.phone,
      referralCode: clients.referralCode,
      businessId: businesses.id,
      businessName: businesses.name,
      businessType: businesses.businessType,
      referralDiscount: sql<string>`coalesce(nullif(trim(${outreachSettings.referralDiscount}), ''), ${DEFAULT_REFERRAL_DISCOUNT})`,
      referrerReward: sql<string | null>`nullif(trim(${outreachSettings.referrerReward}), '')`,
    })
    .from(clients)
    .innerJoin(businesses, eq(businesses.id, clients.businessId))
    .leftJoin(outreachSettings, eq(outreachSettings.businessId, clients.businessId))
    .where(or(eq(clients.referralCode, code), eq(clients.referralCode, sql`upper(${code})`)))
    // The code as written first, then its upper-case form.
    .orderBy(sql`${clients.referralCode} = ${code} desc`)
    .limit(1);
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
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.businessId, businessId),
        or(eq(clients.phone, phone), and(isNotNull(clients.email), sql`${sameInboxEmailSql(clients.email)} = ${sameInboxEmail(email)}`)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The first referral of this friend (same inbox e-mail, or phone E.164): its referrer keeps the credit. */
export async function selectReferralMatching(tx: Tx, businessId: number, email: string, phone: string) {
  const [row] = await tx
    .select({ id: referrals.id, referrerCode: referrals.referrerCode })
    .from(referrals)
    .where(
      and(
        eq(referrals.businessId, businessId),
        or(
          eq(referrals.refereePhone, phone),
          and(isNotNull(referrals.refereeEmail), sql`${sameInboxEmailSql(referrals.refereeEmail)} = ${sameInboxEmail(email)}`),
        ),
      ),
    )
    .orderBy(asc(referrals.createdAt), asc(referrals.id))
    .limit(1);
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
  const [row] = await tx
    .insert(referrals)
    .values({
      businessId: c.businessId,
      referrerCode: c.referrer.referralCode,
      referrerClientId: c.referrer.clientId,
      refereeName: c.name,
      refereeEmail: c.email,
      refereePhone: c.phone,
      flagged: c.flagReason !== null,
      flagReason: c.flagReason,
      smsConsentAt: c.consent ? sql`now()` : null,
      smsConsentText: c.consent?.text ?? null,
      smsConsentIp: c.consent?.ip ?? null,
    })
    .returning({ id: referrals.id });
  return row.id;
}

export async function insertLead(tx: Tx, c: NewClaim): Promise<number> {
  const notes = c.flagReason ? `Flagged for review: ${c.flagReason}` : null;
  const [row] = await tx
    .insert(leads)
    .values({
      businessId: c.businessId,
      name: c.name,
      email: c.email,
      phone: c.phone,
      source: 'referral',
      referrerCode: c.referrer.referralCode,
      referrerName: c.referrer.name,
      notes,
    })
    .returning({ id: leads.id });
  return row.id;
}

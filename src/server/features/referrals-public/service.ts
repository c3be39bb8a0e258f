import type { Database } from '../../db/client';
import { HttpError } from '../../platform/errors';
import * as counters from '../../platform/rate-limit-counters';
import { normalizePhone } from '../../../shared/phone';
import type { PublicReferral, ReferralClaimReply } from '../../../shared/schemas/referrals-public';
import * as texts from '../../../shared/schemas/referrals-public-texts';
import { recordActivity } from '../activity-log/service';
import { CLAIMS_PER_IP, FLAG_AFTER_PER_IP } from './limits';
import * as q from './queries';
import { sameInboxEmail } from './same-person-email';

// The public claim (docs/referrals.md "Public claim"): a friend opens a client's link, sees the offer and
// leaves their details; the business gets a pending referral, a lead and a line in its activity feed.

/** 'Alice Mendez' -> 'Alice M.'; a one-word name stays as it is. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const initial = Array.from(words[words.length - 1])[0].toUpperCase();
  return `${words[0]} ${initial}.`;
}

const serviceWordOf = (businessType: string | null) => (businessType === 'cleaning' ? 'cleaning' : 'service');

async function referrerOf(database: Database, code: string) {
  const referrer = code.trim() ? await q.selectReferrer(database.db, code.trim()) : null;
  if (!referrer) throw new HttpError(404, texts.INVALID_REFERRAL_LINK);
  return referrer;
}

export async function lookUpReferral(database: Database, code: string): Promise<PublicReferral> {
  const r = await referrerOf(database, code);
  return {
    referrerName: shortName(r.name),
    businessId: r.businessId,
    businessName: r.businessName,
    referralDiscount: r.referralDiscount,
    referrerReward: r.referrerReward,
    serviceWord: serviceWordOf(r.businessType),
  };
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
};

export type ClaimInput = { referralCode: string; name: string; email: string; phone: string; businessId: number; smsConsent?: boolean };

export async function claimReferral(database: Database, input: ClaimInput, ip: string): Promise<ReferralClaimReply> {
  // Counted before anything is checked and outside the claim's transaction: refused attempts count too, so
  // the refusals cannot be used to test addresses against the client list at speed.
  const attempt = await counters.hit(database.db, CLAIMS_PER_IP, ip);
  if (attempt.limited) {
    const minutes = counters.minutesUntil(attempt.resetAt);
    throw new HttpError(429, `Too many referral claims from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const referrer = await referrerOf(database, input.referralCode);
  if (input.businessId !== referrer.businessId) throw new HttpError(400, texts.WRONG_BUSINESS);
  const phone = normalizePhone(input.phone);
  if (!phone) throw new HttpError(400, texts.INVALID_CLAIM_PHONE);
  const email = input.email.trim();
  const name = input.name.trim().replace(/\s+/g, ' ');
  const businessId = referrer.businessId;

  const sameEmail = referrer.email !== null && sameInboxEmail(referrer.email) === sameInboxEmail(email);
  if (sameEmail || (referrer.phone !== null && referrer.phone === phone)) throw new HttpError(400, texts.OWN_REFERRAL);

  return database.db.transaction(async (tx) => {
    await q.lockClaims(tx, businessId);
    if (await q.selectClientMatching(tx, businessId, email, phone)) throw new HttpError(409, texts.alreadyClient(referrer.businessName));
    const earlier = await q.selectReferralMatching(tx, businessId, email, phone);
    const reply = { businessName: referrer.businessName, referralDiscount: referrer.referralDiscount };
    if (earlier) {
      // The first referrer keeps the credit; the same link sent twice (a double tap) is the same claim.
      if (earlier.referrerCode === referrer.referralCode) return { status: 'existing' as const, referralId: earlier.id, ...reply };
      throw new HttpError(409, texts.alreadyReferred(referrer.businessName));
    }
    const burst = await counters.hit(tx, FLAG_AFTER_PER_IP, `${businessId}:${ip}`);
    const flagReason = burst.limited ? `${ordinal(burst.count)} claim from the same internet address within 24 hours` : null;
    const claim: q.NewClaim = {
      businessId,
      referrer: { clientId: referrer.clientId, name: referrer.name, referralCode: referrer.referralCode },
      name,
      email,
      phone,
      flagReason,
      consent: input.smsConsent ? { text: `${texts.claimConsentText(referrer.businessName)} ${texts.SMS_COMPLIANCE}`, ip } : null,
    };
    const referralId = await q.insertReferral(tx, claim);
    const leadId = await q.insertLead(tx, claim);
    const line = `${name} claimed ${referrer.name}'s referral reward`;
    await recordActivity(tx, businessId, 'referral_claimed', flagReason ? `${line} (flagged for review: ${flagReason})` : line, {
      referral_id: referralId,
      lead_id: leadId,
      client_id: referrer.clientId,
      client_name: referrer.name,
      phone_number: phone,
      flagged: flagReason !== null,
      flag_reason: flagReason,
    });
    return { status: 'created' as const, referralId, ...reply };
  });
}

import type { Database } from '../../db/client';
import { referralRewards, referrals } from '../../db/schema';
import { normalizePhone } from '../../../shared/phone';

// Helpers of the owner-side referral tests: clients through the API, referrals and rewards written directly
// (the claim and conversion rules are other features'), times exact.

const DAY = 86_400_000;

export { addClient } from '../../testing/clients';

export type ReferralSeed = {
  referrer: { id: number; referralCode: string } | null;
  refereeName: string;
  refereeEmail?: string | null;
  refereePhone?: string | null;
  daysAgo?: number;
  convertedDaysAgo?: number | null;
  reward?: { amount: string; given?: boolean } | null;
  lastReminderHoursAgo?: number | null;
  referrerCode?: string;
  flagReason?: string;
  /** The friend ticked the claim page's text consent (the default). */
  smsConsent?: boolean;
};

export async function addReferral(database: Database, businessId: number, seed: ReferralSeed): Promise<number> {
  const now = Date.now();
  const converted = seed.convertedDaysAgo != null;
  const [row] = await database.db
    .insert(referrals)
    .values({
      businessId,
      referrerCode: seed.referrerCode ?? seed.referrer?.referralCode ?? 'GONE-CODE',
      referrerClientId: seed.referrer?.id ?? null,
      refereeName: seed.refereeName,
      refereeEmail: seed.refereeEmail ?? null,
      // Stored as the claim page stores it: E.164 when valid.
      refereePhone: seed.refereePhone ? (normalizePhone(seed.refereePhone) ?? seed.refereePhone) : null,
      converted,
      convertedAt: converted ? new Date(now - seed.convertedDaysAgo! * DAY) : null,
      flagged: seed.flagReason != null,
      flagReason: seed.flagReason ?? null,
      lastReminderAt: seed.lastReminderHoursAgo != null ? new Date(now - seed.lastReminderHoursAgo * 3_600_000) : null,
      createdAt: new Date(now - (seed.daysAgo ?? 0) * DAY - 60_000),
      smsConsentAt: seed.smsConsent === false ? null : new Date(now - (seed.daysAgo ?? 0) * DAY - 60_000),
      smsConsentText: seed.smsConsent === false ? null : 'Text me about my reward.',
    })
    .returning({ id: referrals.id });
  if (seed.reward) {
    await database.db.insert(referralRewards).values({
      businessId,
      referralId: row.id,
      rewardAmount: seed.reward.amount,
      rewardGiven: seed.reward.given ?? false,
      markedAt: seed.reward.given ? new Date(now - DAY) : null,
    });
  }
  return row.id;
}

export async function count(database: Database, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  const [r] = await database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values);
  return Number(r.n);
}

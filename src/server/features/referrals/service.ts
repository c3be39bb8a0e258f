import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { normalizePhone } from '../../../shared/phone';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';
import {
  REFERRAL_NOT_FOUND,
  REMINDER_ALREADY_CONVERTED,
  REMINDER_NO_CONSENT,
  REMINDER_NO_PHONE,
  REWARD_NOT_EARNED,
  type PendingReferralsResponse,
  type ReferralPage,
  type ReferralReward,
  type REFERRAL_SORTS,
  type REFERRAL_STATUSES,
} from '../../../shared/schemas/referrals';
import { consentOfPhones, getOutreachSettings, sendOrSchedule, type TapContext, type TapResult } from '../sms/service';
import { firstName, referralLink, renderMessage } from '../../../shared/sms-template';
import { referralsCsv } from './export-csv';
import * as q from './queries';

// The owner's side of referrals (docs/referrals.md, "Owner side").

/** A friend gets at most one reminder (by hand or the automatic follow-up) per this many hours. */
export const REMINDER_GAP_HOURS = 24;

export async function listReferrals(
  db: Tx,
  businessId: number,
  opts: { page: number; pageSize: number; status: (typeof REFERRAL_STATUSES)[number]; sort: (typeof REFERRAL_SORTS)[number]; search?: string },
): Promise<ReferralPage> {
  const { summary, ...found } = await q.selectReferralPage(db, businessId, { ...opts, limit: opts.pageSize, offset: (opts.page - 1) * opts.pageSize });
  // Whether each friend may be texted: the send service's own rule (docs/sms.md, "Consent to text").
  const agreed = await consentOfPhones(db, businessId, found.referrals.map((r) => r.refereePhone));
  return { ...found, referrals: found.referrals.map((r, i) => ({ ...r, agreedToTexts: agreed[i] })), page: opts.page, pageSize: opts.pageSize, summary };
}

export async function exportReferralsCsv(db: Tx, businessId: number): Promise<string> {
  return referralsCsv(await q.selectAllReferrals(db, businessId));
}

/**
 * Texts the referred friend the business's follow-up template. The friend is no client, so {clientName}
 * is their first name and {referralCode}/{referralLink} the referrer's (as the automatic follow-up fills
 * them); the send service fills the rest and refuses what it must (no number, opted out...).
 */
export async function sendReminder(ctx: TapContext, businessId: number, referralId: number): Promise<TapResult & { lastReminderAt: Date }> {
  const db = ctx.database.db;
  const referral = await q.selectReminderTarget(db, businessId, referralId);
  if (!referral) throw new HttpError(404, REFERRAL_NOT_FOUND);
  if (referral.converted) throw new HttpError(409, REMINDER_ALREADY_CONVERTED);
  if (!referral.refereePhone) throw new HttpError(400, REMINDER_NO_PHONE);
  const to = normalizePhone(referral.refereePhone);
  if (!to) throw new HttpError(400, `${referral.refereeName}'s phone number (${referral.refereePhone}) is not a valid mobile number, so no reminder can be texted`);
  // The friend's consent is the phone's, as the send service reads it (a claim opt-in, a booking, a form opt-in).
  if (!(await consentOfPhones(db, businessId, [to]))[0]) throw new HttpError(409, REMINDER_NO_CONSENT);

  const settings = await getOutreachSettings(db, businessId);
  const template = settings.customMessages.followUp?.trim() ? settings.customMessages.followUp : DEFAULT_CUSTOM_MESSAGES.followUp;
  const body = renderMessage(template, {
    clientName: firstName(referral.refereeName),
    referralCode: referral.referrerCode,
    referralLink: referralLink(ctx.send.origin, referral.referrerCode),
  }).text;

  // Once a day (the claim), taken only once this tap holds the send's key: a second tap of the same follow-up
  // moments later answers the first one's result instead of "already reminded" (docs/referrals.md).
  let claimed: Date | null = null;
  try {
    // At a closed hour for the friend it waits for their hours; the claim above holds meanwhile (docs/referrals.md).
    const result = await sendOrSchedule(ctx, {
      businessId,
      referralId,
      to,
      name: referral.refereeName,
      body,
      messageType: 'followUp',
      ownerTap: true,
      beforeSend: async () => {
        claimed = await q.claimReminder(db, businessId, referralId, referral.lastReminderAt, REMINDER_GAP_HOURS);
        if (!claimed) {
          throw new HttpError(409, `${referral.refereeName} was already reminded in the last ${REMINDER_GAP_HOURS} hours, so no text was sent. Try again tomorrow.`);
        }
      },
      activity: {
        type: 'referral_reminder',
        description: `Reminder texted to ${referral.refereeName}`,
        metadata: { referral_id: referralId },
      },
    });
    // No claim of its own: the same follow-up tapped moments ago (sent, or waiting for the friend's hours) answered again.
    const taken = claimed as Date | null;
    if (!taken) return { ...result, lastReminderAt: (await q.selectReminderTarget(db, businessId, referralId))?.lastReminderAt ?? new Date() };
    return { ...result, lastReminderAt: taken };
  } catch (error) {
    if (claimed) await q.releaseReminder(db, businessId, referralId, claimed, referral.lastReminderAt);
    throw error;
  }
}

export async function setRewardGiven(db: Tx, businessId: number, referralId: number, rewardGiven: boolean): Promise<ReferralReward> {
  const referral = await q.selectRewardTarget(db, businessId, referralId);
  if (!referral) throw new HttpError(404, REFERRAL_NOT_FOUND);
  if (!referral.converted) throw new HttpError(409, REWARD_NOT_EARNED);
  const { referralDiscount } = await getOutreachSettings(db, businessId);
  return q.upsertRewardGiven(db, businessId, referralId, rewardGiven, referralDiscount);
}

/** The Activity page's pending referrals, each with whether the friend may be texted (Follow Up). */
export async function pendingReferrals(db: Tx, businessId: number, limit: number): Promise<PendingReferralsResponse> {
  const found = await q.selectPendingReferrals(db, businessId, limit);
  const agreed = await consentOfPhones(db, businessId, found.referrals.map((r) => r.refereePhone));
  return { ...found, referrals: found.referrals.map((r, i) => ({ ...r, agreedToTexts: agreed[i] })) };
}

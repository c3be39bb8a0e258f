import { DEFAULT_CUSTOM_MESSAGES } from '../../../../shared/schemas/sms';
import { normalizePhone } from '../../../../shared/phone';
import { firstName, referralLink, renderMessage } from '../../../../shared/sms-template';
import { queueTexts } from '../outbox/enqueue';
import type { AutomationContext } from './bookings';
import { queueDueFollowUpEmails } from './follow-up-emails';
import * as q from './queries';

// The referral follow-up (docs/sms-automations.md): a referral still pending FOLLOW_UP_AFTER_DAYS after it
// was made gets one text to the referred friend, with the referrer's link; a friend who cannot be texted (no
// text consent, or no phone) but gave an e-mail gets it by e-mail instead (follow-up-emails.ts).

export const FOLLOW_UP_AFTER_DAYS = 3;
/** Older pending referrals are left alone: turning the automation on must not text friends from months ago. */
export const FOLLOW_UP_UNTIL_DAYS = 7;
const SCAN_LIMIT = 2000;

/**
 * The friend is no client, so the template's client placeholders are filled here: {clientName} is the
 * friend's first name (they are the one greeted), {referralCode} and {referralLink} the referrer's (the link
 * the friend books with). The send service fills the rest ({referralDiscount}, {businessName}...) when it goes.
 */
export function followUpBody(template: string, referral: { refereeName: string; referrerCode: string }, origin: string): string {
  return renderMessage(template, {
    clientName: firstName(referral.refereeName),
    referralCode: referral.referrerCode,
    referralLink: referralLink(origin, referral.referrerCode),
  }).text;
}

/** The businesses that may have a follow-up due now (the hourly scan enqueues one job for each). */
export async function followUpBusinesses(ctx: AutomationContext): Promise<number[]> {
  const now = ctx.now?.() ?? new Date();
  return q.selectFollowUpBusinesses(ctx.database.db, now, { minDays: FOLLOW_UP_AFTER_DAYS, maxDays: FOLLOW_UP_UNTIL_DAYS, limit: SCAN_LIMIT });
}

/**
 * Queues the follow-ups that are due, texts and e-mails, of one business (its hourly job) or of all of them (tests,
 * a manual run); returns how many were queued.
 */
export async function queueDueFollowUps(ctx: AutomationContext & { origin: string }, businessId?: number): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  const window = { minDays: FOLLOW_UP_AFTER_DAYS, maxDays: FOLLOW_UP_UNTIL_DAYS, limit: SCAN_LIMIT, businessId };
  const due = await q.selectDueReferrals(ctx.database.db, now, window);
  const byBusiness = new Map<number, q.DueReferral[]>();
  for (const r of due) byBusiness.set(r.businessId, [...(byBusiness.get(r.businessId) ?? []), r]);
  let queued = 0;
  for (const [businessId, referrals] of byBusiness) {
    const texts = referrals.flatMap((r) => {
      const to = normalizePhone(r.refereePhone);
      if (!to) return [];
      const body = followUpBody(r.template ?? DEFAULT_CUSTOM_MESSAGES.followUp, r, ctx.origin);
      return [{ clientId: null, toNumber: to, recipientName: r.refereeName, referralId: r.id, kind: 'followUp' as const, key: `follow-up:referral:${r.id}`, body }];
    });
    queued += (await queueTexts(ctx, businessId, texts, { now })).length;
  }
  return queued + (await queueDueFollowUpEmails(ctx, now, window));
}

import { MIN_REVIEW_COOLDOWN_DAYS, REVIEW_REMINDER_TEMPLATE } from '../../../shared/schemas/sms';
import { getOutreachSettings, registrationBlock, queueTexts } from '../sms/service';
import * as q from './queries';
import type { ReviewContext } from './service';

// A tracked review request's follow-ups (docs/reviews.md): one reminder when it is not opened, the Referral Request
// after it was opened. Apart from service.ts, which SMS imports: this module imports SMS back.

/** A reminder or referral ask not queued within this many days of becoming due is left alone (an outage, a setting turned on late). */
const FOLLOW_UP_WINDOW_DAYS = 7;
/** Scan reach: the longest delay (14 days) plus the window. */
const SCAN_DAYS = 14 + FOLLOW_UP_WINDOW_DAYS;

/** The businesses whose review reminders or referral asks may be due (the hourly scan enqueues one job each). */
export async function reviewFollowUpBusinesses(ctx: ReviewContext): Promise<number[]> {
  return q.selectBusinessesWithFollowUps(ctx.database.db, ctx.now?.() ?? new Date(), SCAN_DAYS);
}

/**
 * Queues one business's due reminders (the review request not opened after the owner's days) and referral asks
 * (the Referral Request template, the owner's days after the first open), each once: the request names its text's
 * key first, and the outbox key is unique. Answers how many of each were queued.
 */
export async function queueReviewFollowUps(ctx: ReviewContext, businessId: number): Promise<{ reminders: number; referralAsks: number }> {
  const db = ctx.database.db;
  const now = ctx.now?.() ?? new Date();
  const none = { reminders: 0, referralAsks: 0 };
  // Not registered for texting (A2P): nothing is queued, and nothing named, so a later scan may still send it in its window.
  if (await registrationBlock(db, businessId)) return none;
  const settings = await getOutreachSettings(db, businessId);
  const auto = settings.autoMessageSettings;
  const cooldown = Math.max(auto.cooldownDays.review, MIN_REVIEW_COOLDOWN_DAYS);
  let reminders = 0;
  let referralAsks = 0;
  if (auto.reviewReminderDays != null) {
    const due = await q.selectDueReminders(db, businessId, now, auto.reviewReminderDays, auto.reviewReminderDays + FOLLOW_UP_WINDOW_DAYS, cooldown);
    const named = new Set(await q.setFollowUpKeys(db, businessId, 'reminder_key', 'review-reminder:request:', due.map((d) => d.id)));
    const texts = due.filter((d) => named.has(d.id)).map((d) => ({ clientId: d.clientId, kind: 'reviewReminder' as const, key: `review-reminder:request:${d.id}`, body: REVIEW_REMINDER_TEMPLATE }));
    reminders = (await queueTexts(ctx, businessId, texts, { now })).length;
  }
  if (auto.askReviewersToRefer) {
    const due = await q.selectDueReferralAsks(db, businessId, now, auto.referAfterReviewDays, auto.referAfterReviewDays + FOLLOW_UP_WINDOW_DAYS, cooldown);
    const named = new Set(await q.setFollowUpKeys(db, businessId, 'referral_key', 'review-referral:request:', due.map((d) => d.id)));
    const texts = due
      .filter((d) => named.has(d.id))
      .map((d) => ({ clientId: d.clientId, kind: 'referral' as const, key: `review-referral:request:${d.id}`, body: settings.customMessages.referral }));
    referralAsks = (await queueTexts(ctx, businessId, texts, { now })).length;
  }
  return { reminders, referralAsks };
}

import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../platform/jobs/index';
import { normalizePhone } from '../../../../shared/phone';
import { unsetSettingsValues } from '../../../../shared/sms-template';
import { getOutreachSettings } from '../numbers/settings';
import { queueTexts, type TextToQueue } from '../outbox/enqueue';
import { trackReviewRequests } from '../../reviews/service';
import * as q from './queries';

// Texts after a new completed booking (docs/sms-automations.md): a thank-you (autoSendThankYou) at once and
// a review request (autoSendReview) a day later, for bookings recorded now whose service date is at most
// RECENT_DAYS before today in the business's time zone.

/** A booking counts as new when its service date is today or up to this many days before (2 days). */
export const RECENT_DAYS = 2;
/** Review requests wait this long after the booking was recorded. */
export const REVIEW_DELAY_MS = 24 * 60 * 60 * 1000;

/** A booking recorded now whose service date is within the recent range. */
export type RecentBooking = { id: number; clientId: number; serviceDate: string };
/** Service dates, inclusive ('YYYY-MM-DD'). */
export type DateRange = { from: string; to: string };

export type AutomationContext = { database: Database; jobs: JobQueue; now?: () => Date };

/** The service dates that count as new for the business today: [today - 2 days, today]. Future dates never. */
export async function recentBookingRange(database: Database, businessId: number): Promise<DateRange | undefined> {
  const row = await q.selectToday(database.db, businessId, RECENT_DAYS);
  return row ? { from: row.from, to: row.today } : undefined;
}

/**
 * Queues the thank-you and review texts for bookings just recorded (only those inserted now: a re-import
 * or a repeated webhook brings none). One of each per client per call: its latest booking names the key.
 */
export async function queueBookingTexts(ctx: AutomationContext, businessId: number, recent: RecentBooking[]): Promise<{ thankYou: number; review: number }> {
  const none = { thankYou: 0, review: 0 };
  if (recent.length === 0) return none;
  const settings = await getOutreachSettings(ctx.database.db, businessId);
  const auto = settings.autoMessageSettings;
  // A template that uses a Settings value with none (the review link) is queued by neither automation: its texts could only be skipped.
  const ready = (template: string) => unsetSettingsValues(template, settings).length === 0;
  const wantThankYou = auto.autoSendThankYou && ready(settings.customMessages.thankYou);
  const wantReview = auto.autoSendReview && Boolean(settings.googleReviewLink) && ready(settings.customMessages.review);
  // No number: nothing could go out; texts queued now would surprise the owner once a number is bought.
  if (!settings.twilioPhone || (!wantThankYou && !wantReview)) return none;

  const latest = new Map<number, RecentBooking>();
  for (const b of recent) {
    const seen = latest.get(b.clientId);
    if (!seen || b.serviceDate > seen.serviceDate || (b.serviceDate === seen.serviceDate && b.id > seen.id)) latest.set(b.clientId, b);
  }
  const phones = await q.selectClientPhones(ctx.database.db, businessId, [...latest.keys()]);
  const textable = phones.filter((c) => normalizePhone(c.phone)).map((c) => latest.get(c.id)!);
  if (textable.length === 0) return none;

  const now = ctx.now?.() ?? new Date();
  const texts = (kind: 'thankYou' | 'review', prefix: string, body: string): TextToQueue[] =>
    textable.map((b) => ({ clientId: b.clientId, kind, key: `${prefix}:booking:${b.id}`, body }));
  const thankYou = wantThankYou
    ? await queueTexts(ctx, businessId, texts('thankYou', 'thank-you', settings.customMessages.thankYou), { now })
    : [];
  // Each review request is tracked (its short link, opens, one reminder) before its text is queued (docs/reviews.md).
  if (wantReview) await trackReviewRequests(ctx.database.db, businessId, textable.map((b) => ({ clientId: b.clientId, key: `review:booking:${b.id}` })));
  const review = wantReview
    ? await queueTexts(ctx, businessId, texts('review', 'review', settings.customMessages.review), { now, notBefore: new Date(now.getTime() + REVIEW_DELAY_MS) })
    : [];
  return { thankYou: thankYou.length, review: review.length };
}

import { randomBytes } from 'node:crypto';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/index';
import { MIN_REVIEW_COOLDOWN_DAYS, REVIEW_REMINDER_TEMPLATE } from '../../../shared/schemas/sms';
import { getOutreachSettings, registrationBlock } from '../sms/service';
import { queueTexts } from '../sms/outbox/service';
import * as q from './queries';

// Review requests that report back (docs/reviews.md): each request carries a short link of its own, whose opens
// are recorded; one reminder when it is not opened; the Referral Request after it was opened, if the owner wants.

/** The short link works this long after the request (12 months). */
export const LINK_LIFETIME_DAYS = 365;
/** A reminder or referral ask not queued within this many days of becoming due is left alone (an outage, a setting turned on late). */
export const FOLLOW_UP_WINDOW_DAYS = 7;
/** Scan reach: the longest delay (14 days) plus the window. */
const SCAN_DAYS = 14 + FOLLOW_UP_WINDOW_DAYS;

export type ReviewContext = { database: Database; jobs: JobQueue; now?: () => Date };

/** 128 random bits, hex: unguessable, and safe in a URL and a LIKE pattern. */
export const newReviewToken = () => randomBytes(16).toString('hex');

/**
 * Records the review requests about to be queued (one per outbox key), each with a token of its own, before their
 * texts are queued: the delivery fills in the short link from it. A key seen before records nothing.
 */
export async function trackReviewRequests(db: Tx, businessId: number, requests: { clientId: number; key: string }[]): Promise<void> {
  await q.insertRequests(db, businessId, requests.map((r) => ({ ...r, token: newReviewToken() })));
}

/** Shapes of a token the link page accepts: anything else is unknown without a read. */
const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

export type LinkOutcome = { redirect: string } | { page: { businessName: string | null; link: string | null } };

/**
 * GET /r/<token>: the business's stored review link (an https URL), the open recorded when `counts` (a person's
 * GET, not a HEAD or a link-preview bot). Unknown, expired, or no usable link: the plain page's facts.
 */
export async function openReviewLink(database: Database, token: string, counts: boolean): Promise<LinkOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { page: { businessName: null, link: null } };
  const facts = await q.selectByToken(database.db, token, LINK_LIFETIME_DAYS);
  if (!facts) return { page: { businessName: null, link: null } };
  const link = facts.link && isHttps(facts.link) ? facts.link : null;
  if (facts.expired || !link) return { page: { businessName: facts.businessName, link } };
  if (counts) await q.recordOpen(database.db, facts.id);
  return { redirect: link };
}

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

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

import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../../db/client';
import { reviewRequests } from '../../../db/schema';
import type { AutoMessageSettings } from '../../../db/schema/messaging';
import { DEFAULT_REVIEW_FOLLOW_UPS } from '../../../../shared/schemas/sms';
import type { OutboxRow } from './queries';

// The texts of a tracked review request (docs/reviews.md): the request, its one reminder and the referral ask
// after the open. At delivery their short link is filled in, a reminder no longer needed (opened, marked
// reviewed, reminders turned off) or a referral ask turned off is skipped, and their sending is stamped on the
// review request. Found by the outbox row's key.

type ReviewTextFacts = {
  token: string | null;
  role: 'request' | 'reminder' | 'referral';
  opened: boolean;
  reviewed: boolean;
  link: string | null;
  auto: AutoMessageSettings | null;
};

const TRACKED_KINDS = new Set(['review', 'reviewReminder', 'referral']);

async function selectFacts(db: Tx, businessId: number, key: string): Promise<ReviewTextFacts | null> {
  const [row] = rowsOf<ReviewTextFacts>(
    await db.execute(sql`
      select r.token, case when r.request_key = ${key} then 'request' when r.reminder_key = ${key} then 'reminder' else 'referral' end as role,
        r.first_opened_at is not null as opened, r.marked_reviewed_at is not null as reviewed,
        coalesce(o.google_review_link, b.google_review_link) as link, o.auto_message_settings as auto
      from review_requests r join businesses b on b.id = r.business_id left join outreach_settings o on o.business_id = r.business_id
      where r.business_id = ${businessId} and ${key} in (r.request_key, r.reminder_key, r.referral_key)
      limit 1`),
  );
  return row ?? null;
}

/** The short link of a review request: APP_URL/r/<token>. */
export const reviewShortLink = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/r/${token}`;

/**
 * What a queued text of a review request becomes when it is due: its body with the short link in place of
 * {googleReviewLink} (left as is when the business has no review link any more, so the send service refuses
 * it with its own sentence), or a skip. Other texts: null.
 */
export async function reviewTextAtDelivery(db: Tx, row: OutboxRow, origin: string): Promise<{ body: string } | { skip: string } | null> {
  if (!TRACKED_KINDS.has(row.kind)) return null;
  const facts = await selectFacts(db, row.businessId, row.key);
  if (!facts) return null;
  const auto = { ...DEFAULT_REVIEW_FOLLOW_UPS, ...(facts.auto ?? {}) };
  if (facts.role === 'reminder') {
    if (facts.reviewed) return { skip: 'The owner marked this client as reviewed, so no reminder was needed.' };
    if (facts.opened) return { skip: 'The client opened the review link, so no reminder was needed.' };
    if (auto.reviewReminderDays == null) return { skip: 'Review reminders were turned off before this text went out.' };
  }
  if (facts.role === 'referral' && !auto.askReviewersToRefer) return { skip: 'Asking reviewers to refer was turned off before this text went out.' };
  const link = facts.token && facts.link ? reviewShortLink(origin, facts.token) : null;
  return { body: link ? row.body.replaceAll('{googleReviewLink}', link) : row.body };
}

/** In the sending transaction: the review request records that its request, reminder or referral ask went out. */
export async function stampReviewText(tx: Tx, businessId: number, key: string): Promise<void> {
  const r = reviewRequests;
  const stamp = (keyColumn: AnyPgColumn, at: AnyPgColumn) => sql`case when ${keyColumn} = ${key} then coalesce(${at}, now()) else ${at} end`;
  await tx
    .update(r)
    .set({ sentAt: stamp(r.requestKey, r.sentAt), remindedAt: stamp(r.reminderKey, r.remindedAt), referralAskedAt: stamp(r.referralKey, r.referralAskedAt) })
    .where(and(eq(r.businessId, businessId), sql`${key} in (${r.requestKey}, ${r.reminderKey}, ${r.referralKey})`));
}

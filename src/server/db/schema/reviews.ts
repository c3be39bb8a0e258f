import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { businessId } from './tenant';
import { clients } from './clients';

// Review requests that report back (docs/reviews.md). One row per review request to a client: the token of
// its short link, and what happened since. A row the owner marked reviewed without a request has no token.

export const reviewRequests = pgTable(
  'review_requests',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Random, 128 bits (hex): the short link /r/<token>. Null on a row the owner marked reviewed without a request. */
    token: text('token'),
    /** The outbox key of the request's text; its sending stamps sent_at. */
    requestKey: text('request_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    /** The one reminder's outbox key (set when queued) and when it was sent. */
    reminderKey: text('reminder_key'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    markedReviewedAt: timestamp('marked_reviewed_at', { withTimezone: true }),
    /** The referral ask after the open: its outbox key (set when queued) and when it was sent. */
    referralKey: text('referral_key'),
    referralAskedAt: timestamp('referral_asked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_requests_token_idx').on(t.token).where(sql`${t.token} is not null`),
    index('review_requests_client_idx').on(t.businessId, t.clientId, t.createdAt),
    index('review_requests_sent_idx').on(t.businessId, t.sentAt).where(sql`${t.sentAt} is not null`),
    uniqueIndex('review_requests_request_key_idx').on(t.businessId, t.requestKey).where(sql`${t.requestKey} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { businessId } from './tenant';
import { clients, referrals } from './clients';
import type { ActivityMetadata } from './messaging';
import { people } from './accounts';

// Texts that wait to go out: bulk sends, automations, and the owner's one-tap texts (thank-you, gift,
// follow-up, referral ask) tapped out at a closed hour for the recipient (docs/sms-outbox.md,
// docs/sms-send-window.md). Replies and other owner-typed conversation texts never wait and never come here.

/** One bulk send: the message as typed (placeholders rendered per client when each text goes). */
export const smsBulkBatches = pgTable(
  'sms_bulk_batches',
  {
    id: id(),
    businessId: businessId(),
    message: text('message').notNull(),
    total: integer('total').notNull(),
    /** Its texts by state, kept by triggers on sms_outbox (docs/sms-outbox.md "Kept"); held: queued with a reason. */
    queued: integer('queued').notNull().default(0),
    held: integer('held').notNull().default(0),
    sending: integer('sending').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The screen's key for this send: a repeat of the request (double click, second tab, retry) answers this batch. */
    idempotencyKey: text('idempotency_key'),
    /** The server's key of what is sent (the message and the sorted recipients): the same send while this one is live answers it. */
    contentKey: text('content_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_bulk_batches_business_idx').on(t.businessId, t.id),
    uniqueIndex('sms_bulk_batches_idempotency_key').on(t.businessId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('sms_bulk_batches_content_key').on(t.businessId, t.contentKey).where(sql`${t.contentKey} is not null`),
  ],
);

export type OutboxKind = 'bulk' | 'thankYou' | 'review' | 'reviewReminder' | 'followUp' | 'gift' | 'referral' | 'custom' | 'reply';

/**
 * A text the owner tapped out (not an automation): no automation toggle or cool-down applies to it, and its
 * sending records what the owner's route records when it sends at once.
 */
export type OwnerTap = {
  activity: { type: string; description: string; metadata?: ActivityMetadata };
  /** A gift's reward, recorded on the client with the text (hasReward, rewardEarned). */
  reward?: string;
};
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One text to send later. `key` names the work (bulk:<batch>:<client>, thank-you:booking:<id>...), unique
 * per business, so the same text is queued once however often its cause is seen.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    batchId: integer('batch_id').references(() => smsBulkBatches.id, { onDelete: 'cascade' }),
    /** A recipient who is not a client (a referred friend): the number and name to text; client_id is then null. */
    toNumber: text('to_number'),
    recipientName: text('recipient_name'),
    /** The referral a follow-up is about (deleted referral: the text is skipped). */
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    kind: text('kind').$type<OutboxKind>().notNull(),
    key: text('key').notNull(),
    /** The text with its placeholders. */
    body: text('body').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    /** Not before this instant: the pacing slot, or the start of the recipient's sending window. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether `not_before` is a second reserved on the number's timeline. A text held for its window (or due
     * later, or retried) reserves nothing: it takes a second when it is due (docs/sms-outbox.md "Pacing").
     */
    paced: boolean('paced').notNull().default(false),
    /** The recipient's time zone when the text waits for its window (the Bulk tab groups waiting texts by it). */
    timeZone: text('time_zone'),
    /** Why it waits (quiet_hours, daily_cap) or why it was skipped or failed, in the owner's words. */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the owner tapped this text out (thanks, gift, follow-up, referral ask); null for bulk and automations. */
    ownerTap: jsonb('owner_tap').$type<OwnerTap>(),
    /** The person who tapped it out, put on its message when it goes ("Sent by Maria"). */
    sentBy: integer('sent_by_person_id').references(() => people.id, { onDelete: 'set null' }),
    /** The sms_messages row once the send service stored it (before the provider was called). */
    messageId: integer('message_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_outbox_business_key').on(t.businessId, t.key),
    // A batch's next due text (the first queued by due time).
    index('sms_outbox_batch_status_idx').on(t.batchId, t.status, t.notBefore).where(sql`${t.batchId} is not null`),
    // A batch's first failed or skipped texts (the problems the Bulk tab lists).
    index('sms_outbox_batch_problems_idx').on(t.batchId, t.id).where(sql`${t.batchId} is not null and ${t.status} in ('failed', 'skipped')`),
    // Cool-downs: the last sent text of a kind to a client.
    index('sms_outbox_client_kind_idx').on(t.businessId, t.clientId, t.kind, t.sentAt),
    // The sweep that re-enqueues rows a lost job left behind reads only open rows.
    index('sms_outbox_open_idx').on(t.notBefore).where(sql`${t.status} in ('queued', 'sending')`),
    // Reconciliation finds the text waiting on a message whose outcome it settled.
    index('sms_outbox_sending_message_idx').on(t.messageId).where(sql`${t.status} = 'sending'`),
    // Cool-downs of recipients who are not clients, by number.
    index('sms_outbox_to_kind_idx').on(t.businessId, t.toNumber, t.kind, t.sentAt).where(sql`${t.toNumber} is not null`),
    // GET /api/sms/scheduled: a business's automated texts still to go, by due time.
    index('sms_outbox_scheduled_idx').on(t.businessId, t.notBefore, t.id).where(sql`${t.status} in ('queued', 'sending') and ${t.kind} <> 'bulk'`),
  ],
);

/** Pacing per sending number: the next free moment, and the number's rate (a US long code: 1 segment a second). */
export const smsNumberPacing = pgTable('sms_number_pacing', {
  number: text('number').primaryKey(),
  nextFreeAt: timestamp('next_free_at', { withTimezone: true }).notNull(),
  segmentsPerSecond: integer('segments_per_second').notNull().default(1),
});

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { businessId } from './tenant';
import { clients } from './clients';
import { leads } from './leads';
import { people } from './accounts';

// Texts in and out, outreach settings, and the activity feed.

export type AutoMessageSettings = {
  autoSendThankYou: boolean;
  autoSendFollowUp: boolean;
  /** Absent: off (docs/sms-automations.md). */
  autoSendReview?: boolean;
  /** Absent kinds: the defaults (shared/schemas/sms.ts DEFAULT_COOLDOWN_DAYS). */
  cooldownDays?: Partial<Record<'thankYou' | 'review' | 'followUp', number>>;
  /** Absent: the defaults (docs/reviews.md): a reminder after 3 days, no referral ask after a review. */
  reviewReminderDays?: number | null;
  askReviewersToRefer?: boolean;
  referAfterReviewDays?: number;
};
export type CustomMessages = { referral: string; thankYou: string; followUp: string; review: string };

export const outreachSettings = pgTable(
  'outreach_settings',
  {
    id: id(),
    businessId: businessId(),
    twilioPhone: text('twilio_phone'),
    referralDiscount: text('referral_discount').notNull().default('$25'),
    /** What the referrer gets when their friend books; null when the owner has not set one (docs/referrals.md). */
    referrerReward: text('referrer_reward'),
    googleReviewLink: text('google_review_link'),
    customMessages: jsonb('custom_messages').$type<CustomMessages>(),
    autoMessageSettings: jsonb('auto_message_settings')
      .$type<AutoMessageSettings>()
      .notNull()
      .default({ autoSendThankYou: true, autoSendFollowUp: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('outreach_settings_business_key').on(t.businessId)],
);

export const smsLogs = pgTable(
  'sms_logs',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number').notNull(),
    messageType: text('message_type').notNull(),
    messageContent: text('message_content').notNull(),
    status: text('status').notNull().default('sent'),
    twilioSid: text('twilio_sid'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_logs_business_sent_idx').on(t.businessId, t.sentAt),
    // Delivery status callbacks find the log row by the provider's id.
    index('sms_logs_twilio_sid_idx').on(t.twilioSid).where(sql`${t.twilioSid} is not null`),
  ],
);

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** The lead the text is with, when it was sent to or came from a lead (docs/sms-inbox.md, "Leads"). */
    leadId: integer('lead_id').references((): any => leads.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    messageBody: text('message_body').notNull(),
    messageType: text('message_type'),
    twilioSid: text('twilio_sid'),
    status: text('status').notNull().default('sent'),
    /** The provider's error code of a failed text (Twilio's ErrorCode: 30006 landline...), docs/sms.md. */
    errorCode: integer('error_code'),
    isRead: boolean('is_read').notNull().default(false),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    /** An owner-tapped text's key (kind, recipient, text): the same send within minutes is this one (docs/sms.md). */
    sendKey: text('send_key'),
    /** The person who sent it by hand ("Sent by Maria"); null for automations, bulk and the business's own answers. */
    sentBy: integer('sent_by_person_id').references(() => people.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sms_messages_twilio_sid_key').on(t.twilioSid),
    uniqueIndex('sms_messages_send_key').on(t.businessId, t.sendKey).where(sql`${t.sendKey} is not null`),
    // The history and the feed newest first; a deep page skips its offset in this index alone (docs/sms-inbox.md).
    index('sms_messages_business_ts_id_idx').on(t.businessId, t.timestamp, t.id),
    index('sms_messages_client_idx').on(t.clientId),
    // A conversation's last messages and a client's history, newest first, without a sort.
    index('sms_messages_business_client_ts_id_idx').on(t.businessId, t.clientId, t.timestamp.desc(), t.id.desc()),
    // A conversation's newest unread ids read only the unread inbound texts, in order.
    index('sms_messages_client_unread_ts_idx')
      .on(t.businessId, t.clientId, t.timestamp.desc(), t.id.desc())
      .where(sql`${t.direction} = 'inbound' and not ${t.isRead}`),
    // The feed's unread filter: the business's unread inbound texts newest first.
    index('sms_messages_business_unread_ts_idx')
      .on(t.businessId, t.timestamp, t.id)
      .where(sql`${t.direction} = 'inbound' and not ${t.isRead}`),
    // Outbound texts whose outcome is still open (pending, unknown): what reconciliation reads every minute.
    index('sms_messages_open_outbound_idx')
      .on(t.timestamp)
      .where(sql`${t.direction} = 'outbound' and ${t.status} in ('pending', 'unknown')`),
    // Whether a number has texted the business: one probe per phone of the consent check (docs/sms.md).
    index('sms_messages_business_inbound_from_idx').on(t.businessId, t.fromNumber).where(sql`${t.direction} = 'inbound'`),
    // A lead's texts, newest first (its communications and the lead conversations).
    index('sms_messages_business_lead_ts_idx').on(t.businessId, t.leadId, t.timestamp.desc(), t.id.desc()).where(sql`${t.leadId} is not null`),
  ],
);

/**
 * One row per business and client with texts (docs/sms-inbox.md "Kept"): the time of the client's last
 * text and its unread inbound texts, kept by triggers on sms_messages (migration 0022), so the
 * conversations page is read through an index in its order instead of grouping the texts.
 */
export const smsConversations = pgTable(
  'sms_conversations',
  {
    businessId: businessId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    unread: integer('unread').notNull().default(0),
    /** The client's name in lower case: what a conversation search by name compares (decision 0018). */
    searchName: text('search_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.clientId] }),
    index('sms_conversations_business_last_idx').on(t.businessId, t.lastAt.desc(), t.clientId.desc()),
  ],
);

export type ActivityMetadata = {
  phone_number?: string;
  message_type?: string;
  twilio_sid?: string;
  client_id?: number;
  client_name?: string;
  [key: string]: unknown;
};

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    businessId: businessId(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<ActivityMetadata>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_logs_business_ts_idx').on(t.businessId, t.timestamp)],
);

export const smsReplyContext = pgTable(
  'sms_reply_context',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    clientPhone: text('client_phone').notNull(),
    forwardingNumber: text('forwarding_number'),
    twilioNumber: text('twilio_number'),
    lastMessageId: integer('last_message_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_reply_context_business_phone_idx').on(t.businessId, t.clientPhone)],
);

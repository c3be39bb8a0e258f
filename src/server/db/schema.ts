import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The data model of spec part 1 section 3 (plus part 2's lead fields). Every tenant table
// carries business_id with ON DELETE CASCADE, so deleting a business deletes all it owns.

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export type AutoMessageSettings = { autoSendThankYou: boolean; autoSendFollowUp: boolean };
export type CustomMessages = { referral: string; thankYou: string; followUp: string; review: string };

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The secret token segment of the booking webhook URL (/api/webhook/{token}). */
    webhookUrl: text('webhook_url').notNull(),
    ownerName: text('owner_name'),
    phone: text('phone'),
    businessType: text('business_type'),
    googleReviewLink: text('google_review_link'),
    selectedPhoneNumber: text('selected_phone_number'),
    twilioNumbers: jsonb('twilio_numbers').$type<string[]>(),
    twilioSid: text('twilio_sid'),
    preferredAreaCode: text('preferred_area_code'),
    businessZipCode: text('business_zip_code'),
    forwardingNumber: text('forwarding_number'),
    enableForwarding: boolean('enable_forwarding').notNull().default(true),
    websiteUrl: text('website_url'),
    isEarlyAccess: boolean('is_early_access').notNull().default(false),
    /** IANA zone for "this week", quiet hours and schedules. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('businesses_email_key').on(t.email), uniqueIndex('businesses_webhook_url_key').on(t.webhookUrl)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    businessId: businessId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_business_idx').on(t.businessId)],
);

/** Fixed-window counters shared by every app instance (login throttling and the like). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    businessId: businessId(),
    /** SHA-256 of the token sent by e-mail. */
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_key').on(t.token), index('password_reset_tokens_business_idx').on(t.businessId)],
);

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    businessId: businessId(),
    referrerCode: text('referrer_code').notNull(),
    referrerClientId: integer('referrer_client_id').references((): any => clients.id, { onDelete: 'set null' }),
    refereeName: text('referee_name').notNull(),
    refereeEmail: text('referee_email'),
    refereePhone: text('referee_phone'),
    converted: boolean('converted').notNull().default(false),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedClientId: integer('converted_client_id').references((): any => clients.id, { onDelete: 'set null' }),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('referrals_business_created_idx').on(t.businessId, t.createdAt),
    index('referrals_business_code_idx').on(t.businessId, t.referrerCode),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    email: text('email'),
    /** E.164 */
    phone: text('phone'),
    referralCode: text('referral_code').notNull(),
    /** The referral code of the client who referred this one. */
    referredBy: text('referred_by'),
    isReferredClient: boolean('is_referred_client').notNull().default(false),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    firstBooking: date('first_booking'),
    lastBooking: date('last_booking'),
    totalBookings: integer('total_bookings').notNull().default(0),
    /** Typical days between bookings. */
    frequency: integer('frequency'),
    loyaltyScore: numeric('loyalty_score', { precision: 3, scale: 1 }).notNull().default('0.0'),
    hasReward: boolean('has_reward').notNull().default(false),
    rewardEarned: text('reward_earned'),
    thankYouSent: boolean('thank_you_sent').notNull().default(false),
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    smsOptOutAt: timestamp('sms_opt_out_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_referral_code_key').on(t.referralCode),
    uniqueIndex('clients_business_email_key').on(t.businessId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index('clients_business_phone_idx').on(t.businessId, t.phone),
    index('clients_business_loyalty_idx').on(t.businessId, t.loyaltyScore),
    index('clients_business_last_booking_idx').on(t.businessId, t.lastBooking),
    index('clients_business_total_bookings_idx').on(t.businessId, t.totalBookings),
    index('clients_business_name_idx').on(t.businessId, t.name),
    index('clients_business_created_idx').on(t.businessId, t.createdAt),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date').notNull(),
    serviceType: text('service_type'),
    amount: text('amount'),
    status: text('status').notNull().default('pending'),
    amountCharged: numeric('amount_charged', { precision: 10, scale: 2 }),
    /** csv, webhook, manual or demo */
    source: text('source').notNull().default('manual'),
    /** Identifies the same booking on a re-import: service type and amount, normalised. */
    dedupeKey: text('dedupe_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bookings_client_date_dedupe_key').on(t.clientId, t.serviceDate, t.dedupeKey),
    index('bookings_business_date_idx').on(t.businessId, t.serviceDate),
  ],
);

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    businessId: businessId(),
    payload: jsonb('payload'),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_logs_business_created_idx').on(t.businessId, t.createdAt)],
);

export const outreachSettings = pgTable(
  'outreach_settings',
  {
    id: id(),
    businessId: businessId(),
    twilioPhone: text('twilio_phone'),
    referralDiscount: text('referral_discount').notNull().default('$25'),
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
  (t) => [index('sms_logs_business_sent_idx').on(t.businessId, t.sentAt)],
);

export type PhoneStats = { total: number; withPhone: number; withoutPhone: number; invalid: number; coverage: number };

export const csvUploadLogs = pgTable(
  'csv_upload_logs',
  {
    id: text('id').primaryKey(),
    businessId: businessId(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    rowsProcessed: integer('rows_processed').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    clientPreviews: jsonb('client_previews').$type<unknown[]>().notNull().default([]),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    phoneStats: jsonb('phone_stats').$type<PhoneStats>(),
  },
  (t) => [index('csv_upload_logs_business_ts_idx').on(t.businessId, t.timestamp)],
);

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    messageBody: text('message_body').notNull(),
    messageType: text('message_type'),
    twilioSid: text('twilio_sid'),
    status: text('status').notNull().default('sent'),
    isRead: boolean('is_read').notNull().default(false),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_twilio_sid_key').on(t.twilioSid),
    index('sms_messages_business_ts_idx').on(t.businessId, t.timestamp),
    index('sms_messages_client_idx').on(t.clientId),
  ],
);

export const smsReplies = pgTable(
  'sms_replies',
  {
    id: id(),
    businessId: businessId(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    messageBody: text('message_body').notNull(),
    twilioSid: text('twilio_sid'),
    isRead: boolean('is_read').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_replies_twilio_sid_key').on(t.twilioSid),
    index('sms_replies_business_received_idx').on(t.businessId, t.receivedAt),
  ],
);

export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: id(),
    businessId: businessId(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    rewardGiven: boolean('reward_given').notNull().default(false),
    rewardAmount: text('reward_amount'),
    notes: text('notes'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('referral_rewards_referral_key').on(t.referralId), index('referral_rewards_business_idx').on(t.businessId)],
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

export type FormField = {
  id: string;
  type: 'text' | 'email' | 'phone' | 'textarea' | 'select' | 'checkbox' | 'sms-optin';
  label: string;
  required: boolean;
  placeholder?: string;
  options?: string[];
  smsOptInText?: string;
};

export const forms = pgTable(
  'forms',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    submissionCount: integer('submission_count').notNull().default(0),
    embedToken: text('embed_token').notNull(),
    styles: jsonb('styles').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('forms_embed_token_key').on(t.embedToken), index('forms_business_idx').on(t.businessId)],
);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** referral, website, manual or form */
    source: text('source').notNull(),
    referrerCode: text('referrer_code'),
    referrerName: text('referrer_name'),
    /** new, contacted, converted or lost */
    status: text('status').notNull().default('new'),
    notes: text('notes'),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>(),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_business_created_idx').on(t.businessId, t.createdAt)],
);

export const leadCommunications = pgTable(
  'lead_communications',
  {
    id: id(),
    businessId: businessId(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** sms or email */
    type: text('type').notNull(),
    direction: text('direction').notNull(),
    subject: text('subject'),
    content: text('content').notNull(),
    status: text('status').notNull().default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_communications_lead_idx').on(t.businessId, t.leadId)],
);

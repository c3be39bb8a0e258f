import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { businessId } from './tenant';

// Clients, their bookings, and the referrals that link them.

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
    /** A public claim the owner should review before rewarding (docs/referrals.md, "Public claim"). */
    flagged: boolean('flagged').notNull().default(false),
    flagReason: text('flag_reason'),
    /** What the owner entered as the friend's booking when marking it converted without a client (docs/referrals.md, "Referral credit"). */
    conversionAmount: numeric('conversion_amount', { precision: 10, scale: 2 }),
    /** The friend ticked the claim page's text consent: when, the words shown, and from where (docs/referrals.md). */
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    smsConsentText: text('sms_consent_text'),
    smsConsentIp: text('sms_consent_ip'),
    createdAt: createdAt(),
    /** The friend's name and e-mail and the code, in lower case, a line each: the tracker's search (one trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(referee_name) || chr(10) || coalesce(lower(referee_email), '') || chr(10) || lower(referrer_code)`,
    ),
  },
  (t) => [
    // The tracker's pages in each sort order (docs/referrals.md, "Cost"): the page's ids are read from these in an
    // index-only scan (a status filter is checked in the index), so a deep page skips its offset without reading rows.
    index('referrals_business_created_order_idx').on(t.businessId, t.createdAt, t.id, t.converted),
    index('referrals_business_code_idx').on(t.businessId, t.referrerCode),
    // The hourly follow-ups (a text, or an e-mail to a friend who can't be texted): pending referrals across
    // businesses, by age, so each scan reads only the week's pending referrals.
    index('referrals_pending_created_idx').on(t.createdAt).where(sql`not ${t.converted}`),
    // A business's pending referrals: conversion when bookings arrive (docs/referrals.md), the pending lists.
    index('referrals_business_pending_idx').on(t.businessId, t.createdAt).where(sql`not ${t.converted}`),
    // A booking write finds the pending referrals naming its e-mails and phones (docs/referrals.md).
    index('referrals_business_pending_email_idx').on(t.businessId, sql`lower(${t.refereeEmail})`).where(sql`not ${t.converted}`),
    index('referrals_business_pending_phone_idx').on(t.businessId, t.refereePhone).where(sql`not ${t.converted}`),
    // The Referral Tracker sorted by the friend's name; the name itself is in it so the scan is index-only.
    index('referrals_business_name_order_cover_idx').on(t.businessId, sql`lower(${t.refereeName})`, t.id, t.converted, t.refereeName),
    // Sorted by conversion (latest first, pending last), and Recent Conversions.
    index('referrals_business_converted_order_idx').on(t.businessId, t.convertedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.converted),
    // A search by the referrer's name, and the referrer's deletion (its referrals' referrer_client_id set null).
    index('referrals_business_referrer_idx').on(t.businessId, t.referrerClientId),
    // A phone that consented on the claim page is a basis to text (docs/sms.md).
    index('referrals_business_consent_phone_idx').on(t.businessId, t.refereePhone).where(sql`${t.smsConsentAt} is not null`),
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
    /** The sum of the completed bookings' amounts; kept with the other figures (recomputeClientStats, clients/service.ts). */
    totalSpent: numeric('total_spent', { precision: 14, scale: 2 }).notNull().default('0'),
    hasReward: boolean('has_reward').notNull().default(false),
    rewardEarned: text('reward_earned'),
    thankYouSent: boolean('thank_you_sent').notNull().default(false),
    /** When a thank-you / gift text to the client was last accepted by the provider (sms/send.ts, by message type). */
    lastThankedAt: timestamp('last_thanked_at', { withTimezone: true }),
    lastGiftedAt: timestamp('last_gifted_at', { withTimezone: true }),
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    smsOptOutAt: timestamp('sms_opt_out_at', { withTimezone: true }),
    /** The owner's own notes on the client (Edit on the client view). */
    notes: text('notes'),
    createdAt: createdAt(),
    /**
     * The name and e-mail in lower case, one line each: what the client search matches by substring, through one
     * trigram index (drizzle/0024_clients_search_text.sql) instead of lower() of two columns on every row.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name) || chr(10) || coalesce(lower(email), '')`),
  },
  (t) => [
    uniqueIndex('clients_referral_code_key').on(t.referralCode),
    // What a booking's one foreign key points to: its client, of its business (migration 0059).
    uniqueIndex('clients_id_business_key').on(t.id, t.businessId),
    uniqueIndex('clients_business_email_key').on(t.businessId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index('clients_business_phone_idx').on(t.businessId, t.phone),
    // One index per client-table sort, in the sort's own order with id last: a page is read through the
    // index (docs/read-model.md). Loyalty order is also the top-clients order.
    index('clients_business_loyalty_order_idx').on(t.businessId, t.loyaltyScore.desc(), t.totalBookings.desc(), t.id),
    index('clients_business_last_booking_order_idx').on(t.businessId, t.lastBooking.desc().nullsLast(), t.id),
    index('clients_business_total_bookings_order_idx').on(t.businessId, t.totalBookings.desc(), t.id),
    index('clients_business_name_order_idx').on(t.businessId, sql`lower(${t.name})`, t.id),
    // The referred clients of a business: the read model's triggers split booking figures by them.
    index('clients_business_referred_idx').on(t.businessId).where(sql`${t.isReferredClient}`),
    index('clients_business_created_idx').on(t.businessId, t.createdAt),
    // The clients whose search text holds a non-ASCII character: with the trigram index, a two-character search
    // finds its matches without reading every client (docs/read-model.md, "Short searches"; migration 0058).
    index('clients_business_non_ascii_idx').on(t.businessId).where(sql`${t.searchText} ~ '[^\\x01-\\x7f]'`),
    // Insights (docs/insights.md): top clients by lifetime value, in the list's order; loyal clients by the
    // date their usual gap pointed to (last booking + frequency), most overdue first.
    index('clients_business_spent_order_idx').on(t.businessId, t.totalSpent.desc(), t.totalBookings.desc(), t.id),
    index('clients_business_due_idx')
      .on(t.businessId, sql`(${t.lastBooking} + ${t.frequency})`, t.id)
      .where(sql`${t.totalBookings} >= 3 and ${t.frequency} > 0 and ${t.lastBooking} is not null`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    // Both checked by the one foreign key below: the client exists and belongs to this business (whose
    // existence the client's own key holds). Two keys cost each inserted booking two probes (decision 0015).
    businessId: integer('business_id').notNull(),
    clientId: integer('client_id').notNull(),
    serviceDate: date('service_date').notNull(),
    serviceType: text('service_type'),
    amount: numeric('amount', { precision: 10, scale: 2 }),
    status: text('status').notNull().default('pending'),
    amountCharged: numeric('amount_charged', { precision: 10, scale: 2 }),
    /** csv, webhook, manual or demo */
    source: text('source').notNull().default('manual'),
    /** Identifies the same booking on a re-import: service type and amount, normalised. */
    dedupeKey: text('dedupe_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'bookings_client_business_fk', columns: [t.clientId, t.businessId], foreignColumns: [clients.id, clients.businessId] }).onDelete('cascade'),
    uniqueIndex('bookings_client_date_dedupe_key').on(t.clientId, t.serviceDate, t.dedupeKey),
    index('bookings_business_date_idx').on(t.businessId, t.serviceDate),
    // Cancelled and no-show bookings (imports keep them; Insights' cancellation rate counts them).
    index('bookings_business_not_completed_idx').on(t.businessId, t.status).where(sql`${t.status} <> 'completed'`),
  ],
);

/**
 * The e-mails (lower case) and phones (E.164) a client was known by before the owner changed them on the client
 * view: uploads, the webhook and Add Client still match them to the client (docs/clients-api.md, "Editing a
 * client"). The current ones stay on clients. A value belongs to at most one client of a business.
 */
export const clientPreviousContacts = pgTable(
  'client_previous_contacts',
  {
    businessId: businessId(),
    clientId: integer('client_id').notNull(),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'client_previous_contacts_client_business_fk', columns: [t.clientId, t.businessId], foreignColumns: [clients.id, clients.businessId] }).onDelete('cascade'),
    check('client_previous_contacts_kind_check', sql`${t.kind} in ('email', 'phone')`),
    uniqueIndex('client_previous_contacts_key').on(t.businessId, t.kind, t.value),
    index('client_previous_contacts_client_idx').on(t.clientId),
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
  (t) => [
    uniqueIndex('referral_rewards_referral_key').on(t.referralId),
    index('referral_rewards_business_idx').on(t.businessId),
    // The tracker's "rewards given", counted per call (docs/referrals.md).
    index('referral_rewards_business_given_idx').on(t.businessId).where(sql`${t.rewardGiven}`),
  ],
);

/**
 * Each referrer's referrals and conversions (Top Referrers), kept by the referrals trigger (src/server/db/sql/referrals.sql).
 * A row may stay at zero referrals.
 */
export const referrerFigures = pgTable(
  'referrer_figures',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    referrals: integer('referrals').notNull().default(0),
    converted: integer('converted').notNull().default(0),
  },
  (t) => [
    // Top Referrers in its order (ties by the referrer's name, looked up for the tied rows only).
    index('referrer_figures_order_idx')
      .on(t.businessId, t.referrals.desc().nullsFirst(), t.converted.desc().nullsFirst(), t.clientId)
      .where(sql`${t.referrals} > 0`),
  ],
);

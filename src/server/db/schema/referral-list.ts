import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { referrals } from './clients';
import { businessId } from './tenant';

/**
 * The Referral Tracker's rows, one per referral, with the referrer's name and the reward beside the referral's
 * own fields, kept by triggers on referrals, referral_rewards and the clients' renames (drizzle/0030; docs/referrals.md,
 * "Kept figures"): a page reads its rows here by primary key instead of three look-ups per row, and a search
 * matches one kept text instead of a union of five scans.
 */
export const referralListRows = pgTable(
  'referral_list_rows',
  {
    referralId: integer('referral_id')
      .primaryKey()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    converted: boolean('converted').notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    refereeName: text('referee_name').notNull(),
    refereeEmail: text('referee_email'),
    refereePhone: text('referee_phone'),
    referrerCode: text('referrer_code').notNull(),
    /** The referrer when it is a client of the referral's business (the tracker shows no other). */
    referrerId: integer('referrer_id'),
    referrerName: text('referrer_name'),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    flagged: boolean('flagged').notNull(),
    flagReason: text('flag_reason'),
    rewardId: integer('reward_id'),
    rewardAmount: text('reward_amount'),
    rewardGiven: boolean('reward_given'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** What the search matches, one searched column a line (db/like-pattern.ts). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(referee_name) || chr(10) || coalesce(lower(referee_email), '') || chr(10) || lower(referrer_code) || chr(10) || coalesce(lower(referrer_name), '')`,
    ),
  },
  (t) => [
    // A page's ids in each sort's order, the status in the index (index-only scans).
    index('referral_list_rows_created_idx').on(t.businessId, t.createdAt, t.referralId, t.converted),
    index('referral_list_rows_name_idx').on(t.businessId, sql`lower(${t.refereeName})`, t.referralId, t.converted),
    index('referral_list_rows_converted_idx').on(
      t.businessId,
      t.convertedAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.referralId.desc().nullsFirst(),
      t.converted,
    ),
    // A referrer's rename finds the rows showing it.
    index('referral_list_rows_referrer_idx').on(t.referrerId).where(sql`${t.referrerId} is not null`),
  ],
);

/**
 * Referrals per business, week of their claim (7-day buckets from Monday 2000-01-03 00:00 UTC) and status, kept
 * by the same trigger: a deep page skips whole weeks by these counts (docs/referrals.md, "Kept figures").
 */
export const referralWeekFigures = pgTable(
  'referral_week_figures',
  {
    businessId: businessId(),
    week: timestamp('week', { withTimezone: true }).notNull(),
    converted: boolean('converted').notNull(),
    referrals: integer('referrals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.week, t.converted] })],
);

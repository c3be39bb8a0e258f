import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { businessId } from './tenant';

// Tables of the SMS feature (the message tables themselves are in messaging.ts).

/** Why a number is opted out or in: a keyword it texted, a provider refusal (Twilio 21610), or the owner. */
export type OptOutSource = 'keyword' | 'provider' | 'owner';

/**
 * Our own opt-out list (docs/sms.md): one row per business and recipient phone (E.164), the latest
 * state. Every send path checks it before calling the provider.
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    id: id(),
    businessId: businessId(),
    phone: text('phone').notNull(),
    optedOut: boolean('opted_out').notNull(),
    source: text('source').$type<OptOutSource>().notNull(),
    /** The keyword texted (STOP, START...) or the provider's error code, when there was one. */
    detail: text('detail'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_opt_outs_business_phone_key').on(t.businessId, t.phone)],
);

/** Every opt-out and opt-in as it happened: time and source (compliance evidence), never rewritten. */
export const smsOptOutLog = pgTable(
  'sms_opt_out_log',
  {
    id: id(),
    businessId: businessId(),
    phone: text('phone').notNull(),
    optedOut: boolean('opted_out').notNull(),
    source: text('source').$type<OptOutSource>().notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_opt_out_log_business_phone_idx').on(t.businessId, t.phone, t.at)],
);

/**
 * Numbers that cannot receive texts, as the provider said (30006 landline, 21211 not a valid number, 21614
 * not a mobile number): left out of bulk and automations and not retried until a text to them is delivered
 * (docs/sms.md, "Delivery errors"). One row per business and phone.
 */
export const smsUnreachableNumbers = pgTable(
  'sms_unreachable_numbers',
  {
    id: id(),
    businessId: businessId(),
    phone: text('phone').notNull(),
    errorCode: integer('error_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_unreachable_numbers_business_phone_key').on(t.businessId, t.phone)],
);

import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RegistrationDetails, StepStatus } from '../../../shared/schemas/sms-registration';
import { businessId } from './tenant';

/**
 * A business's A2P 10DLC registration (docs/sms-registration.md): the details the owner entered and, per
 * step, Twilio's resource sid, our status and Twilio's reason for a failure. One row per business; texts
 * go out only once `campaign_status` is 'approved'.
 */
export const smsRegistrations = pgTable(
  'sms_registrations',
  {
    businessId: businessId().primaryKey(),
    /** 'register': through the app; 'existing': the business's own approved messaging service. */
    mode: text('mode').$type<'register' | 'existing'>().notNull().default('register'),
    details: jsonb('details').$type<Partial<RegistrationDetails>>().notNull().default({}),
    profileSid: text('profile_sid'),
    trustProductSid: text('trust_product_sid'),
    profileStatus: text('profile_status').$type<StepStatus>().notNull().default('draft'),
    profileReason: text('profile_reason'),
    brandSid: text('brand_sid'),
    brandStatus: text('brand_status').$type<StepStatus>().notNull().default('draft'),
    brandReason: text('brand_reason'),
    serviceSid: text('service_sid'),
    campaignSid: text('campaign_sid'),
    campaignStatus: text('campaign_status').$type<StepStatus>().notNull().default('draft'),
    campaignReason: text('campaign_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** One check at a time talks to the provider (it is not done in a transaction: PGlite has one connection). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_registrations_in_review_idx').on(t.checkedAt).where(sql`${t.campaignStatus} <> 'approved' AND ${t.submittedAt} IS NOT NULL`)],
);

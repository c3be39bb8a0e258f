import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RegistrationDetails, StepStatus } from '../../../shared/schemas/sms-registration';
import { businesses } from './accounts';
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
  (t) => [
    index('sms_registrations_in_review_idx').on(t.checkedAt).where(sql`${t.campaignStatus} <> 'approved' AND ${t.submittedAt} IS NOT NULL`),
    // A resource at the provider is one business's (docs/sms-registration.md, "Ownership").
    uniqueIndex('sms_registrations_service_sid_key').on(t.serviceSid).where(sql`${t.serviceSid} IS NOT NULL`),
    uniqueIndex('sms_registrations_brand_sid_key').on(t.brandSid).where(sql`${t.brandSid} IS NOT NULL`),
    uniqueIndex('sms_registrations_profile_sid_key').on(t.profileSid).where(sql`${t.profileSid} IS NOT NULL`),
    uniqueIndex('sms_registrations_trust_product_sid_key').on(t.trustProductSid).where(sql`${t.trustProductSid} IS NOT NULL`),
    uniqueIndex('sms_registrations_campaign_sid_key').on(t.campaignSid).where(sql`${t.campaignSid} IS NOT NULL`),
  ],
);

export type ProviderResourceKind = 'profile' | 'trust_product' | 'brand' | 'service' | 'campaign';

/**
 * Every A2P resource at the provider the app created for a business or a business connected (a messaging service
 * of its own), and whose it is (docs/sms-registration.md, "Ownership"). Kept when the business is deleted
 * (business_id null): the resource still lives in the platform's account and is still nobody else's.
 */
export const smsProviderResources = pgTable(
  'sms_provider_resources',
  {
    sid: text('sid').primaryKey(),
    kind: text('kind').$type<ProviderResourceKind>().notNull(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_provider_resources_business_idx').on(t.businessId)],
);

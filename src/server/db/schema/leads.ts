import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { businessId } from './tenant';

// Lead-capture forms, the leads they bring in, and lead follow-ups.

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
    /**
     * What a search matches (docs/leads.md): the name, e-mail and referrer's name in lower case, one per line,
     * searched through one trigram index where pg_trgm is available (migration 0026).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name) || chr(10) || coalesce(lower(email), '') || chr(10) || coalesce(lower(referrer_name), '')`,
    ),
  },
  (t) => [
    // The Lead Inbox newest first (created_at desc, id desc): a page's ids from the index alone.
    index('leads_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // The Lead Inbox filtered by status or source, newest first.
    index('leads_business_status_created_idx').on(t.businessId, t.status, t.createdAt, t.id),
    index('leads_business_source_created_idx').on(t.businessId, t.source, t.createdAt, t.id),
    // A text from a number no client has finds the lead with that phone (docs/sms-inbox.md, "Leads").
    index('leads_business_phone_idx').on(t.businessId, t.phone).where(sql`${t.phone} is not null`),
    // The leads whose search text holds a non-ASCII character: with the trigram index, a two-character search
    // finds its matches without reading every lead (docs/leads.md, "Search"; migration 0075).
    index('leads_business_non_ascii_idx').on(t.businessId).where(sql`${t.searchText} ~ '[^\\x01-\\x7f]'`),
  ],
);

// The Lead Inbox's kept figures (docs/leads.md), kept by statement-level triggers on leads (migration 0026).

/** How many leads a business has, by status and source. */
export const leadFigures = pgTable(
  'lead_figures',
  {
    businessId: businessId(),
    status: text('status').notNull(),
    source: text('source').notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status, t.source] })],
);

/** Leads per referrer and the (trimmed) name they carry ('' for none): the name shown is chosen from these. */
export const leadReferrerNames = pgTable(
  'lead_referrer_names',
  {
    businessId: businessId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key, t.name] })],
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

/**
 * SMS consent given on a public form: what was shown, to whom, when and from where. Kept for the
 * life of the lead (docs/forms.md).
 */
export const leadConsents = pgTable(
  'lead_consents',
  {
    id: id(),
    businessId: businessId(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    phone: text('phone'),
    consentText: text('consent_text').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    pageUrl: text('page_url'),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The client list's basis to text looks a phone up (docs/sms.md, "Who gets marketing texts").
  (t) => [index('lead_consents_lead_idx').on(t.businessId, t.leadId), index('lead_consents_business_phone_idx').on(t.businessId, t.phone)],
);

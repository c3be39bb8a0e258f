import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, createdAt } from './columns';

// Businesses (the tenants), their people, sessions, password resets and shared rate-limit counters.

// Defined here rather than taken from ./tenant, which imports this file.
const businessId = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** No longer read: each person signs in with their own password (people.password_hash). */
    passwordHash: text('password_hash'),
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
    /** The setup guide's step the owner last reached (0-based), so leaving and coming back resumes there. */
    setupStep: integer('setup_step').notNull().default(0),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    /** How the owner hears of new leads, claims and replies by e-mail: each, digest or off (docs/settings.md, "Notifications"). */
    notifyEmail: text('notify_email').notNull().default('each'),
    /** The owner's personal mobile (E.164) that gets a text for each of them; null sends none. */
    notifyPhone: text('notify_phone'),
    /** Up to when the last daily digest told the owner (the next one starts there). */
    notifyDigestUntil: timestamp('notify_digest_until', { withTimezone: true }),
    /** Every person must sign in with a second factor (docs/accounts.md, "Two-factor sign-in"). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('businesses_email_key').on(t.email),
    uniqueIndex('businesses_webhook_url_key').on(t.webhookUrl),
    // The number's sid at the provider is one business's (docs/sms-registration.md, "Ownership").
    uniqueIndex('businesses_twilio_sid_key').on(t.twilioSid).where(sql`${t.twilioSid} IS NOT NULL`),
  ],
);

export type PersonRole = 'owner' | 'manager' | 'staff';

/** The people who sign in to a business, each with a role (docs/accounts.md, "People and roles"). */
export const people = pgTable(
  'people',
  {
    id: id(),
    businessId: businessId(),
    /** Stored lower-cased; one person's across every business. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<PersonRole>().notNull(),
    /** The authenticator app's base32 secret once two-factor is on; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret shown for setup, kept until a right code turns it on. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for, so a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('people_email_key').on(t.email),
    index('people_business_idx').on(t.businessId),
    check('people_role_check', sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/** An owner's invitation to join the business with a role; the e-mailed token is stored hashed. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    businessId: businessId(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<PersonRole>().notNull(),
    /** SHA-256 of the token in the link. */
    token: text('token').notNull(),
    invitedBy: integer('invited_by').references(() => people.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.token),
    index('invitations_business_idx').on(t.businessId),
    check('invitations_role_check', sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

const personId = () =>
  integer('person_id')
    .notNull()
    .references(() => people.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    businessId: businessId(),
    /** Who signed in; removing the person ends the session at once. */
    personId: personId(),
    /** The browser's User-Agent at sign-in, shown as the device in Settings. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_business_idx').on(t.businessId), index('sessions_person_idx').on(t.personId)],
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
    personId: personId(),
    /** SHA-256 of the token sent by e-mail. */
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_key').on(t.token), index('password_reset_tokens_business_idx').on(t.businessId)],
);

/**
 * The numbers a business owns, one row per number (E.164): the index an inbound text or a status callback
 * is routed by. Written in the same transaction as the purchase; an account deletion cascades.
 * docs/sms.md "Who owns a number".
 */
export const businessNumbers = pgTable(
  'business_numbers',
  {
    number: text('number').primaryKey(),
    businessId: businessId(),
    createdAt: createdAt(),
  },
  (t) => [index('business_numbers_business_idx').on(t.businessId)],
);

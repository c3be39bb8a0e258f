import { z } from 'zod';
import { requiredText } from './required-text';

// The Lead Inbox's calls (spec part 2 "Lead Management", sections 3, 5, 7 and 8; docs/leads.md).
// Request bodies are parsed with these schemas on both sides; replies are serialised through them.

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['referral', 'website', 'manual', 'form'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', converted: 'Converted', lost: 'Lost' };
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { referral: 'Referral', website: 'Website', manual: 'Manual', form: 'Form' };

export const LEAD_PAGE_SIZE = 25;
export const LEAD_TOP_REFERRERS = 5;
/** The newest communications GET /api/leads/{id}/communications returns. */
export const LEAD_COMMUNICATIONS_LIMIT = 100;
export const LEAD_NAME_MAX = 200;
export const LEAD_NOTES_MAX = 2000;
export const LEAD_EMAIL_SUBJECT_MAX = 200;
export const LEAD_EMAIL_MESSAGE_MAX = 10_000;
export const LEAD_SMS_MAX = 1600;

export const LEAD_NOT_FOUND = 'Lead not found';
export const LEAD_NAME_REQUIRED = 'Name is required';
export const LEAD_INVALID_EMAIL = 'Please enter a valid email';
export const LEAD_INVALID_PHONE = 'Please enter a valid phone number';
export const LEAD_SMS_REQUIRED = 'Please enter a message';
export const LEAD_EMAIL_SUBJECT_REQUIRED = 'Please enter a subject';
export const LEAD_EMAIL_MESSAGE_REQUIRED = 'Please enter a message';
export const LEAD_NO_PHONE = 'This lead has no phone number, so no text was sent';
export const LEAD_NO_EMAIL = 'This lead has no email address, so no email was sent';
export const LEAD_SMS_SENT = 'SMS sent successfully';
export const LEAD_EMAIL_SENT = 'Email sent successfully';

/** A body that is no JSON object (an array, a string). */
export const LEAD_BODY_NOT_OBJECT = 'Please send the details as a JSON object';
const body = { error: LEAD_BODY_NOT_OBJECT };

const enumOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

/** Optional text: absent, null or blank becomes null; otherwise trimmed and capped. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Invalid input' })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/leads. The spec's payload also carries businessId and source: both are ignored (the business
 * is the session's, the source is always 'manual'). The phone is checked and stored as E.164 by the server.
 */
export const addLeadSchema = z.object({
  name: requiredText(LEAD_NAME_REQUIRED, LEAD_NAME_MAX, `Name is too long (${LEAD_NAME_MAX} characters at most)`),
  email: optionalText(254, LEAD_INVALID_EMAIL).pipe(z.union([z.null(), z.email({ error: LEAD_INVALID_EMAIL })])),
  phone: optionalText(40, LEAD_INVALID_PHONE),
  notes: optionalText(LEAD_NOTES_MAX, `Notes are too long (${LEAD_NOTES_MAX} characters at most)`),
}, body);
export type AddLeadInput = z.input<typeof addLeadSchema>;

/** PATCH /api/leads/{id}/status. */
export const leadStatusInputSchema = z.object({ status: enumOf(LEAD_STATUSES, 'Status') }, body);

/** POST /api/leads/{id}/sms: non-empty after trimming. */
export const leadSmsInputSchema = z.object({
  message: requiredText(LEAD_SMS_REQUIRED, LEAD_SMS_MAX, `The message is too long (${LEAD_SMS_MAX} characters at most)`, { multiline: true }),
}, body);

/** POST /api/leads/{id}/email: subject and message both non-empty after trimming; the subject is one line. */
export const leadEmailInputSchema = z.object({
  subject: z
    .string({ error: LEAD_EMAIL_SUBJECT_REQUIRED })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      requiredText(LEAD_EMAIL_SUBJECT_REQUIRED, LEAD_EMAIL_SUBJECT_MAX, `The subject is too long (${LEAD_EMAIL_SUBJECT_MAX} characters at most)`),
    ),
  message: requiredText(LEAD_EMAIL_MESSAGE_REQUIRED, LEAD_EMAIL_MESSAGE_MAX, `The message is too long (${LEAD_EMAIL_MESSAGE_MAX.toLocaleString('en-US')} characters at most)`, {
    multiline: true,
  }),
}, body);
export type LeadEmailInput = z.infer<typeof leadEmailInputSchema>;

/** GET /api/leads query: every key optional, so the spec's bare call answers page 1 of every lead. */
export const leadListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(1_000_000, { error: 'page is too large' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be between 1 and 100' })
    .int({ error: 'pageSize must be between 1 and 100' })
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(LEAD_PAGE_SIZE),
  /** Matches the name, e-mail, phone digits or referrer's name (case-insensitive). */
  search: z.string({ error: 'search must be text' }).trim().max(200, { error: 'search is too long (200 characters at most)' }).optional(),
  status: enumOf(['all', ...LEAD_STATUSES] as const, 'status').default('all'),
  source: enumOf(['all', ...LEAD_SOURCES] as const, 'source').default('all'),
  /** `new=true`: the sidebar badge's count instead of a page (leads still New that came in the last NEW_LEAD_DAYS days). */
  new: z.enum(['true', 'false', '1', '0'], { error: 'new must be true or false' }).optional(),
});
export const NEW_LEAD_DAYS = 7;

/** The spec's Lead entity (section 3). createdAt is an ISO timestamp; the phone is E.164 when it was valid. */
export const leadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** referral, website, manual or form (older rows may hold another word; shown as given). */
  source: z.string(),
  status: z.string(),
  referrerName: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  businessId: z.number().int(),
  /** Whether the business may text the lead's phone (docs/sms.md, "Consent to text"); false without a valid phone. */
  agreedToTexts: z.boolean(),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * PATCH /api/leads/{id}/status: the Lead, and when it was set to converted and came with a pending referral, that
 * referral (the screen offers to convert it too); null otherwise.
 */
export const leadStatusReplySchema = leadSchema.extend({
  pendingReferral: z.object({ id: z.number().int(), refereeName: z.string(), referrerName: z.string().nullable() }).nullable(),
});
export type LeadStatusReply = z.infer<typeof leadStatusReplySchema>;

/**
 * GET /api/leads: one page, newest first, and how many leads match the filters. `totalIsCapped` (only ever `true`,
 * absent otherwise): a search had more matches than `total` counts, so `total` is a lower bound and a match follows
 * this page (docs/leads.md, "List, search and filters").
 */
export const leadPageSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number().int(),
  totalIsCapped: z.literal(true).optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

/** GET /api/leads: a page, or with ?new=true the badge's count. */
export const leadListResponseSchema = z.union([leadPageSchema, z.object({ count: z.number().int() })]);

/** GET /api/leads/stats (spec "Lead stats"). Rates are percentages 0-100 rounded to 1 decimal. */
export const leadStatsSchema = z.object({
  totalLeadsThisWeek: z.number().int(),
  conversionRate: z.number(),
  referralPercentage: z.number(),
  topReferrers: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

/** A lead communication (spec: fields not shown). */
export const leadCommunicationSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  /** sms or email */
  type: z.string(),
  /** outbound (the owner's), or inbound (a text the lead sent: status 'received') */
  direction: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  status: z.string(),
  sentAt: z.string(),
});
export type LeadCommunication = z.infer<typeof leadCommunicationSchema>;

export const leadCommunicationsSchema = z.array(leadCommunicationSchema);

/** POST /api/leads/{id}/sms and /email. */
export const leadMessageResponseSchema = z.object({ success: z.literal(true), message: z.string(), communication: leadCommunicationSchema });

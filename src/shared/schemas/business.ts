import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './accounts-credentials';
import { isPublicHttpsUrl } from '../public-url';
import { requiredText } from './required-text';
import { ROLES } from '../roles';

// Response shapes of the business, one contract for the server (which serialises through these
// schemas, so a field not listed here never leaves it) and the browser (which types its queries with them).

/** The signed-in business (/api/auth/me, signup, login): never the password hash. */
export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  ownerName: z.string().nullable(),
  phone: z.string().nullable(),
  businessType: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  googleReviewLink: z.string().nullable(),
  /** The token segment of the booking webhook URL (spec: "webhookUrl (token segment)"): /api/webhook/{webhookUrl}. */
  webhookUrl: z.string(),
  /** The older name of selectedPhoneNumber, still read by parts of the spec. */
  twilioPhoneNumber: z.string().nullable(),
  selectedPhoneNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /api/business/profile: the business, plus the full webhook URL to show and copy. */
export const businessProfileSchema = businessSchema.extend({
  /** APP_URL (or the request's origin) + /api/webhook/{webhookUrl}. */
  webhookEndpoint: z.string(),
  /** IANA zone for "this week", quiet hours and schedules (Settings, Business Profile). */
  timeZone: z.string(),
  /** Settings' help links (SUPPORT_PHONE, SUPPORT_EMAIL). */
  supportPhone: z.string(),
  supportEmail: z.string(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** The signed-in person (docs/accounts.md, "People and roles"): what the screens show and hide go by the role. */
export const signedInPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Signs in with a second factor. */
  twoFactor: z.boolean(),
  /** The business requires a second factor and this person has none yet: the app shows its setup, nothing else. */
  twoFactorSetupRequired: z.boolean(),
});
export type SignedInPerson = z.infer<typeof signedInPersonSchema>;

/** Replies of /api/auth/me, /api/auth/signup and /api/auth/login. */
export const authResponseSchema = z.object({ business: businessSchema, person: signedInPersonSchema });

// ---------------------------------------------------------------------------------------------------
// Settings request bodies (spec part 2 sections 5, 7 and 8; docs/settings.md). The Settings screen and
// the setup guide validate their forms with these very schemas, so the browser and the server agree.

/**
 * The Google review link's allowed beginnings (spec: '{host}/r/, {host}/, {host}/maps/ or {host}/'):
 * the links Google itself hands out for a Business Profile — the short g.page review link
 * (https://g.page/r/<id>/review), the older g.page/<name> link, a Google Maps place link and the
 * "write a review" link of Google Search.
 */
export const GOOGLE_REVIEW_LINK_PREFIXES = [
  'https://g.page/r/',
  'https://g.page/',
  'https://www.google.com/maps/',
  'https://search.google.com/local/writereview',
] as const;
export const GOOGLE_REVIEW_LINK_MESSAGE = `Please enter a valid Google review link starting with ${GOOGLE_REVIEW_LINK_PREFIXES.slice(0, -1).join(', ')} or ${GOOGLE_REVIEW_LINK_PREFIXES.at(-1)}`;

/**
 * A public https URL (`isPublicHttpsUrl`) that starts with one of the prefixes (scheme and host in any case, the
 * path as written), has more after it, and parses as a URL on that very host.
 */
export function isGoogleReviewLink(value: string): boolean {
  if (!isPublicHttpsUrl(value)) return false;
  // A prefix alone (https://g.page/r/ is longer than https://g.page/) names no business.
  const bare = (v: string) => v.toLowerCase().replace(/\/+$/, '');
  if (GOOGLE_REVIEW_LINK_PREFIXES.some((prefix) => bare(prefix) === bare(value))) return false;
  return GOOGLE_REVIEW_LINK_PREFIXES.some((prefix) => {
    const origin = prefix.slice(0, prefix.indexOf('/', 'https://'.length));
    if (value.length <= prefix.length) return false;
    if (value.slice(0, origin.length).toLowerCase() !== origin || !value.slice(origin.length).startsWith(prefix.slice(origin.length))) return false;
    try {
      return new URL(value).origin === origin;
    } catch {
      return false;
    }
  });
}

/** Optional: an empty string or null clears the link (stored as null); anything else must be a Google review link. */
export const googleReviewLinkSchema = z
  .string({ error: GOOGLE_REVIEW_LINK_MESSAGE })
  .trim()
  .refine((v) => v === '' || isGoogleReviewLink(v), { error: GOOGLE_REVIEW_LINK_MESSAGE })
  .nullable()
  .transform((v) => v || null);

/** PUT /api/business/settings: { googleReviewLink } (the key must be there: null or '' clears the link). */
export const businessSettingsSchema = z.object({ googleReviewLink: googleReviewLinkSchema }, { error: 'Request body must be a JSON object' });

/** The reply of PUT /api/business/settings. */
export const businessSettingsResponseSchema = z.object({ success: z.literal(true), googleReviewLink: z.string().nullable() });

// Business Profile (PATCH /api/business/profile).

export const WEBSITE_EXAMPLE = 'https://www.example.com';
export const PROFILE_MESSAGES = {
  nameRequired: 'Business name is required',
  nameTooLong: `Business name must be at most ${MAX_NAME_LENGTH} characters`,
  invalidEmail: 'Invalid email address',
  invalidWebsite: `Website URL must be a valid HTTPS URL (e.g., ${WEBSITE_EXAMPLE})`,
  invalidTimeZone: 'Please choose a time zone from the list',
  emailTaken: 'Another account already uses this email address',
} as const;

/** The IANA zones this runtime knows (Intl.supportedValuesOf), plus UTC, which the list leaves out. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}
let zoneSet: Set<string> | undefined;
export const isSupportedTimeZone = (zone: string) => (zoneSet ??= new Set(supportedTimeZones())).has(zone);

const pm = PROFILE_MESSAGES;
/**
 * PATCH /api/business/profile: name and e-mail (the form always sends both); websiteUrl optional ('' or
 * null clears it, absent keeps it); timeZone optional (absent keeps it).
 */
export const businessProfileUpdateSchema = z.object(
  {
    name: requiredText(pm.nameRequired, MAX_NAME_LENGTH, pm.nameTooLong),
    email: z
      .string({ error: pm.invalidEmail })
      .trim()
      .max(MAX_EMAIL_LENGTH, { error: pm.invalidEmail })
      .pipe(z.email({ error: pm.invalidEmail })),
    websiteUrl: z
      .string({ error: pm.invalidWebsite })
      .trim()
      .refine((v) => v === '' || isPublicHttpsUrl(v), { error: pm.invalidWebsite })
      .nullish()
      .transform((v) => (v === undefined ? undefined : v || null)),
    timeZone: z.string({ error: pm.invalidTimeZone }).refine(isSupportedTimeZone, { error: pm.invalidTimeZone }).optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type BusinessProfileUpdateInput = z.input<typeof businessProfileUpdateSchema>;

/** POST /api/business/webhook/regenerate and DELETE /api/business/account. */
export const businessActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const WEBHOOK_REGENERATED = 'Your webhook URL was regenerated. Update it in Zapier: the old URL no longer works.';
export const ACCOUNT_DELETED = 'Your account and all its data have been deleted.';

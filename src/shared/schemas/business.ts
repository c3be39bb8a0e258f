import { z } from 'zod';

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
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** Replies of /api/auth/me, /api/auth/signup and /api/auth/login. */
export const authResponseSchema = z.object({ business: businessSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

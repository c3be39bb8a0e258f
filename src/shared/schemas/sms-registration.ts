import { z } from 'zod';
import { providerIdFields } from './provider-ids';
import { normalizePhone } from '../phone';
import { isPublicHttpsUrl } from '../public-url';
import { WEBSITE_EXAMPLE } from './business';
import { requiredText } from './required-text';

// A2P 10DLC registration of the business's number (docs/sms-registration.md): the form on the SMS
// Setup tab, the status of each step, and the fees shown before submitting.

export const STEP_STATUSES = ['draft', 'submitted', 'pending', 'approved', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const BUSINESS_TYPES = ['sole_proprietor', 'llc', 'corporation', 'partnership', 'non_profit'] as const;
export type RegistrationBusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<RegistrationBusinessType, string> = {
  sole_proprietor: 'Sole proprietor (no EIN)',
  llc: 'LLC',
  corporation: 'Corporation',
  partnership: 'Partnership',
  non_profit: 'Non-profit',
};

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN',
  'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY',
] as const;

export const REGISTRATION_MESSAGES = {
  legalName: 'Legal business name is required',
  ein: 'EIN must be 9 digits (e.g., 12-3456789)',
  businessType: 'Please choose a business type from the list',
  street: 'Street address is required',
  city: 'City is required',
  state: 'Please choose a state from the list',
  postalCode: 'ZIP code must be 5 digits',
  website: `Website URL must be a valid HTTPS URL (e.g., ${WEBSITE_EXAMPLE})`,
  firstName: 'Contact first name is required',
  lastName: 'Contact last name is required',
  email: 'Invalid email address',
  phone: 'Please enter a valid phone number',
  title: 'Contact job title is required',
  serviceSid: 'A messaging service SID starts with MG followed by 32 letters or digits',
  tooLong: (what: string, max: number) => `${what} must be at most ${max} characters`,
} as const;
const m = REGISTRATION_MESSAGES;

const required = (message: string, max: number, what: string) => requiredText(message, max, m.tooLong(what, max));

/** An EIN as the IRS writes it (12-3456789) or as its 9 digits; nothing else (no other separators, signs or letters). */
const EIN_PATTERN = /^(?:\d{9}|\d{2}-\d{7})$/;

/** POST /api/sms/registration: the business as Twilio registers it (a sole proprietor has no EIN). */
export const registrationDetailsSchema = z
  .object(
    {
      businessType: z.enum(BUSINESS_TYPES, { error: m.businessType }),
      legalName: required(m.legalName, 100, 'Legal business name'),
      // Empty or absent: no EIN (a sole proprietor); anything else must be an EIN, whatever the business type.
      ein: z
        .string({ error: m.ein })
        .trim()
        .refine((v) => v === '' || EIN_PATTERN.test(v), { error: m.ein })
        .nullish()
        .transform((v) => (v ? v.replace('-', '') : '')),
      street: required(m.street, 100, 'Street address'),
      city: required(m.city, 60, 'City'),
      state: z.enum(US_STATES, { error: m.state }),
      postalCode: z.string({ error: m.postalCode }).trim().regex(/^\d{5}$/, { error: m.postalCode }),
      website: z.string({ error: m.website }).trim().refine(isPublicHttpsUrl, { error: m.website }),
      firstName: required(m.firstName, 50, 'Contact first name'),
      lastName: required(m.lastName, 50, 'Contact last name'),
      email: z.string({ error: m.email }).trim().max(254, { error: m.email }).pipe(z.email({ error: m.email })),
      phone: z
        .string({ error: m.phone })
        .max(30, { error: m.phone })
        .transform((v, ctx) => {
          const phone = normalizePhone(v);
          if (!phone) ctx.addIssue({ code: 'custom', message: m.phone });
          return phone ?? '';
        }),
      title: required(m.title, 60, 'Contact job title'),
    },
    { error: 'Request body must be a JSON object' },
  )
  .strip()
  // An EIN is how carriers check a company; a sole proprietor registers without one. Checked even when another
  // field is wrong, so the form shows every message at once.
  // A malformed EIN already has its own issue; this one is for a company's missing EIN.
  .refine((v) => v.businessType === 'sole_proprietor' || (typeof v.ein === 'string' && v.ein !== ''), {
    path: ['ein'],
    message: m.ein,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  });
export type RegistrationDetailsInput = z.input<typeof registrationDetailsSchema>;
export type RegistrationDetails = z.output<typeof registrationDetailsSchema>;

/** POST /api/sms/registration/existing: a messaging service of the business's own with an approved campaign. */
export const existingServiceSchema = z.object(
  {
    messagingServiceSid: z
      .string({ error: m.serviceSid })
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, { error: m.serviceSid })
      .register(providerIdFields, { kind: 'messaging service' }),
  },
  { error: 'Request body must be a JSON object' },
);

const stepSchema = z.object({ status: z.enum(STEP_STATUSES), reason: z.string().nullable(), fix: z.string().nullable() });

export const registrationSchema = z.object({
  /** 'none' before the owner submits anything; 'approved' once texts may go out. */
  status: z.enum(['none', 'draft', 'submitted', 'pending', 'approved', 'failed']),
  mode: z.enum(['register', 'existing']).nullable(),
  details: z.record(z.string(), z.string()).nullable(),
  steps: z.object({ profile: stepSchema, brand: stepSchema, campaign: stepSchema }),
  messagingServiceSid: z.string().nullable(),
  submittedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** Sentence the screens show wherever a text would go out while this is not approved. */
  blockedMessage: z.string().nullable(),
  simulator: z.boolean(),
});
export type Registration = z.infer<typeof registrationSchema>;

/**
 * Twilio's figures, in one place (sources in docs/sms-registration.md): the one-time brand registration fee,
 * the one-time campaign vetting fee, the monthly campaign fee, and the review times Twilio states.
 */
export const REGISTRATION_FEES = {
  brandOneTime: 4,
  campaignVettingOneTime: 15,
  monthlyLowVolume: 1.5,
  monthlySoleProprietor: 2,
  brandReview: 'usually minutes, up to a few days',
  campaignReview: 'up to 5 business days, longer at busy times',
} as const;

/**
 * Submissions of the registration form a business may make in 24 hours (docs/sms-registration.md, "Resubmitting"):
 * each starts a new brand or campaign, which Twilio charges again.
 */
export const REGISTRATION_SUBMISSIONS_PER_DAY = 3;

import { z } from 'zod';
import { requiredText } from './required-text';
import { MAX_ID } from './ids';
import { formStylesSchema } from './forms-styles';

// Lead-capture forms (spec part 2 "Forms", sections 3, 4, 5, 7, 8, 9; docs/forms.md).

export const FIELD_TYPES = ['text', 'email', 'phone', 'textarea', 'select', 'checkbox', 'sms-optin'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  textarea: 'Long text',
  select: 'Dropdown',
  checkbox: 'Checkbox',
  'sms-optin': 'SMS opt-in',
};

export const DEFAULT_SMS_OPTIN_TEXT = "Yes, I'd like to receive SMS updates about my service appointments and special offers.";
/** Always shown after an SMS opt-in's text, and stored with the consent; the owner cannot edit it. */
export const SMS_COMPLIANCE_TEXT = 'Message and data rates may apply. Message frequency varies. Reply STOP to opt out, HELP for help.';
export const NEW_FIELD_LABEL = 'New Field';

export const FORM_NAME_REQUIRED = 'Form name is required';
export const FORM_NOT_FOUND = 'Form not found';
export const FORM_UNAVAILABLE = 'This form is not available. It may have been removed, or the link is incomplete.';
export const FORM_INACTIVE = 'This form is not accepting submissions right now. Please contact the business directly.';

export const MAX_FORMS = 100;
export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;
export const MAX_FORM_NAME = 120;
export const MAX_DESCRIPTION = 1000;
export const MAX_LABEL = 200;
export const MAX_PLACEHOLDER = 200;
export const MAX_OPTION = 200;
export const MAX_OPTIN_TEXT = 500;
/** Field ids: a letter, then letters, digits, _ or -; the page's own inputs start with _ and never clash. */
export const FIELD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** A well-formed embed token: 32 to 64 URL-safe characters (the browser makes 32 random bytes, 43 characters). */
export const EMBED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export const DEFAULT_FIELDS = [
  { id: 'name', type: 'text', label: 'Name', required: true, placeholder: 'Your name' },
  { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
  { id: 'phone', type: 'phone', label: 'Phone', required: false, placeholder: '(555) 123-4567' },
  { id: 'message', type: 'textarea', label: 'Message', required: false, placeholder: 'How can we help?' },
] as const satisfies readonly FormFieldInput[];

const text = (what: string, max: number) =>
  z.string({ error: `${what} must be text` }).trim().max(max, { error: `${what} must be at most ${max} characters` });

export const formFieldSchema = z
  .strictObject(
    {
      id: z.string({ error: 'Each field needs an id' }).regex(FIELD_ID_PATTERN, { error: 'A field id must start with a letter and use only letters, digits, - and _ (64 at most)' }),
      type: z.enum(FIELD_TYPES, { error: `A field type must be one of: ${FIELD_TYPES.join(', ')}` }),
      label: text('A field label', MAX_LABEL).min(1, { error: 'Every field needs a label' }),
      required: z.boolean({ error: 'Required must be yes or no' }).default(false),
      placeholder: text('A placeholder', MAX_PLACEHOLDER).optional(),
      options: z
        .array(text('An option', MAX_OPTION).min(1, { error: 'A dropdown option cannot be empty' }), { error: 'Options must be a list' })
        .max(MAX_OPTIONS, { error: `A dropdown can have at most ${MAX_OPTIONS} options` })
        .optional(),
      smsOptInText: text('The SMS opt-in text', MAX_OPTIN_TEXT).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'A field has a property that does not exist' : 'Each field must be an object') },
  )
  .superRefine((f, ctx) => {
    if (f.type === 'select') {
      if (!f.options?.length) ctx.addIssue({ code: 'custom', message: `The dropdown "${f.label}" needs at least one option`, path: ['options'] });
      else if (new Set(f.options).size !== f.options.length) ctx.addIssue({ code: 'custom', message: `The dropdown "${f.label}" lists an option twice`, path: ['options'] });
    }
  })
  .transform((f) => {
    // Only what the type uses is kept: options for dropdowns, the opt-in text (default filled) for SMS opt-ins.
    // Consent to texts is never a condition of sending the form, so an SMS opt-in is never required.
    const out: FormField = { id: f.id, type: f.type, label: f.label, required: f.type === 'sms-optin' ? false : f.required };
    if (f.placeholder && !['checkbox', 'sms-optin', 'select'].includes(f.type)) out.placeholder = f.placeholder;
    if (f.type === 'select') out.options = f.options;
    if (f.type === 'sms-optin') out.smsOptInText = f.smsOptInText || DEFAULT_SMS_OPTIN_TEXT;
    return out;
  });
export type FormFieldInput = z.input<typeof formFieldSchema>;
export type FormField = {
  id: string;
  type: FieldType;
  label: string;
  required: boolean;
  placeholder?: string;
  options?: string[];
  smsOptInText?: string;
};

export const formFieldsSchema = z
  .array(formFieldSchema, { error: 'Fields must be a list' })
  .min(1, { error: 'A form needs at least one field' })
  .max(MAX_FIELDS, { error: `A form can have at most ${MAX_FIELDS} fields` })
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', message: `Two fields have the id "${f.id}"; each field needs its own` });
      seen.add(f.id);
    }
    const optIns = fields.filter((f) => f.type === 'sms-optin').length;
    if (optIns > 1) ctx.addIssue({ code: 'custom', message: 'A form can have only one SMS opt-in field' });
    if (optIns === 1 && !fields.some((f) => f.type === 'phone')) ctx.addIssue({ code: 'custom', message: 'A form with an SMS opt-in needs a Phone field, so the texts have a number to go to' });
  });

const formName = requiredText(FORM_NAME_REQUIRED, MAX_FORM_NAME, `Form name must be at most ${MAX_FORM_NAME} characters`);
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(MAX_DESCRIPTION, { error: `Description must be at most ${MAX_DESCRIPTION} characters` })
  .nullish()
  .transform((v) => v || null);

/** POST /api/forms. businessId is sent as 0 by the browser and ignored: the business is the session's. */
export const createFormSchema = z.object({
  businessId: z.number({ error: 'businessId is ignored; send 0' }).int({ error: 'businessId is ignored; send 0' }).min(0, { error: 'businessId is ignored; send 0' }).max(MAX_ID, { error: 'businessId is ignored; send 0' }).optional(),
  name: formName,
  description,
  fields: formFieldsSchema,
  /** Used only when well-formed and free; otherwise the server makes one. */
  embedToken: z.string({ error: 'embedToken must be text' }).max(200, { error: 'embedToken is too long' }).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  styles: formStylesSchema.optional().transform((s) => s ?? formStylesSchema.parse({})),
});
export type CreateFormInput = z.input<typeof createFormSchema>;

/** PATCH /api/forms/{id}: the Edit dialog's settings and fields; name is required here too. */
export const updateFormSchema = z.object({
  name: formName,
  description,
  fields: formFieldsSchema.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  styles: formStylesSchema.optional(),
});
export type UpdateFormInput = z.input<typeof updateFormSchema>;

export const formSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  fields: z.array(
    z.object({
      id: z.string(),
      type: z.enum(FIELD_TYPES),
      label: z.string(),
      required: z.boolean(),
      placeholder: z.string().optional(),
      options: z.array(z.string()).optional(),
      smsOptInText: z.string().optional(),
    }),
  ),
  embedToken: z.string(),
  isActive: z.boolean(),
  styles: formStylesSchema,
  submissionCount: z.number().int(),
  createdAt: z.string(),
});
export type Form = z.infer<typeof formSchema>;
export const formListSchema = z.array(formSchema);
export const deleteFormReplySchema = z.object({ success: z.literal(true), id: z.number().int() });

// The public submission (POST /api/forms/{embedToken}/submit).

/** The page's own inputs: the honeypot (left empty by people) and the page the form was shown on. */
export const HONEYPOT_FIELD = '_rf_website';
export const PAGE_URL_FIELD = '_rf_page';
/** The referral code a visitor arrived with (the Share dialog's website link, `?ref=CODE`): the lead is credited to its client. */
export const REF_FIELD = '_rf_ref';
export const MAX_ANSWER = 5000;
export const MAX_SUBMISSION_KEYS = 100;

/** Answers keyed by field id: text, or true/false for a checkbox in JSON (a form post sends "on"). */
export const submissionSchema = z
  .record(
    z.string().max(100, { error: 'A field id is too long' }),
    z.union([z.string().max(MAX_ANSWER, { error: `Please keep each answer under ${MAX_ANSWER} characters` }), z.boolean()], {
      error: 'Each answer must be text (or true/false for a checkbox)',
    }),
    { error: 'Send the answers as an object keyed by field id' },
  )
  .refine((v) => Object.keys(v).length <= MAX_SUBMISSION_KEYS, { error: 'The submission has too many fields' });
export type SubmissionInput = z.infer<typeof submissionSchema>;

export const THANK_YOU_TITLE = 'Thank you!';
export const THANK_YOU_DETAIL = 'We received your details and will be in touch soon.';
/** The submission's answer (JSON); the page shows it as a heading and a line. */
export const THANK_YOU = `${THANK_YOU_TITLE} ${THANK_YOU_DETAIL}`;

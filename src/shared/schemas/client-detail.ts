import { z } from 'zod';
import { requiredText } from './required-text';
import { clientSchema } from './clients';

// GET, PATCH and DELETE /api/clients/:id (docs/clients-api.md): the client detail view and its Edit.

export const CLIENT_NOT_FOUND = 'Client not found';

/** At most this many bookings are listed in the detail view, newest first; the totals count them all. */
export const CLIENT_DETAIL_BOOKINGS_LIMIT = 200;

export const clientBookingSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD' */
  serviceDate: z.string(),
  serviceType: z.string().nullable(),
  amount: z.number().nullable(),
  status: z.string(),
  /** csv, webhook, manual or demo */
  source: z.string().nullable(),
});
export type ClientBooking = z.infer<typeof clientBookingSchema>;

export const clientTotalsSchema = z.object({
  completedBookings: z.number(),
  totalSpent: z.number(),
  averageBooking: z.number(),
  /** Bookings of any status (completed or not). */
  allBookings: z.number(),
});
export type ClientTotals = z.infer<typeof clientTotalsSchema>;

export const clientDetailSchema = z.object({
  client: clientSchema,
  bookings: z.array(clientBookingSchema),
  totals: clientTotalsSchema,
  /** Today in the business's time zone ('YYYY-MM-DD'), the day the loyalty sentence is written for. */
  today: z.string(),
  /** The owner's notes on the client (Edit on the client view); not part of the list's Client object. */
  notes: z.string().nullable(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const clientDeletedSchema = z.object({ success: z.literal(true), message: z.string(), deletedBookings: z.number() });
export type ClientDeleted = z.infer<typeof clientDeletedSchema>;

export const CLIENT_NOTES_MAX = 2000;
export const CLIENT_NAME_REQUIRED = 'Please enter a name';
export const CLIENT_CONTACT_REQUIRED = 'Please keep an email or a phone number';
export const CLIENT_EMAIL_TAKEN = 'Another client already has this email';

const optionalText = (max: number, message: string) => z.union([z.string().trim().max(max, { error: message }), z.null()], { error: message });

/**
 * PATCH /api/clients/:id: the fields to change, each optional (absent = unchanged); e-mail, phone and notes
 * may be cleared with '' or null. The same rules as Add Client: a valid e-mail, a usable phone (checked by
 * the server, which stores it as E.164), a name of at most 200 characters.
 */
export const updateClientSchema = z.strictObject(
  {
    name: requiredText(CLIENT_NAME_REQUIRED, 200, 'Name is too long').optional(),
    email: optionalText(254, 'Please enter a valid email')
      .refine((v) => !v || z.email().safeParse(v).success, { error: 'Please enter a valid email' })
      .optional(),
    phone: optionalText(40, 'Please enter a valid phone number').optional(),
    notes: optionalText(CLIENT_NOTES_MAX, `Notes must be text of at most ${CLIENT_NOTES_MAX} characters`).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only name, email, phone and notes can be changed' : 'Please send the fields to change as JSON') },
);
export type UpdateClientInput = z.input<typeof updateClientSchema>;

import { z } from 'zod';

// Automated texts (thank-you after a booking, review request, referral follow-up) waiting to go out
// (docs/sms-automations.md): GET /api/sms/scheduled.

export const SCHEDULED_PAGE_SIZE = 50;
export const AUTOMATED_KINDS = ['thankYou', 'review', 'followUp'] as const;

/** Texts the owner tapped out at a closed hour for the recipient wait with them (docs/sms-send-window.md "Per kind of text"). */
export const SCHEDULED_KINDS = [...AUTOMATED_KINDS, 'gift', 'referral', 'custom', 'reply'] as const;
type ScheduledKind = (typeof SCHEDULED_KINDS)[number];

/** How the Message History tab names each kind. */
export const AUTOMATED_KIND_LABELS: Record<ScheduledKind, string> = {
  thankYou: 'Thank-you',
  review: 'Review request',
  followUp: 'Referral follow-up',
  gift: 'Gift',
  referral: 'Referral ask',
  custom: 'Text',
  reply: 'Reply',
};

export const scheduledQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be 1 or more' })
    .max(100_000, { error: 'page must be 100000 or less' })
    .default(1),
});

export const scheduledTextSchema = z.object({
  id: z.number(),
  kind: z.enum(SCHEDULED_KINDS),
  /** The client, or the referred friend a follow-up goes to. */
  recipientName: z.string(),
  /** E.164, or null when the client has no number on file any more. */
  phone: z.string().nullable(),
  clientId: z.number().nullable(),
  /** When it goes out at the earliest (ISO): its slot, the start of the recipient's window, or a retry. */
  dueAt: z.string(),
  /** queued, or sending while it is handed to the provider. */
  status: z.enum(['queued', 'sending']),
  /** Why it waits (outside the recipient's hours, a daily cap, a retry), in the owner's words; null when it simply is due then. */
  reason: z.string().nullable(),
  /** The text with its placeholders (filled in for the recipient when it goes). */
  body: z.string(),
});
export type ScheduledText = z.infer<typeof scheduledTextSchema>;

export const scheduledTextsSchema = z.object({
  texts: z.array(scheduledTextSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});

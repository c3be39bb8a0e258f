import { z } from 'zod';
import { requiredText } from './required-text';
import { idInput } from './ids';
import { MAX_SMS_BODY } from './sms';

// Bulk sends as durable server work (docs/sms-outbox.md; decision 0007): the screen posts the selection
// once and follows the batch's progress.

export const MAX_BULK_RECIPIENTS = 5000;
export const BULK_NO_CLIENTS = 'Please select at least one client';
export const BULK_NO_MESSAGE = 'Please enter a message';
export const BULK_BAD_KEY = 'The idempotency key must be 8 to 200 letters, digits or - _ : .';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,200}$/;

/** POST /api/sms/bulk */
export const bulkSendSchema = z.object({
  clientIds: z
    .array(idInput('Invalid client id'), { error: BULK_NO_CLIENTS })
    .min(1, { error: BULK_NO_CLIENTS })
    .max(MAX_BULK_RECIPIENTS, { error: `At most ${MAX_BULK_RECIPIENTS} clients in one bulk send` })
    .transform((ids) => [...new Set(ids)]),
  message: requiredText(BULK_NO_MESSAGE, MAX_SMS_BODY, `The message is too long (${MAX_SMS_BODY} characters at most)`, { multiline: true }),
  /**
   * The screen's key for this send (also accepted as the Idempotency-Key header): a repeat with the same key
   * (double click, second tab, retried request) answers the batch it started instead of starting another.
   */
  idempotencyKey: z.string({ error: BULK_BAD_KEY }).regex(IDEMPOTENCY_KEY, { error: BULK_BAD_KEY }).optional(),
});

export const bulkProblemSchema = z.object({
  clientId: z.number().int().nullable(),
  name: z.string(),
  status: z.enum(['failed', 'skipped']),
  reason: z.string(),
});

export const bulkBatchSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  total: z.number().int(),
  /** Waiting for their turn (pacing) or their window: `held` of them wait for quiet hours or a daily cap. */
  queued: z.number().int(),
  held: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** When the next waiting text is due (ISO), null when none waits. */
  nextAt: z.string().nullable(),
  finished: z.boolean(),
  /** The first texts that failed or were skipped, with why: 50 for one batch, 3 in the list of the newest. */
  problems: z.array(bulkProblemSchema),
  /** Texts waiting for their window, grouped by the recipient's time zone and the window's opening (ISO), soonest first (10 groups at most). */
  waits: z.array(z.object({ count: z.number().int(), at: z.string(), timeZone: z.string().nullable() })),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

export const bulkSendResponseSchema = z.object({ success: z.literal(true), message: z.string(), batch: bulkBatchSchema });
export type BulkSendResponse = z.infer<typeof bulkSendResponseSchema>;

export const bulkBatchesResponseSchema = z.object({ batches: z.array(bulkBatchSchema) });

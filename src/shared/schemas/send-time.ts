import { z } from 'zod';
import { MAX_ID } from './ids';

// When the owner's one-tap text (thank-you, gift, follow-up, referral ask) goes: at once, or at the start of the
// recipient's allowed hours (docs/sms-send-window.md "Per kind of text"). The server decides; the dialogs show
// its answer before sending and the toasts after.

/** A text that waits for the recipient's hours: when it goes (ISO), in which zone, and that time as the recipient reads it. */
export const scheduledSendSchema = z.object({
  at: z.string(),
  timeZone: z.string(),
  /** "8:00 am", "8:00 am tomorrow" or "12:00 pm Sun, Nov 29", on the recipient's clock. */
  local: z.string(),
});
export type ScheduledSend = z.infer<typeof scheduledSendSchema>;

/** GET /api/sms/send-time?clientId=N: when a one-tap text to this client would go if sent now. */
const CLIENT_NOT_FOUND = 'Client not found';
export const sendTimeQuerySchema = z.object({
  clientId: z.coerce.number({ error: CLIENT_NOT_FOUND }).int({ error: CLIENT_NOT_FOUND }).positive({ error: CLIENT_NOT_FOUND }).max(MAX_ID, { error: CLIENT_NOT_FOUND }),
});
export const sendTimeResponseSchema = z.object({ scheduled: scheduledSendSchema.nullable() });

/** The dialogs' line before sending. */
export const willBeSentAt = (scheduled: ScheduledSend) => `Will be sent at ${scheduled.local} their time`;

/** The answer's and the toast's sentence once a text was queued: "Gift scheduled for 8:00 am their time". */
export const scheduledFor = (what: string, scheduled: ScheduledSend) => `${what} scheduled for ${scheduled.local} their time`;

/** "8:00 am" on the recipient's clock; "tomorrow" or the day when it is not the recipient's today. */
export function localSendTime(at: Date, timeZone: string, now: Date): string {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at).replace(/\s?([AP])M$/, (_m, p: string) => ` ${p.toLowerCase()}m`);
  if (day(at) === day(now)) return time;
  if (day(at) === day(new Date(now.getTime() + 86_400_000))) return `${time} tomorrow`;
  return `${time} ${new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(at)}`;
}

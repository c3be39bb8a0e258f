import { format, isSameDay } from 'date-fns';
import type { BulkBatch } from '../../../shared/schemas/sms-bulk';

// What the Bulk Messaging tab reads from a batch (GET /api/sms/bulk/:id): which batch to show, how far it
// is, and what the owner is told when it ends (docs/sms-bulk-screen.md).

export type { BulkBatch };

/** Texts that have an outcome: sent, failed or skipped. */
export const doneCount = (b: BulkBatch) => b.sent + b.failed + b.skipped;

/** The text being sent now, counted from 1 ("Sending 3 of 10"). */
export const currentNumber = (b: BulkBatch) => Math.min(doneCount(b) + 1, b.total);

/** Every text still waiting waits for its recipient's quiet hours or a daily cap: nothing goes out now. */
export const onlyHeld = (b: BulkBatch) => !b.finished && b.sending === 0 && b.queued > 0 && b.held === b.queued;

/**
 * The batch the tab shows when it opens (after a reload, or coming back to the tab): the newest one still
 * going out; otherwise the newest one, unless the owner dismissed it (or a newer one).
 */
export function pickBatch(batches: BulkBatch[], dismissedId: number | null): number | null {
  const newestFirst = [...batches].sort((a, b) => b.id - a.id);
  const going = newestFirst.find((b) => !b.finished && b.id !== dismissedId);
  if (going) return going.id;
  const newest = newestFirst[0];
  return newest && (dismissedId == null || newest.id > dismissedId) ? newest.id : null;
}

/** The toast when a batch the owner watched ends: the spec's titles, and what happened. */
export function finishedToast(b: BulkBatch): { title: string; description: string; ok: boolean } {
  if (b.sent === b.total) {
    return { ok: true, title: 'Messages sent successfully', description: `Sent to ${b.sent} ${b.sent === 1 ? 'client' : 'clients'}.` };
  }
  const first = b.problems[0];
  const skipped = b.skipped ? `, ${b.skipped} skipped` : '';
  return {
    ok: false,
    title: 'Failed to send messages',
    description: `${b.sent} sent, ${b.failed} failed${skipped}${first ? `: ${first.name}: ${first.reason}` : ''}`,
  };
}

/** When the next waiting text goes out, in the owner's local time: "4:05 PM", or "Tue Nov 24, 8:00 AM" on another day. */
export function nextAtLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return format(at, isSameDay(at, now) ? 'h:mm a' : 'EEE MMM d, h:mm a');
}

/** Clients whose text failed (a provider failure may pass): kept selected for another try. Skipped ones would be skipped again. */
export const retryableIds = (b: BulkBatch) => b.problems.filter((p) => p.status === 'failed' && p.clientId != null).map((p) => p.clientId!);

/** The batch the owner dismissed last, per business and browser, so a reload doesn't bring its result back. */
export const dismissedKey = (businessId: number) => `referloop.bulk-dismissed.${businessId}`;

export function readDismissed(businessId: number | undefined): number | null {
  if (businessId == null) return null;
  try {
    const raw = window.localStorage.getItem(dismissedKey(businessId));
    const id = raw == null ? NaN : Number(raw);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null; // storage blocked: the result comes back after a reload, nothing worse
  }
}

export function writeDismissed(businessId: number | undefined, id: number) {
  if (businessId == null) return;
  try {
    window.localStorage.setItem(dismissedKey(businessId), String(id));
  } catch {
    // storage blocked: see readDismissed
  }
}

/** A zone's name as owners say it: "Pacific", "Hawaii", "Arizona"; others from the browser ("Atlantic"), else the city. */
export function zoneName(timeZone: string, at = new Date()): string {
  const spoken: Record<string, string> = { 'Pacific/Honolulu': 'Hawaii', 'America/Phoenix': 'Arizona', 'America/Adak': 'Aleutian' };
  if (spoken[timeZone]) return spoken[timeZone];
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    if (name && !/^GMT/.test(name)) return name.replace(/( Standard| Daylight)? Time$/, '');
  } catch {
    // an unknown zone: its city
  }
  return timeZone.split('/').pop()!.replace(/_/g, ' ');
}

const dayInZone = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/**
 * When texts waiting for their window go, in the recipients' own time: "412 wait for 8:00 am Pacific",
 * "188 wait for 8:00 am Hawaii tomorrow", "3 wait for 8:00 am Eastern on Mon, Nov 30". Without a zone (texts
 * queued before zones were kept): the owner's local time.
 */
export function waitLine(w: BulkBatch['waits'][number], now = new Date()): string {
  const at = new Date(w.at);
  const verb = w.count === 1 ? 'waits' : 'wait';
  if (!w.timeZone) return `${w.count} ${verb} until ${nextAtLabel(w.at, now)}`;
  const time = new Intl.DateTimeFormat('en-US', { timeZone: w.timeZone, hour: 'numeric', minute: '2-digit' }).format(at).replace(/\s?(AM|PM)$/, (_m, p: string) => ` ${p.toLowerCase()}`);
  const today = dayInZone(now, w.timeZone);
  const day = dayInZone(at, w.timeZone);
  const tomorrow = dayInZone(new Date(now.getTime() + 86_400_000), w.timeZone);
  const when =
    day === today ? '' : day === tomorrow ? ' tomorrow' : ` on ${new Intl.DateTimeFormat('en-US', { timeZone: w.timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(at)}`;
  return `${w.count} ${verb} for ${time} ${zoneName(w.timeZone, at)}${when}`;
}

import { z } from 'zod';
import { normalizePhone } from '../../../shared/phone';
import { parseAmount, parseServiceDate } from '../../../shared/schemas/imports';
import type { BookingRow } from '../bookings/service';

/** One booking as it arrived (file row or webhook payload), before any rule ran. */
export type RawBooking = {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  date?: unknown;
  amount?: unknown;
  /** undefined when the source has no status at all: such sources hold completed jobs only. */
  status?: unknown;
  serviceType?: unknown;
};

export type Normalized =
  | { kind: 'booking'; booking: BookingRow; warning?: string; invalidPhone: boolean }
  /** A cancelled or no-show row, kept for Insights' cancellation rate when the caller asks (imports only). */
  | { kind: 'cancelled'; booking: BookingRow & { status: CancelledStatus } }
  | { kind: 'skipped' }
  | { kind: 'error'; reason: string };

const text = (v: unknown) => (v == null ? '' : String(v).trim());
const emailShape = z.email();
const quote = (v: unknown) => `"${text(v).slice(0, 60)}"`;

/**
 * Rules that depend on the business: the latest service date accepted (today in its time zone plus a day),
 * and whether cancelled and no-show rows are kept (the importer: yes; the webhook: no, it stays Completed only).
 */
export type RowRules = { latestServiceDate?: string; keepCancelled?: boolean };

/** The statuses a kept non-completed booking can have (docs/insights.md, "Cancelled bookings"). */
export type CancelledStatus = 'cancelled' | 'no-show';

/**
 * A non-completed status as a kept booking status: anything with "cancel" in it (Cancelled, Canceled,
 * Late Cancel, Cancelled by client) is cancelled; No-show, No show, Noshow, Missed are no-show. Anything
 * else (Scheduled, Pending, Rescheduled, blank...) is not a cancellation and is only skipped.
 */
export function cancelledStatusOf(status: unknown): CancelledStatus | null {
  const s = text(status).toLowerCase().replace(/[\s_-]+/g, '');
  if (s.includes('cancel')) return 'cancelled';
  if (s === 'noshow' || s === 'missed' || s === 'didnotshow') return 'no-show';
  return null;
}

/** The importer's and the webhook's row rules: completed only, a name, a date (not in the future), an e-mail or phone. */
export function normalizeBooking(raw: RawBooking, rules: RowRules = {}): Normalized {
  if (raw.status !== undefined && text(raw.status).toLowerCase() !== 'completed') {
    const status = rules.keepCancelled ? cancelledStatusOf(raw.status) : null;
    if (!status) return { kind: 'skipped' };
    // Checked by the same rules as a completed row; a cancelled row that fails them is only skipped, as before.
    const checked = normalizeBooking({ ...raw, status: undefined }, { latestServiceDate: rules.latestServiceDate });
    return checked.kind === 'booking' ? { kind: 'cancelled', booking: { ...checked.booking, status } } : { kind: 'skipped' };
  }
  const name = text(raw.name).replace(/\s+/g, ' ');
  if (!name) return { kind: 'error', reason: 'missing client name' };
  if (name.length > 200) return { kind: 'error', reason: 'client name is longer than 200 characters' };
  const serviceDate = parseServiceDate(typeof raw.date === 'string' ? raw.date.trim() : raw.date);
  if (!serviceDate) {
    return text(raw.date)
      ? { kind: 'error', reason: `invalid service date ${quote(raw.date)} (use YYYY-MM-DD or MM/DD/YYYY)` }
      : { kind: 'error', reason: 'missing service date' };
  }
  if (rules.latestServiceDate && serviceDate > rules.latestServiceDate) {
    return { kind: 'error', reason: `service date ${serviceDate} is in the future (only completed bookings can be imported)` };
  }
  const emailText = text(raw.email).toLowerCase();
  if (emailText && (emailText.length > 254 || !emailShape.safeParse(emailText).success)) {
    return { kind: 'error', reason: `invalid email ${quote(raw.email)}` };
  }
  const amount = parseAmount(raw.amount);
  if (amount === undefined) return { kind: 'error', reason: `invalid amount ${quote(raw.amount)}` };
  const phoneText = text(raw.phone);
  const phone = phoneText ? normalizePhone(phoneText) : null;
  const invalidPhone = Boolean(phoneText) && !phone;
  if (!emailText && !phone) {
    return {
      kind: 'error',
      reason: invalidPhone ? `phone ${quote(raw.phone)} is not usable and there is no email` : 'needs an email or a phone number',
    };
  }
  const serviceType = text(raw.serviceType).slice(0, 100) || null;
  return {
    kind: 'booking',
    booking: { name, email: emailText || null, phone, serviceDate, serviceType, amount },
    invalidPhone,
    warning: invalidPhone ? `phone ${quote(raw.phone)} is not a usable phone number; the client was kept without a phone` : undefined,
  };
}

import { HttpError } from '../../../platform/errors';
import { type RateRule, secondsUntil } from '../../../platform/rate-limit-counters';
import { REGISTRATION_SUBMISSIONS_PER_DAY, type RegistrationDetails } from '../../../../shared/schemas/sms-registration';

// What bounds the registration's submissions (docs/sms-registration.md, "Resubmitting"): each one makes a new
// brand or campaign at Twilio, which charges its fee again.

/** Submissions per business in 24 hours, counted in the rate_limits table so every instance sees one count. */
export const SUBMISSIONS_PER_DAY: RateRule = { prefix: 'sms-registration:business', limit: REGISTRATION_SUBMISSIONS_PER_DAY, windowSeconds: 24 * 60 * 60 };

export const UNCHANGED =
  'Change what was turned down before resubmitting: these are the same details Twilio turned down, and each new submission is charged again.';

export function tooManySubmissions(resetAt: Date): HttpError {
  const seconds = secondsUntil(resetAt);
  const hours = Math.ceil(seconds / 3600);
  const wait = hours > 1 ? `${hours} hours` : `${Math.max(1, Math.ceil(seconds / 60))} minutes`;
  return new HttpError(
    429,
    `Your registration was already submitted ${REGISTRATION_SUBMISSIONS_PER_DAY} times today, and Twilio charges for each new submission. Please try again in ${wait}.`,
    { 'retry-after': String(seconds) },
  );
}

/** The details are the ones already submitted (field by field, as the form's schema tidied them). */
export function sameDetails(before: Partial<RegistrationDetails> | null | undefined, now: RegistrationDetails): boolean {
  if (!before) return false;
  const keys = new Set([...Object.keys(before), ...Object.keys(now)]) as Set<keyof RegistrationDetails>;
  return [...keys].every((k) => String(before[k] ?? '') === String(now[k] ?? ''));
}

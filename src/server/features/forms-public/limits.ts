import type { RateRule } from '../../platform/rate-limit-counters';

// docs/forms.md "Spam". Counted in the rate_limits table, so every app instance sees the same counts.

/**
 * Submissions stored from one internet address, across every form, per hour. Phones on a carrier network
 * often share an address, so this bounds abuse rather than counting one person.
 */
export const SUBMISSIONS_PER_IP: RateRule = { prefix: 'form-submit:ip', limit: 20, windowSeconds: 60 * 60 };

/** Requests per address per minute to the embed page and to the submit route (in memory: a bound on bursts). */
export const EMBED_VIEWS_PER_MINUTE = 120;
export const SUBMITS_PER_MINUTE = 120;

/** Bytes: a form of 30 fields with long answers fits many times over. */
export const SUBMIT_BODY_LIMIT = 64 * 1024;

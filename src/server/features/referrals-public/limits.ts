import type { RateRule } from '../../platform/rate-limit-counters';

// docs/referrals.md "Public claim". Counted in the rate_limits table, so every app instance sees the same counts.

/**
 * Claim attempts (well-formed requests, refused ones too) per internet address, across businesses. Phones on a
 * carrier network often share one address, so this bounds abuse rather than counting one person.
 */
export const CLAIMS_PER_IP: RateRule = { prefix: 'referral-claim:ip', limit: 30, windowSeconds: 60 * 60 };

/**
 * Referrals created for one business from one address in a day (subject `businessId:address`); past this they
 * are still saved, flagged for the owner to review.
 */
export const FLAG_AFTER_PER_IP: RateRule = { prefix: 'referral-claim-day:business-ip', limit: 3, windowSeconds: 24 * 60 * 60 };

/** Code look-ups per address per minute (in memory, a bound on guessing codes). */
export const LOOKUPS_PER_MINUTE = 60;

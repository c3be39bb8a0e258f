import type { RateRule } from '../../platform/rate-limit-counters';

// docs/referrals.md "Public claim". Counted in the rate_limits table, so every app instance sees the same counts.

/** Claim attempts (well-formed requests, refused ones too) per internet address. */
export const CLAIMS_PER_IP: RateRule = { prefix: 'referral-claim:ip', limit: 10, windowSeconds: 60 * 60 };

/** Referrals created per address in a day; past this they are still saved, flagged for the owner to review. */
export const FLAG_AFTER_PER_IP: RateRule = { prefix: 'referral-claim-day:ip', limit: 3, windowSeconds: 24 * 60 * 60 };

/** Code look-ups per address per minute (in memory, a bound on guessing codes). */
export const LOOKUPS_PER_MINUTE = 60;

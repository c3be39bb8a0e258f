import type { RateRule } from '../../platform/rate-limit-counters';

// Sign-in and reset-link limits, counted in PostgreSQL (platform/rate-limit-counters.ts) so they hold
// across app instances. docs/accounts.md "Sign-in throttling".
export const LOGIN_PER_EMAIL: RateRule = { prefix: 'login:email', limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_PER_IP: RateRule = { prefix: 'login:ip', limit: 30, windowSeconds: 15 * 60 };
export const FORGOT_PER_EMAIL: RateRule = { prefix: 'forgot:email', limit: 5, windowSeconds: 60 * 60 };
export const FORGOT_PER_IP: RateRule = { prefix: 'forgot:ip', limit: 20, windowSeconds: 60 * 60 };

/** Accounts created per address per hour; the limit itself is configured (SIGNUPS_PER_HOUR, default 10). */
export const signupsPerIp = (limit: number): RateRule => ({ prefix: 'signup:ip', limit, windowSeconds: 60 * 60 });

/** Wrong current passwords when changing one's password, per person: a stolen session cannot guess at it fast. */
export const PASSWORD_CHANGE_PER_PERSON: RateRule = { prefix: 'password-change:person', limit: 10, windowSeconds: 15 * 60 };
/**
 * Wrong two-factor codes per person: counted apart from the password's counter (which a right password clears),
 * and cleared only by a right code, so knowing the password does not buy more guesses. docs/accounts.md.
 */
export const TWO_FACTOR_PER_PERSON: RateRule = { prefix: 'two-factor:person', limit: 5, windowSeconds: 15 * 60 };

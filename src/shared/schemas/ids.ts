import { z } from 'zod';

/** Row ids are PostgreSQL `integer` (int4): 1 to 2,147,483,647. */
export const MAX_ID = 2_147_483_647;

/**
 * An id sent in a body or query (a number or its digits). Anything that cannot name a row — 0, negative,
 * fractional, beyond int4 — fails with the same message, so the database never sees an out-of-range id.
 */
export const idInput = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message });

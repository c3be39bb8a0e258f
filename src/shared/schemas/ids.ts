import { z } from 'zod';

/** Row ids are PostgreSQL `integer` (int4): 1 to 2,147,483,647. */
export const MAX_ID = 2_147_483_647;

/**
 * An id sent in a body or query: a number, or its digits as a string (forms and query strings send
 * text). Anything that cannot name a row — true, 0, negative, fractional, beyond int4 — fails with the
 * same message, so the database never sees an out-of-range id and `true` never becomes client 1.
 */
export const idInput = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^[0-9]{1,10}$/)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }));

/**
 * A number sent in a body: a number or a numeric string, never a boolean, array or object (which
 * z.coerce.number() would turn into 1 or 0).
 */
export const numberInput = (message: string) =>
  z
    .union([z.number(), z.string().trim().min(1)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }));

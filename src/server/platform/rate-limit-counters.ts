import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rateLimits } from '../db/schema';

// Fixed-window counters in the rate_limits table, so every app instance sees the same counts. For limits
// that must hold across instances or that count something other than requests to one route (sign-in
// attempts per e-mail, with a right password taking its attempt back). Plain per-route request limits
// are a route option instead (`config.rateLimit`, see route-policy.ts). Rows are pruned by the hourly
// accounts.prune-expired job.

/** `prefix` names the counter (`login:email`); the subject (an e-mail, an address) is appended. */
export type RateRule = { prefix: string; limit: number; windowSeconds: number };

export type Hit = { count: number; resetAt: Date; limited: boolean };

const keyOf = (rule: RateRule, subject: string) => `${rule.prefix}:${subject}`;

/**
 * Counts one attempt and answers the count in the current window, in one upsert (so concurrent
 * attempts cannot both slip under the limit). A window that has ended starts again at 1.
 */
export async function hit(db: Tx, rule: RateRule, subject: string): Promise<Hit> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), count: 1, resetAt: sql`now() + ${rule.windowSeconds}::int * interval '1 second'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return { count: row.count, resetAt: row.resetAt, limited: row.count > rule.limit };
}

/** The current window's count without counting (a caller already past the limit is refused before any work). */
export async function peek(db: Tx, rule: RateRule, subject: string): Promise<Hit | null> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${keyOf(rule, subject)} and ${rateLimits.resetAt} > now()`);
  return row ? { count: row.count, resetAt: row.resetAt, limited: row.count > rule.limit } : null;
}

/** Seconds until resetAt, at least 1 (a Retry-After header). */
export function secondsUntil(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/** Takes back one counted attempt (a sign-in that turned out to be right). */
export async function forgive(db: Tx, rule: RateRule, subject: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(rate_limits.count - 1, 0)` })
    .where(eq(rateLimits.key, keyOf(rule, subject)));
}

/** Forgets the counter entirely (a successful sign-in clears that e-mail's failures). */
export async function clear(db: Tx, rule: RateRule, subject: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, subject)));
}

/** "Please wait N minutes" for a window ending at resetAt. */
export function minutesUntil(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
}

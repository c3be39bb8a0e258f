import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordResetTokens, rateLimits, sessions } from '../../db/schema';
import { defineJob } from '../../platform/jobs/index';

/**
 * Housekeeping for the account tables, off the request path: sign-in counters whose window ended a day
 * ago, expired sessions, and reset links expired a day ago (kept that long so a late click still gets
 * "expired" rather than "unknown" — both answer Link Expired).
 */
export const pruneExpiredJob = defineJob({
  name: 'accounts.prune-expired',
  schema: z.object({}).strict(),
  schedule: { cron: '25 * * * *', tz: 'UTC' },
  expireInSeconds: 10 * 60,
  async handler(_data, { database }) {
    const { db } = database;
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 day'`));
    await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
  },
});

export const accountJobs = [pruneExpiredJob];

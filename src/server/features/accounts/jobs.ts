import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordResetTokens, rateLimits, sessions, signInChallenges } from '../../db/schema';
import { defineJob } from '../../platform/jobs/index';
import { randomToken, sha256 } from '../../platform/tokens';
import { RESET_LINK_LIFETIME_MS } from '../../../shared/constants';
import * as q from './queries';
import * as pq from './people-queries';
import { resetEmail } from './reset-email';

/**
 * Housekeeping for the account tables, off the request path: sign-in counters whose window ended a day
 * ago, expired sessions and two-factor sign-in challenges, and reset links expired a day ago (kept that long so a late click still gets
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
    await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
    await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
  },
});

/**
 * The password-reset e-mail, sent off the request path (POST /api/auth/forgot-password enqueues it with
 * a key of its own per request). The job makes the token itself, so the raw token never sits in the
 * queue's tables: only its hash is stored, as before. A failed send removes that token and the job is
 * retried with a fresh one; a person removed meanwhile gets nothing. Jobs queued before a business had people
 * (no personId) go to its first owner.
 */
export const sendResetEmailJob = defineJob({
  name: 'accounts.send-reset-email',
  schema: z
    .object({ businessId: z.number().int().positive(), personId: z.number().int().positive().optional(), linkOrigin: z.string().url().max(500) })
    .strict(),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  async handler({ businessId, personId, linkOrigin }, { database, email }) {
    const { db } = database;
    const person = personId ? await pq.findPerson(db, businessId, personId) : await pq.firstOwner(db, businessId);
    if (!person) return;
    const token = randomToken();
    await q.insertResetToken(db, { businessId, personId: person.id }, sha256(token), new Date(Date.now() + RESET_LINK_LIFETIME_MS));
    const link = `${linkOrigin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await email.send(resetEmail(person.email, person.name, link));
    } catch (error) {
      await q.deleteResetToken(db, sha256(token));
      throw error;
    }
  },
});

export const accountJobs = [pruneExpiredJob, sendResetEmailJob];

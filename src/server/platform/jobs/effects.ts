import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jobEffects } from '../../db/schema/jobs';
import { SmsProviderError } from '../../providers/sms/types';
import { HttpError } from '../errors';
import { defineJob } from './define-job';
import type { JobsLog } from './start-jobs';

// A job's outside effects (an e-mail, a text), each done at most once per job however often the job is retried
// (docs/jobs.md "Effects", decision 0019), and the one rule for which failures are retried.

/**
 * Refused by one of the app's own rules (the registration gate, an opt-out, quiet hours, no number, no
 * consent): an outcome to record, never retried. Services that answer requests throw a 4xx HttpError for the
 * same refusals, which `failureOf` reads the same way.
 */
export class RefusedByRule extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedByRule';
  }
}

/**
 * Why an outside effect did not happen:
 * - 'refused': one of the app's own rules said no (a 4xx HttpError, RefusedByRule), or the provider answered
 *   with a definite refusal of its own (a 4xx other than 429): trying again gives the same answer.
 * - 'unknown': the SMS provider may have sent it (no answer in time, a 5xx after the request went out): a text
 *   is never sent again blindly (decision 0010); the reconciliation job settles the message.
 * - 'unreachable': the provider could not be reached (a network error, a timeout before the request went out,
 *   a 5xx, 429), the mail server failed, or the database or our own code failed: retried.
 */
export type Failure = 'refused' | 'unknown' | 'unreachable';

export function failureOf(error: unknown): Failure {
  if (error instanceof RefusedByRule) return 'refused';
  if (error instanceof HttpError && error.status < 500) return 'refused';
  const provider = providerErrorOf(error);
  if (provider?.uncertain) return 'unknown';
  if (provider) return providerUnreachable(provider) ? 'unreachable' : 'refused';
  return 'unreachable';
}

/** The SMS provider could not be reached or could not take it now (no answer, 5xx, 429): the same request may pass later. */
export function providerUnreachable(error: SmsProviderError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

function providerErrorOf(error: unknown): SmsProviderError | null {
  if (error instanceof SmsProviderError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof SmsProviderError ? cause : null;
}

export type EffectOutcome =
  /** It happened now. */
  | 'done'
  /** An app rule (or the provider, definitely) refused it: recorded, not retried. */
  | 'refused'
  /** The SMS provider may or may not have it: recorded, not retried. */
  | 'unknown'
  /** An earlier run of this job already did it, was refused, or died while doing it: not done again. */
  | 'earlier';

export type EffectContext = { database: Database; jobId: string; log?: JobsLog };

/**
 * Runs one outside effect of a job at most once per job run and its retries (the same pg-boss job id). A row
 * (job id, effect) is claimed before `work` starts; then it is marked done, or refused/unknown with the reason
 * (logged, and the job goes on: an outcome, not an error). When the provider could not be reached the claim is
 * given back and the error thrown, so pg-boss retries the job and only this effect, and the ones after it, run
 * again. A claim left 'started' (the process died mid-effect) is not run again: at most once.
 */
export async function runEffect(context: EffectContext, effect: string, work: () => Promise<unknown>): Promise<EffectOutcome> {
  const { db } = context.database;
  const key = and(eq(jobEffects.jobId, context.jobId), eq(jobEffects.effect, effect));
  const claimed = await db.insert(jobEffects).values({ jobId: context.jobId, effect }).onConflictDoNothing().returning({ effect: jobEffects.effect });
  if (claimed.length === 0) return 'earlier';
  const finish = (outcome: 'done' | 'refused' | 'unknown', detail: string | null) =>
    db.update(jobEffects).set({ outcome, detail, updatedAt: sql`now()` }).where(key);
  try {
    await work();
  } catch (error) {
    const failure = failureOf(error);
    if (failure === 'unreachable') {
      await db.delete(jobEffects).where(key).catch(() => {});
      throw error;
    }
    const detail = error instanceof Error ? error.message : String(error);
    await finish(failure, detail);
    context.log?.info({ jobId: context.jobId, effect, outcome: failure, detail }, `job effect ${failure}`);
    return failure;
  }
  await finish('done', null);
  return 'done';
}

/** Effect rows are kept this long: far past any retry, and past pg-boss's week of remembering a key. */
export const JOB_EFFECTS_KEEP_DAYS = 14;

/** Daily: effect rows older than JOB_EFFECTS_KEEP_DAYS go. */
export const pruneJobEffectsJob = defineJob({
  name: 'jobs.prune-effects',
  schema: z.object({}).strict(),
  schedule: { cron: '15 4 * * *', tz: 'UTC' },
  expireInSeconds: 10 * 60,
  async handler(_data, { database }) {
    await database.db.delete(jobEffects).where(lt(jobEffects.createdAt, sql`now() - ${JOB_EFFECTS_KEEP_DAYS}::int * interval '1 day'`));
  },
});

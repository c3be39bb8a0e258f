import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per outside effect of a job run (an e-mail, a text), written before the effect starts
 * (docs/jobs.md "Effects"): a retry of the job (the same pg-boss job id) finds it and does not repeat the
 * effect. Not tenant data: pruned after JOB_EFFECTS_KEEP_DAYS.
 */
export const jobEffects = pgTable(
  'job_effects',
  {
    /** pg-boss's job id: deterministic from the job's name and key, the same for every retry. */
    jobId: text('job_id').notNull(),
    /** Which effect of the job: 'owner-email', 'owner-text', 'digest:<business>'. */
    effect: text('effect').notNull(),
    /** started (claimed; left so when the run died mid-effect), done, refused (an app rule said no), unknown. */
    outcome: text('outcome').$type<'started' | 'done' | 'refused' | 'unknown'>().notNull().default('started'),
    /** Why it was refused or is unknown: the rule's sentence. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'job_effects_pkey', columns: [t.jobId, t.effect] }), index('job_effects_created_at_idx').on(t.createdAt)],
);

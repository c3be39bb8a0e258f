import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { EmailProvider } from '../../providers/email/types';
import type { SmsProvider } from '../../providers/sms/types';
import type { JobQueue, JobsLog } from './start-jobs';

export type JobContext = {
  database: Database;
  /** The app's e-mail provider (startJobs' `email`). */
  email: EmailProvider;
  /** pg-boss's id of the job being run (deterministic: derived from the job's key). */
  jobId: string;
  /** The queue itself: a handler may enqueue follow-up work (a held text re-enqueues itself for later). */
  jobs: JobQueue;
  /** The app's SMS provider (startJobs' `sms`); without it a handler that texts fails (and is retried). */
  sms?: SmsProvider;
  /** Where links in texts point when no request is at hand: APP_URL, else the local address. */
  origin?: string;
  /** APP_URL only (status callbacks need the public address). */
  appUrl?: string;
  /** SMS_SEND_WINDOW=off (simulator only): bulk and automated texts ignore quiet hours and caps. */
  smsSendWindowOff?: boolean;
  /** The queue's log: an effect refused by an app rule is logged here (runEffect). */
  log?: JobsLog;
};

export type JobSchedule = {
  /** Five-field cron expression, read in `tz`. */
  cron: string;
  tz?: string;
  /**
   * On start-up, enqueue one run when no run was created within this many hours (a deploy or an
   * outage must not skip a day). The key is the current UTC date, so all instances share one run.
   */
  catchUpAfterHours?: number;
};

export type JobDefinition<Data = any> = {
  /** Queue name, `<feature>.<verb-noun>`. */
  name: string;
  /** Refuses bad payloads at send time and again before the handler runs. */
  schema: z.ZodType<Data>;
  handler(data: Data, context: JobContext): Promise<void>;
  schedule?: JobSchedule;
  /** Attempts after the first failure (pg-boss default: 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run taking longer than this is failed (and retried). */
  expireInSeconds?: number;
  /**
   * Jobs fetched per poll, run at once (each fails or completes on its own). pg-boss waits the polling
   * interval after each fetch, so one job per poll caps a queue at one job per interval per process.
   */
  batchSize?: number;
  /**
   * One job per business, enqueued by a scan (docs/jobs.md "Fan-out"): each instance works the queue with
   * `JobsOptions.concurrency` workers (JOBS_CONCURRENCY), each fetching `batchSize` jobs (default 10) and running
   * them one after another, so an instance runs at most that many of them at once.
   */
  fanOut?: boolean;
  /** This queue's polling interval (pg-boss minimum 0.5 s), when it must not wait the app's default. */
  pollingIntervalSeconds?: number;
};

/** Keeps the payload type of `schema` tied to the handler's argument. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<z.infer<S>> & { schema: S }): JobDefinition<z.infer<S>> {
  return definition;
}

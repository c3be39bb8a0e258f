import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '../../db/advisory-lock';
import type { Database } from '../../db/client';
import type { EmailProvider } from '../../providers/email/types';
import type { SmsProvider } from '../../providers/sms/types';
import { bossDbFor } from './db-adapter';
import type { JobDefinition } from './define-job';
import { jobIdFor, utcDay } from './job-key';

export type JobsLog = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobsDeps = {
  database: Database;
  log: JobsLog;
  /** Handed to handlers that send mail; without it such a handler fails (and is retried). */
  email?: EmailProvider;
  /** Handed to handlers that text (bulk sends, automations). */
  sms?: SmsProvider;
  /** APP_URL, else the local address: links in texts sent by jobs. */
  origin?: string;
  appUrl?: string;
  smsSendWindowOff?: boolean;
};

export type JobsOptions = {
  /** How often an idle worker looks for work (pg-boss minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often an instance checks whether a schedule is due (pg-boss default 30 s). */
  cronMonitorIntervalSeconds?: number;
  /** How often due schedules are turned into jobs (pg-boss default 5 s). */
  cronWorkerIntervalSeconds?: number;
  /**
   * false: this process only enqueues (JOBS=0): no workers, no schedules, no maintenance. Another
   * instance with the queue on does the work. Default true.
   */
  work?: boolean;
  /** Workers per fan-out queue (`fanOut` definitions) in this instance: JOBS_CONCURRENCY, default 2. */
  concurrency?: number;
};

export const DEFAULT_JOBS_CONCURRENCY = 2;
/**
 * How often an idle worker of a scheduled queue looks for work, unless the definition or the options say: its
 * runs are made by the schedule, at most once a minute, so starting one up to 30 s late is unnoticed, while the ten
 * such queues polled every 2 s (pg-boss's default) made five of an idle instance's twelve or so polls a second
 * (docs/jobs.md).
 */
export const SCHEDULED_POLLING_SECONDS = 30;

/** A queue's polling interval: its definition's, else the options', else 30 s for a scheduled queue, else pg-boss's. */
export const pollingIntervalFor = (definition: JobDefinition, options: JobsOptions): number | undefined =>
  definition.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? (definition.schedule ? SCHEDULED_POLLING_SECONDS : undefined);
const FAN_OUT_BATCH = 10;

export type SendOptions = {
  /** Deterministic key: the same job name and key is enqueued (and run) once. */
  key: string;
  startAfter?: Date;
  /**
   * Fetch order among due jobs of one queue: higher first, then oldest first (pg-boss). Fair queues give the
   * k-th of a business's texts due at once -k, so no business's burst goes ahead of another's first text.
   */
  priority?: number;
};

/** What features get (AppDeps.jobs): enqueue a defined job. */
export type JobQueue = {
  /** Validates the payload and enqueues it; resolves to the job id, or null when the key was already used. */
  send<D>(definition: JobDefinition<D>, data: D, options: SendOptions): Promise<string | null>;
  /**
   * Many jobs of one definition in a few statements (a bulk send's texts). Keys that are already queued
   * are skipped; unlike `send`, the archive is not consulted, so use keys that are new by construction.
   */
  sendMany<D>(definition: JobDefinition<D>, items: { data: D; key: string; startAfter?: Date; priority?: number }[]): Promise<void>;
};

export type Jobs = JobQueue & {
  stop(): Promise<void>;
  /** The running pg-boss, for tests and inspection. */
  boss: PgBoss;
};

export class JobPayloadError extends Error {
  constructor(jobName: string, detail: string) {
    super(`Refused a ${jobName} job: ${detail}`);
    this.name = 'JobPayloadError';
  }
}

function parsePayload<D>(definition: JobDefinition<D>, data: unknown): D {
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
    throw new JobPayloadError(definition.name, detail);
  }
  return parsed.data;
}

/**
 * Starts pg-boss on the app's database (its own schema, `pgboss`), creates one queue per definition,
 * works them, and registers their schedules. Call after the app's migrations; `stop()` before
 * closing the database.
 */
export async function startJobs(deps: JobsDeps, definitions: JobDefinition[], options: JobsOptions = {}): Promise<Jobs> {
  const { database, log } = deps;
  const email = deps.email ?? noEmail;
  const work = options.work ?? true;
  const boss = new PgBoss({
    db: bossDbFor(database) as PgBoss.Db,
    ...(work ? {} : { supervise: false, schedule: false }),
    ...defined({
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds,
    }),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // One instance at a time: on a new database two starting together both found pg-boss's schema missing
  // and both created it (seen in instances-behind-pgbouncer.test.ts).
  await withSetupLock(database, () => boss.start().then(() => undefined));

  const send: Jobs['send'] = async (definition, data, { key, startAfter, priority }) => {
    const payload = parsePayload(definition, data);
    const id = jobIdFor(definition.name, key);
    // pg-boss moves finished jobs to its archive after 12 hours; the key still counts there.
    const archived = await database.query('select 1 from pgboss.archive where name = $1 and id = $2', [definition.name, id]);
    if (archived.length) return null;
    return boss.send(definition.name, payload as object, { id, singletonKey: key, startAfter, ...defined({ priority }) });
  };

  const sendMany: Jobs['sendMany'] = async (definition, items) => {
    const rows = items.map(({ data, key, startAfter, priority }) => ({
      id: jobIdFor(definition.name, key),
      name: definition.name,
      data: parsePayload(definition, data) as object,
      singletonKey: key,
      ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
      ...defined({ priority }),
    }));
    for (let i = 0; i < rows.length; i += 1000) await boss.insert(rows.slice(i, i + 1000));
  };

  // Queues and schedules are set up by one instance at a time: pg-boss's create_queue run by two
  // instances starting together deadlocks on PostgreSQL (seen in multi-instance.test.ts).
  await withSetupLock(database, async () => {
    for (const definition of definitions) {
      const queue = {
        name: definition.name,
        ...defined({
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          expireInSeconds: definition.expireInSeconds,
        }),
      };
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
      else await boss.createQueue(definition.name, queue);
      if (definition.schedule && work) {
        const { cron, tz = 'UTC' } = definition.schedule;
        await boss.schedule(definition.name, cron, {}, { tz });
      }
    }
  });

  for (const definition of work ? definitions : []) {
    const run = async (job: PgBoss.Job<unknown>) => {
      const data = parsePayload(definition, job.data);
      const started = Date.now();
      try {
        await definition.handler(data, { database, email, jobId: job.id, jobs: { send, sendMany }, sms: deps.sms, origin: deps.origin, appUrl: deps.appUrl, smsSendWindowOff: deps.smsSendWindowOff, log });
      } catch (error) {
        log.error({ err: error, job: definition.name, jobId: job.id }, 'job failed');
        throw error;
      }
      log.info({ job: definition.name, jobId: job.id, ms: Date.now() - started }, 'job done');
    };
    const pollingIntervalSeconds = pollingIntervalFor(definition, options);
    const fail = (job: PgBoss.Job<unknown>, error: unknown) =>
      boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
    if (definition.fanOut) {
      // N workers, each running its fetched jobs one after another: at most N at once, and no wait for the
      // polling interval between jobs of a batch (pg-boss waits it only after a fetch that took less).
      const workers = Math.max(1, options.concurrency ?? DEFAULT_JOBS_CONCURRENCY);
      const batchSize = definition.batchSize ?? FAN_OUT_BATCH;
      for (let i = 0; i < workers; i++) {
        await boss.work(definition.name, { ...defined({ pollingIntervalSeconds }), batchSize }, async (fetched) => {
          for (const job of fetched) await run(job).catch((error: unknown) => fail(job, error));
        });
      }
      continue;
    }
    const batchSize = definition.batchSize ?? 1;
    await boss.work(definition.name, { ...defined({ pollingIntervalSeconds }), batchSize }, async (fetched) => {
      if (fetched.length === 1) return run(fetched[0]);
      // pg-boss fails or completes a fetched batch as a whole: each job that throws is failed (and retried) on
      // its own here, and the rest complete when this resolves.
      await Promise.all(fetched.map((job) => run(job).catch((error: unknown) => fail(job, error))));
    });
  }

  for (const definition of work ? definitions : []) {
    const hours = definition.schedule?.catchUpAfterHours;
    if (hours === undefined) continue;
    if (await ranWithin(database, definition.name, hours)) continue;
    await send(definition, {}, { key: `catch-up:${utcDay()}` });
  }

  return {
    send,
    sendMany,
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

const noEmail: EmailProvider = {
  name: 'outbox',
  send: async () => {
    throw new Error('startJobs was given no e-mail provider');
  },
};

/** An advisory lock on PostgreSQL (a transaction's, so it holds behind PgBouncer too); PGlite is one session in one process already. */
async function withSetupLock(database: Database, fn: () => Promise<void>): Promise<void> {
  if (!database.pool) return fn();
  await withAdvisoryLock(database.pool, [7302, 0], fn);
}

/** pg-boss validates options with `'name' in options`, so unset ones must be absent, not undefined. */
function defined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Whether a job of this queue was created (and not failed) within the last `hours`, archive included. */
async function ranWithin(database: Database, name: string, hours: number): Promise<boolean> {
  const rows = await database.query(
    `select 1 from pgboss.job where name = $1 and state <> 'failed' and state <> 'cancelled'
       and created_on > now() - $2::float8 * interval '1 hour'
     union all
     select 1 from pgboss.archive where name = $1 and state <> 'failed' and state <> 'cancelled'
       and created_on > now() - $2::float8 * interval '1 hour'
     limit 1`,
    [name, hours],
  );
  return rows.length > 0;
}

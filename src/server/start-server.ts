import type { Config } from './config';
import { genericPlanPoolOf, openDatabase } from './db/client';
import type { DataDirLock } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './demo/seed-demo';
import { jobDefinitions } from './features/index';
import { warmUploadParser } from './features/imports/read-file';
import { type JobQueue, type Jobs, startJobs } from './platform/jobs/index';
import { buildApp } from './app';
import { createEmailProvider } from './providers/email/index';
import { createSmsProvider } from './providers/sms/index';

/** Opens and migrates the database, builds the app, starts the job queue and listens (main.ts holds the lock first). */
export async function startServer(config: Config, dataDirLock: DataDirLock | null): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pooler: config.databasePooler });
  await migrate(database);
  if (config.demoData && !config.databaseUrl) {
    const demo = await seedDemoIfEmpty(database);
    if (demo) console.log(`Demo business created. Sign in with ${demo.email} / ${demo.password}`);
  }
  const email = createEmailProvider(config);
  const sms = createSmsProvider(config);
  if (!sms.isSimulator && !config.appUrl) {
    console.warn('Twilio is configured without APP_URL: bought numbers get no reply webhook and texts no status callback (docs/sms.md).');
  }
  // Features enqueue through deps.jobs. The queue starts right after the app is built (it logs to the app's
  // log) and before the app listens, so no request can send before it is up.
  let jobs: Jobs | null = null;
  const queue: JobQueue = {
    send: (definition, data, options) => {
      if (!jobs) throw new Error('The job queue is not started yet');
      return jobs.send(definition, data, options);
    },
    sendMany: (definition, items) => {
      if (!jobs) throw new Error('The job queue is not started yet');
      return jobs.sendMany(definition, items);
    },
  };
  const app = await buildApp({ config, database, email, jobs: queue, sms });
  // Not awaited: the parse workers load while the server starts; an upload that comes first waits for one.
  void warmUploadParser();
  // After the app's migrations: pg-boss installs or upgrades its own schema (`pgboss`) on start. With JOBS=0
  // this process only enqueues (no workers, no schedules); another instance works the queue.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = config.appUrl ?? `http://${shownHost}:${config.port}`;
  jobs = await startJobs({ database, log: app.log, email, sms, origin, appUrl: config.appUrl, smsSendWindowOff: config.smsSendWindow === 'off' }, jobDefinitions, { work: config.jobs, concurrency: config.jobsConcurrency });

  // A lost connection is logged here and answered 503 by the error handler; the pool reconnects (docs/operations.md).
  const pools = database.pool ? [database.pool, genericPlanPoolOf(database.pool)] : [];
  for (const pool of pools) pool?.on('error', (error) => app.log.warn({ err: error }, 'database connection lost'));

  // Once, however many signals arrive (npm, the start script and tsx each pass SIGTERM on).
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await jobs?.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
    }
    dataDirLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  console.log(`Referloop is running at ${origin}`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}; e-mail: ${email.name === 'smtp' ? 'SMTP' : `files in ${config.dataDir}/mail`}; SMS: ${sms.isSimulator ? 'local simulator' : 'Twilio'}; jobs: ${config.jobs ? `on (${config.jobsConcurrency} per-business jobs at once per queue)` : 'enqueue only (JOBS=0)'}`);
}

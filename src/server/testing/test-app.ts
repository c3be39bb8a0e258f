import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import type { Database } from '../db/client';
import { type JobDefinition, type JobQueue, type Jobs, startJobs } from '../platform/jobs/index';
import { fastJobs, memoryLog, memoryQueue } from '../platform/jobs/testing';
import { MemoryEmail } from './memory-email';
import { SimulatorSms } from '../providers/sms/simulator';
import type { SmsProvider } from '../providers/sms/types';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  email: MemoryEmail;
  /** The app's SMS provider: the simulator (what it sent is in sms.sent) unless options.sms was given. */
  sms: SimulatorSms;
  /** The app's queue: pg-boss when `jobs` was given, else a memory queue that records sends. */
  jobs: JobQueue;
  /** What the job handlers logged (with `jobs`): a test can assert that none failed. */
  jobLog: ReturnType<typeof memoryLog>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Start pg-boss (fast polling) on the test database and work these jobs, as main.ts does. */
  jobs?: JobDefinition[];
  /** Another SMS provider (the Twilio driver against a stand-in); `sms` is then a simulator the app does not use. */
  sms?: SmsProvider;
  /**
   * The clock the owner's one-tap sends are timed by. Default: today at 20:00 UTC (noon Pacific, 3 pm Eastern,
   * 10 am Hawaii; Monday when today is Sunday, which some states' rules close), an open hour for every US
   * number, so tests that do not set it do not depend on the hour.
   */
  now?: () => Date;
};

const openHourToday = () => {
  const at = new Date();
  at.setUTCHours(20, 0, 0, 0);
  if (at.getUTCDay() === 0) at.setUTCDate(at.getUTCDate() + 1);
  return at;
};

/** The whole app on its own database. Call once per file (beforeAll) and close it in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const email = new MemoryEmail();
  const jobLog = memoryLog();
  const sms = new SimulatorSms();
  const config = testConfig(overrides);
  const boss: Jobs | null = options.jobs
    ? await startJobs({ database, log: jobLog, email, sms: options.sms ?? sms, origin: config.appUrl ?? 'http://localhost', appUrl: config.appUrl, smsSendWindowOff: config.smsSendWindow === 'off' }, options.jobs, fastJobs)
    : null;
  const jobs = boss ?? memoryQueue();
  const app = await buildApp({ config, database, email, jobs, sms: options.sms ?? sms, now: options.now ?? openHourToday });
  await app.ready();
  return {
    app,
    database,
    email,
    sms,
    jobs,
    jobLog,
    async close() {
      await app.close();
      await boss?.stop();
      await database.close();
    },
  };
}

import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env (ARCHITECTURE.md, "Configuration").
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOLER: z.enum(['direct', 'transaction', '']).optional(),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Referloop <no-reply@referloop.local>'),
  DEMO_DATA: flag,
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_API_URL: z.string().url().optional(),
  TWILIO_PRIMARY_PROFILE_SID: z.string().regex(/^BU[0-9a-fA-F]{32}$/).optional(),
  SMS_SIMULATOR_REVIEW_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  // Proxy hops in front of the app: 0 (none) to 9; 'true'/'false' as 1/0 (the older on/off form).
  TRUST_PROXY: z
    .string()
    .regex(/^(\d|true|false)?$/, { error: 'TRUST_PROXY is the number of proxies in front of the app (0 to 9)' })
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'false' ? 0 : v === 'true' ? 1 : Number(v))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_DATABASE_URL: z.string().optional(),
  WEB_DIR: z.string().default('dist/web'),
  JOBS: flag,
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SMS_SEND_WINDOW: z.enum(['enforced', 'off']).default('enforced'),
  SUPPORT_PHONE: z.string().trim().min(1).default('+15550100100'),
  SUPPORT_EMAIL: z.email().default('support@referloop.local'),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  E2E_HOOKS: flag,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** 'transaction': DATABASE_URL is PgBouncer (or another pooler) in transaction mode (docs/operations.md). */
  databasePooler: 'direct' | 'transaction';
  appUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  demoData: boolean;
  twilio?: { accountSid: string; authToken: string; apiUrl?: string; primaryProfileSid?: string };
  /** The simulator approves each A2P registration step this many seconds after it was submitted. */
  smsSimulatorReviewSeconds: number;
  logLevel: string;
  /**
   * Proxy hops in front of the app (docs/operations.md "Client address behind a proxy"): the client address is
   * the X-Forwarded-For entry this many hops from the right, the one the outermost trusted proxy saw; 0 = the socket.
   */
  trustProxy: number;
  secureCookies: boolean;
  webDir: string;
  /** Work the job queue (pg-boss) and its schedules in this process; false: only enqueue (JOBS=0). */
  jobs: boolean;
  /** Per-business jobs (the nightly refresh, automations, outbox sweep) one instance runs at once per queue (JOBS_CONCURRENCY). */
  jobsConcurrency: number;
  /**
   * 'off' lets bulk and automated texts go out at any hour: only for trying the simulator and for tests that
   * must not depend on the clock. Refused with Twilio (a real text at 3 a.m. is what this rule prevents).
   */
  smsSendWindow: 'enforced' | 'off';
  /** Settings' help links: a tel: link on phones, a mailto: link on desktops (docs/settings.md). */
  support: { phone: string; email: string };
  /** New accounts one address may create in an hour (docs/accounts.md "Sign-up limit"). */
  signupsPerHour: number;
  /** The browser tests' hooks (features/reviews/browser-test-hooks.ts): E2E_HOOKS=1, never in production or with Twilio. */
  browserTestHooks: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const appUrl = e.APP_URL?.replace(/\/+$/, '');
  if (e.SMS_SEND_WINDOW === 'off' && e.TWILIO_ACCOUNT_SID) {
    throw new Error('SMS_SEND_WINDOW=off is for the SMS simulator only; remove it when Twilio is configured');
  }
  if (e.E2E_HOOKS && (e.TWILIO_ACCOUNT_SID || env.NODE_ENV === 'production')) {
    throw new Error('E2E_HOOKS=1 is for the browser tests only; it is refused in production and with Twilio');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePooler: e.DATABASE_POOLER || 'direct',
    appUrl,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA ?? true,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, apiUrl: e.TWILIO_API_URL, primaryProfileSid: e.TWILIO_PRIMARY_PROFILE_SID }
        : undefined,
    smsSimulatorReviewSeconds: e.SMS_SIMULATOR_REVIEW_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secureCookies: appUrl?.startsWith('https://') ?? false,
    webDir: path.resolve(e.WEB_DIR),
    jobs: e.JOBS ?? true,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    smsSendWindow: e.SMS_SEND_WINDOW,
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL },
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    browserTestHooks: e.E2E_HOOKS ?? false,
  };
}

/** Settings the test harness needs; read here so nothing else touches process.env. */
export function loadTestEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    databaseKind: env.TEST_DB_KIND === 'pg' ? ('pg' as const) : ('pglite' as const),
    databaseUrl: env.TEST_DATABASE_URL || undefined,
    templateFile: env.REFERLOOP_TEST_TEMPLATE || undefined,
    templateDb: env.REFERLOOP_TEST_TEMPLATE_DB || undefined,
    /** Debian's pgbouncer (npm test finds or installs it: scripts/lib/ensure.mjs). */
    pgbouncerPath: env.PGBOUNCER_PATH || undefined,
  };
}

/** A test configuration: same shape, no environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.resolve('.cache/test-data'),
    mailFrom: 'Referloop <no-reply@referloop.local>',
    databasePooler: 'direct',
    demoData: false,
    logLevel: 'silent',
    trustProxy: 0,
    secureCookies: false,
    webDir: path.resolve('dist/web'),
    appUrl: 'http://localhost:3000',
    jobs: false,
    jobsConcurrency: 2,
    smsSendWindow: 'enforced',
    smsSimulatorReviewSeconds: 0,
    support: { phone: '+15550100100', email: 'support@referloop.local' },
    signupsPerHour: 10,
    browserTestHooks: false,
    ...overrides,
  };
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SmsProviderError } from '../../providers/sms/types';
import { HttpError } from '../errors';
import { failureOf, JOB_EFFECTS_KEEP_DAYS, pruneJobEffectsJob, RefusedByRule, runEffect } from './effects';
import { defineJob, jobIdFor, type Jobs, startJobs } from './index';
import { fastJobs, memoryLog, waitFor } from './testing';

// docs/jobs.md "Effects": a job's outside effects run once per job however often it is retried; a refusal by an
// app rule is an outcome (recorded, the job completes), only an unreachable provider is retried.

let t: TestApp;
let jobs: Jobs;
const log = memoryLog();

let first = 0;
let second = 0;
/** What the second effect throws on each attempt, in order; once empty it succeeds. */
let secondFails: unknown[] = [];

const twoEffects = defineJob({
  name: 'test.two-effects',
  schema: z.object({ n: z.number().int() }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  async handler(_data, context) {
    await runEffect(context, 'first', async () => {
      first++;
    });
    await runEffect(context, 'second', async () => {
      const failure = secondFails.shift();
      if (failure) throw failure;
      second++;
    });
  },
});

beforeAll(async () => {
  t = await createTestApp();
  jobs = await startJobs({ database: t.database, log }, [twoEffects], fastJobs);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});
beforeEach(() => {
  first = 0;
  second = 0;
  secondFails = [];
});

const settled = async (key: string) => {
  const id = jobIdFor(twoEffects.name, key);
  return waitFor(async () => {
    const [row] = await t.database.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where id = $1 and state in ('completed', 'failed')
       union all select state, retry_count from pgboss.archive where id = $1`,
      [id],
    );
    return row;
  }, 20_000);
};
const effects = (key: string) =>
  t.database.query<{ effect: string; outcome: string; detail: string | null }>('select effect, outcome, detail from job_effects where job_id = $1 order by effect', [
    jobIdFor(twoEffects.name, key),
  ]);

describe('runEffect through the real queue', () => {
  it('a second effect refused by an app rule: the job completes, the first ran once, the refusal is recorded', async () => {
    secondFails = [new HttpError(409, 'Texting is not approved yet'), new HttpError(409, 'again'), new HttpError(409, 'again')];
    await jobs.send(twoEffects, { n: 1 }, { key: 'refused' });
    expect(await settled('refused')).toEqual({ state: 'completed', retry_count: 0 });
    expect({ first, second }).toEqual({ first: 1, second: 0 });
    expect(await effects('refused')).toEqual([
      { effect: 'first', outcome: 'done', detail: null },
      { effect: 'second', outcome: 'refused', detail: 'Texting is not approved yet' },
    ]);
  });

  it('a second effect whose provider is unreachable: retried, and the retry does only the second', async () => {
    secondFails = [new SmsProviderError('The SMS provider could not be reached', null, 0), new SmsProviderError('Service unavailable', null, 503)];
    await jobs.send(twoEffects, { n: 2 }, { key: 'unreachable' });
    expect(await settled('unreachable')).toEqual({ state: 'completed', retry_count: 2 });
    expect({ first, second }).toEqual({ first: 1, second: 1 });
    expect((await effects('unreachable')).map((e) => e.outcome)).toEqual(['done', 'done']);
  });

  it('unreachable on every attempt: the job fails after its retries, the first effect still ran once', async () => {
    secondFails = [1, 2, 3].map(() => new Error('connect ECONNREFUSED 127.0.0.1:587'));
    await jobs.send(twoEffects, { n: 3 }, { key: 'down' });
    expect(await settled('down')).toEqual({ state: 'failed', retry_count: 2 });
    expect({ first, second }).toEqual({ first: 1, second: 0 });
    // the failed effect's claim was given back: a later job (or a manual retry) may do it
    expect((await effects('down')).map((e) => e.effect)).toEqual(['first']);
  });
});

describe('failureOf: the one rule for what is retried', () => {
  it('app rules and definite provider refusals are outcomes; an uncertain text is unknown; the rest is retried', () => {
    expect(failureOf(new HttpError(409, 'not approved'))).toBe('refused');
    expect(failureOf(new HttpError(400, 'no valid mobile number'))).toBe('refused');
    expect(failureOf(new RefusedByRule('quiet hours'))).toBe('refused');
    expect(failureOf(new SmsProviderError('invalid To', 21211, 400))).toBe('refused');
    const viaService = Object.assign(new HttpError(502, 'not sent'), { cause: new SmsProviderError('invalid', 21211, 400) });
    expect(failureOf(viaService)).toBe('refused');
    expect(failureOf(Object.assign(new HttpError(502, 'not confirmed'), { cause: new SmsProviderError('timeout', null, 0, true) }))).toBe('unknown');
    expect(failureOf(new SmsProviderError('no answer', null, 0))).toBe('unreachable');
    expect(failureOf(new SmsProviderError('slow down', 20429, 429))).toBe('unreachable');
    expect(failureOf(Object.assign(new HttpError(502, 'not sent'), { cause: new SmsProviderError('bad gateway', null, 502) }))).toBe('unreachable');
    expect(failureOf(new Error('connect ECONNREFUSED'))).toBe('unreachable');
    expect(failureOf(new HttpError(500, 'database down'))).toBe('unreachable');
  });

  it('an unknown outcome is recorded and not run again; an effect left started by a dead run is not run again', async () => {
    const context = { database: t.database, jobId: 'effects-unknown' };
    const uncertain = Object.assign(new HttpError(502, 'We could not confirm that the text went out'), { cause: new SmsProviderError('timeout', null, 0, true) });
    expect(await runEffect(context, 'text', () => Promise.reject(uncertain))).toBe('unknown');
    let runs = 0;
    expect(await runEffect(context, 'text', async () => runs++)).toBe('earlier');
    await t.database.query(`insert into job_effects (job_id, effect) values ('effects-dead', 'mail')`);
    expect(await runEffect({ database: t.database, jobId: 'effects-dead' }, 'mail', async () => runs++)).toBe('earlier');
    expect(runs).toBe(0);
  });
});

describe('jobs.prune-effects', () => {
  it(`deletes effect rows older than ${JOB_EFFECTS_KEEP_DAYS} days and keeps the rest`, async () => {
    await t.database.query(
      `insert into job_effects (job_id, effect, outcome, created_at) values ('prune-old', 'mail', 'done', now() - interval '15 days'), ('prune-new', 'mail', 'done', now() - interval '13 days')`,
    );
    await pruneJobEffectsJob.handler({}, { database: t.database, email: t.email, jobId: 'prune', jobs: t.jobs });
    const left = await t.database.query<{ job_id: string }>(`select job_id from job_effects where job_id like 'prune-%' order by job_id`);
    expect(left.map((r) => r.job_id)).toEqual(['prune-new']);
  });
});

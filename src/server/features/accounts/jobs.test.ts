import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { pruneExpiredJob, sendResetEmailJob } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (sqlText: string) => (await t.database.query<{ n: number }>(sqlText))[0].n;

describe('accounts.prune-expired', () => {
  it('drops ended counters, expired sessions and old reset links, and keeps the live ones', async () => {
    const live = await createBusiness(t.database);
    const expired = await createBusiness(t.database);
    await t.database.query(`update sessions set expires_at = now() - interval '1 minute' where business_id = $1`, [expired.id]);
    await t.database.query(`insert into rate_limits (key, count, reset_at) values
      ('login:email:old@example.com', 3, now() - interval '2 days'),
      ('login:email:recent@example.com', 3, now() - interval '1 hour'),
      ('login:email:now@example.com', 3, now() + interval '10 minutes')`);
    await t.database.query(`insert into password_reset_tokens (business_id, person_id, token, expires_at) values
      ($1, $2, 'old', now() - interval '2 days'), ($1, $2, 'fresh', now() + interval '30 minutes')`, [live.id, live.ownerId]);

    await pruneExpiredJob.handler({}, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs });

    expect(await count(`select count(*)::int as n from sessions where business_id = ${expired.id}`)).toBe(0);
    expect(await count(`select count(*)::int as n from sessions where business_id = ${live.id}`)).toBe(1);
    expect(await count(`select count(*)::int as n from rate_limits where key like 'login:email:%'`)).toBe(2);
    expect(await count(`select count(*)::int as n from password_reset_tokens where token = 'fresh'`)).toBe(1);
    expect(await count(`select count(*)::int as n from password_reset_tokens where token = 'old'`)).toBe(0);
  });
});

describe('accounts.send-reset-email', () => {
  const tokens = async (businessId: number) => count(`select count(*)::int as n from password_reset_tokens where business_id = ${businessId}`);

  it('stores a new token (as a hash) and e-mails its link', async () => {
    const b = await createBusiness(t.database);
    await sendResetEmailJob.handler({ businessId: b.id, linkOrigin: 'https://app.example.com/' }, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs });
    expect(await tokens(b.id)).toBe(1);
    expect(t.email.last(b.email)!.text).toMatch(/https:\/\/app\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('takes its token back when the mail server refuses, so the retry sends the only live link', async () => {
    const b = await createBusiness(t.database);
    const down = { name: 'smtp' as const, send: async () => Promise.reject(new Error('connection refused')) };
    await expect(
      sendResetEmailJob.handler({ businessId: b.id, linkOrigin: 'https://app.example.com' }, { database: t.database, email: down, jobId: 'test', jobs: t.jobs }),
    ).rejects.toThrow('connection refused');
    expect(await tokens(b.id)).toBe(0);
  });

  it('sends nothing for a business deleted since the request', async () => {
    const before = t.email.sent.length;
    await sendResetEmailJob.handler({ businessId: 2_000_000_000, linkOrigin: 'https://app.example.com' }, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs });
    expect(t.email.sent.length).toBe(before);
  });
});

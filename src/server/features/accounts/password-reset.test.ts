import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../platform/jobs/testing';
import { sha256 } from '../../platform/tokens';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendResetEmailJob } from './jobs';
import { me, post, sessionCookie } from './test-helpers';

// The reset e-mail is a job: these tests run the real queue (pg-boss) on the test database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jobs: [sendResetEmailJob] });
});
afterAll(() => t.close());

const SENT = 'If an account exists for that email, a reset link has been sent.';
const EXPIRED = 'This password reset link has expired or has already been used.';

const forgot = (email: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } as any, remoteAddress: ip });
const verifyToken = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${token}` });
const reset = (body: unknown) => post(t, '/api/auth/reset-password', body);

const mailsTo = (app: TestApp, to: string) => app.email.sent.filter((m) => m.to === to);
/** Waits for the n-th e-mail to `to` (the send job runs shortly after the request) and returns it. */
const nthMail = (app: TestApp, to: string, n: number) => waitFor(() => mailsTo(app, to)[n - 1]);
/** Reset e-mail jobs enqueued so far, for one business or all. */
async function resetJobs(businessId?: number): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    `select count(*)::int n from pgboss.job where name = 'accounts.send-reset-email' and ($1::int is null or (data->>'businessId')::int = $1)`,
    [businessId ?? null],
  );
  return rows[0].n;
}

/** Asks for a reset link and reads the token out of the e-mail it sends. */
async function requestToken(b: TestBusiness, ip = '10.0.0.1'): Promise<string> {
  const before = mailsTo(t, b.email).length;
  const res = await forgot(b.email, ip);
  expect(res.statusCode).toBe(200);
  const mail = await nthMail(t, b.email, before + 1);
  const match = mail?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[1];
}

describe('POST /api/auth/forgot-password', () => {
  it('e-mails a one-hour link to the app, with the token stored only as a hash', async () => {
    const b = await createBusiness(t.database);
    const res = await forgot(b.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    const mail = await nthMail(t, b.email, 1);
    expect(mail.subject).toBe('Reset your Referloop password');
    expect(mail.text).toMatch(/^Hi /);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    expect(mail.html).toContain('http://localhost:3000/reset-password?token=');
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.database.query<any>(
      "select token, extract(epoch from expires_at - now()) as seconds from password_reset_tokens where business_id = $1",
      [b.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token).toBe(sha256(token));
    expect(Number(rows[0].seconds)).toBeGreaterThan(3590);
    expect(Number(rows[0].seconds)).toBeLessThanOrEqual(3600);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await resetJobs();
    const res = await forgot('nobody-at-all@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    expect(await resetJobs()).toBe(before);
  });

  it('keeps the raw token out of the queue: the job makes it and stores only its hash', async () => {
    const b = await createBusiness(t.database);
    const token = await requestToken(b);
    const [job] = await t.database.query<{ data: unknown }>(
      `select data from pgboss.job where name = 'accounts.send-reset-email' and (data->>'businessId')::int = $1`,
      [b.id],
    );
    expect(job.data).toEqual({ businessId: b.id, personId: b.ownerId, linkOrigin: 'http://localhost:3000' });
    const [row] = await t.database.query<{ token: string }>('select token from password_reset_tokens where business_id = $1', [b.id]);
    expect(row.token).toBe(sha256(token));
  });

  it('uses the request origin for the link when APP_URL is unset', async () => {
    const local = await createTestApp({ appUrl: undefined }, { jobs: [sendResetEmailJob] });
    try {
      const b = await createBusiness(local.database);
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: b.email },
        headers: { host: 'referloop.test:8080' },
      });
      expect(res.statusCode).toBe(200);
      expect((await nthMail(local, b.email, 1)).text).toContain('http://referloop.test:8080/reset-password?token=');
    } finally {
      await local.close();
    }
  });

  it.each([[{}], [{ email: '' }], [{ email: 'nope' }], [{ email: 42 }], [{ email: ['a@b.co'] }]])('answers 400 for %j', async (body) => {
    const res = await post(t, '/api/auth/forgot-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a valid email' });
  });

  it('stops sending after 5 requests an hour for one e-mail, with the same answer', async () => {
    const b = await createBusiness(t.database);
    for (let i = 0; i < 7; i++) {
      const res = await forgot(b.email, `10.1.0.${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SENT });
    }
    expect(await resetJobs(b.id)).toBe(5);
    await nthMail(t, b.email, 5);
    await waitFor(async () => (await t.database.query<{ n: number }>(`select count(*)::int n from pgboss.job where name = 'accounts.send-reset-email' and state <> 'completed'`))[0].n === 0);
    expect(mailsTo(t, b.email)).toHaveLength(5);
  });

  it('answers 429 after 20 requests an hour from one address', async () => {
    for (let i = 0; i < 20; i++) expect((await forgot(`someone${i}@example.com`, '10.2.0.1')).statusCode).toBe(200);
    const res = await forgot('someone-else@example.com', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('GET /api/auth/verify-reset-token/:token', () => {
  it('says valid for a fresh token', async () => {
    const b = await createBusiness(t.database);
    const token = await requestToken(b);
    const res = await verifyToken(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('says not valid once expired', async () => {
    const b = await createBusiness(t.database);
    const token = await requestToken(b);
    await t.database.query("update password_reset_tokens set expires_at = now() - interval '1 second' where token = $1", [sha256(token)]);
    expect((await verifyToken(token)).json()).toEqual({ valid: false });
  });

  it.each([
    ['unknown', 'abc'],
    ['very long', 'a'.repeat(5000)],
    ['odd characters', encodeURIComponent("'; drop table businesses; --\u0000☃")],
    ['percent junk', '%E0%A4%A'],
  ])('says not valid for an %s token, never 500', async (_what, token) => {
    const res = await verifyToken(token);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 200) expect(res.json()).toEqual({ valid: false });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session and keeps the token single-use', async () => {
    const b = await createBusiness(t.database);
    const second = sessionCookie(await post(t, '/api/auth/login', { email: b.email, password: b.password }));
    const token = await requestToken(b);

    const res = await reset({ token, password: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset successfully!' });

    expect((await me(t, b.cookie)).statusCode).toBe(401);
    expect((await me(t, second)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: b.email, password: b.password })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: b.email, password: 'brand-new-1' })).statusCode).toBe(200);

    expect((await verifyToken(token)).json()).toEqual({ valid: false });
    const again = await reset({ token, password: 'another-22', confirmPassword: 'another-22' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EXPIRED });
    expect((await post(t, '/api/auth/login', { email: b.email, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('retires the other links already sent to that business', async () => {
    const b = await createBusiness(t.database);
    const first = await requestToken(b);
    const latest = await requestToken(b);
    expect((await reset({ token: latest, password: 'brand-new-1', confirmPassword: 'brand-new-1' })).statusCode).toBe(200);
    expect((await verifyToken(first)).json()).toEqual({ valid: false });
  });

  it('lets only one of two simultaneous resets with one token through', async () => {
    const b = await createBusiness(t.database);
    const token = await requestToken(b);
    const results = await Promise.all([
      reset({ token, password: 'first-pass', confirmPassword: 'first-pass' }),
      reset({ token, password: 'second-pass', confirmPassword: 'second-pass' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token and changes nothing', async () => {
    const b = await createBusiness(t.database);
    const token = await requestToken(b);
    await t.database.query("update password_reset_tokens set expires_at = now() - interval '1 second' where token = $1", [sha256(token)]);
    const res = await reset({ token, password: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: EXPIRED });
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/login', { email: b.email, password: b.password })).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'brand-new-1', confirmPassword: 'brand-new-1' }, 'Reset token is required'],
    [{ token: '', password: 'brand-new-1', confirmPassword: 'brand-new-1' }, 'Reset token is required'],
    [{ token: 5, password: 'brand-new-1', confirmPassword: 'brand-new-1' }, 'Reset token is required'],
    [{ token: 'abc', password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
    [{ token: 'abc', password: 'brand-new-1', confirmPassword: 'x' }, 'Please confirm your password'],
    [{ token: 'abc', password: 'brand-new-1', confirmPassword: 'brand-new-2' }, "Passwords don't match"],
    [{ token: 'abc', password: 'brand-new-1', confirmPassword: 'brand-new-1' }, EXPIRED],
    [{ token: 'x'.repeat(5000), password: 'brand-new-1', confirmPassword: 'brand-new-1' }, EXPIRED],
  ])('answers 400 for %j', async (body, message) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

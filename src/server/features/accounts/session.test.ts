import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JSON_BODY_LIMIT } from '../../app';
import { loadConfig } from '../../config';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { landingBody, me, post, screenBody, sessionCookie } from './test-helpers';
import { signedIn } from '../../testing/requests';

// The real argon2, watched: the login test below counts the verifications.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  post(t, '/api/auth/login', { email, password }, headers);

describe('GET /api/auth/me', () => {
  it('answers the signed-in business without its password hash', async () => {
    const b = await createBusiness(t.database, { phone: '+14155552671', selectedPhoneNumber: '+15005550006' });
    const res = await me(t, b.cookie);
    expect(res.statusCode).toBe(200);
    const { business } = res.json();
    expect(Object.keys(business).sort()).toEqual(
      [
        'id', 'name', 'email', 'ownerName', 'phone', 'businessType', 'websiteUrl', 'googleReviewLink',
        'webhookUrl', 'twilioPhoneNumber', 'selectedPhoneNumber', 'createdAt',
      ].sort(),
    );
    expect(business).toMatchObject({ id: b.id, email: b.email, twilioPhoneNumber: '+15005550006', selectedPhoneNumber: '+15005550006' });
    expect(new Date(business.createdAt).getTime()).not.toBeNaN();
  });

  it('answers 401 "Please sign in to continue." without a session cookie', async () => {
    const res = await me(t, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it.each([
    ['an unknown token', 'rl_session=nope'],
    ['an over-long token', `rl_session=${'x'.repeat(5000)}`],
    ['odd characters', 'rl_session=%00%ff%27%22'],
  ])('answers 401 "Your session has ended" for a session cookie with %s', async (_what, cookie) => {
    const res = await me(t, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });

  it('slides the 30-day expiry forward when the owner comes back', async () => {
    const b = await createBusiness(t.database);
    await t.database.query(
      "update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day' where business_id = $1",
      [b.id],
    );
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    const [row] = await t.database.query<{ days: number }>(
      'select extract(epoch from expires_at - now()) / 86400 as days from sessions where business_id = $1',
      [b.id],
    );
    expect(Number(row.days)).toBeGreaterThan(29.9);
  });

  it('answers 401 once the session has expired', async () => {
    const b = await createBusiness(t.database);
    await t.database.query("update sessions set expires_at = now() - interval '1 second' where business_id = $1", [b.id]);
    const res = await me(t, b.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail in any case and sets the session cookie', async () => {
    const b = await createBusiness(t.database);
    const res = await login(b.email.toUpperCase(), b.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toMatchObject({ id: b.id, email: b.email });
    expect(res.json().business).not.toHaveProperty('passwordHash');
    expect((await me(t, sessionCookie(res))).json().business.id).toBe(b.id);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const b = await createBusiness(t.database);
    const wrong = await login(b.email, 'wrong-password');
    const unknown = await login('nobody-here@example.com', b.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('spends one argon2 verification on an unknown e-mail, as on a wrong password, with the same parameters', async () => {
    // The same work either way, so the same time; asserted on the work done rather than on a stopwatch.
    const b = await createBusiness(t.database);
    const verified = vi.mocked(verify);
    verified.mockClear();
    await login(b.email, 'wrong-password');
    await login('nobody-timing@example.com', 'wrong-password');
    expect(verified).toHaveBeenCalledTimes(2);
    const [known, unknown] = verified.mock.calls.map(([hashed]) => String(hashed));
    const parameters = (hashed: string) => hashed.split('$').slice(1, 4).join('$'); // argon2id$v=19$m=…,t=…,p=…
    expect(parameters(unknown)).toBe(parameters(known));
    expect(parameters(known)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(unknown).not.toBe(known);
  });

  it.each([
    [{ email: 'nope', password: 'secret123' }, 'Please enter a valid email'],
    [{ email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co' }, 'Password must be at least 6 characters'],
    [{ password: 'secret123' }, 'Please enter a valid email'],
    [{ email: 7, password: 'secret123' }, 'Please enter a valid email'],
    [{ email: 'a@b.co', password: { $ne: 1 } }, 'Password must be at least 6 characters'],
    [{ email: `${'a'.repeat(300)}@b.co`, password: 'secret123' }, 'Email must be at most 254 characters'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await post(t, '/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, lasts 30 days and is not Secure over http', async () => {
    const res = await post(t, '/api/auth/signup', screenBody());
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^rl_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
    const cookie = res.cookies.find((c) => c.name === 'rl_session')!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('is Secure when the app is served over https', async () => {
    expect(loadConfig({ APP_URL: 'https://app.example.com' }).secureCookies).toBe(true);
    const secure = await createTestApp({ appUrl: 'https://app.example.com', secureCookies: true });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/signup', payload: landingBody() });
      expect(res.statusCode).toBe(201);
      const header = String(res.headers['set-cookie']);
      expect(header).toContain('Secure');
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const b = await createBusiness(t.database);
    const res = await signedIn(t.app, b.cookie).post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been signed out.' });
    const cleared = res.cookies.find((c) => c.name === 'rl_session')!;
    expect(cleared.value).toBe('');
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now());
    expect((await me(t, b.cookie)).statusCode).toBe(401);
    const rows = await t.database.query('select 1 from sessions where business_id = $1', [b.id]);
    expect(rows).toHaveLength(0);
  });

  it('only ends the session it was sent with', async () => {
    const b = await createBusiness(t.database);
    const other = sessionCookie(await login(b.email, b.password));
    await signedIn(t.app, b.cookie).post('/api/auth/logout');
    expect((await me(t, other)).statusCode).toBe(200);
  });

  it('answers 200 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('request guards', () => {
  it('refuses a sign-in posted from another site with 403', async () => {
    const b = await createBusiness(t.database);
    const res = await login(b.email, b.password, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This request came from another site and was refused.' });
    expect(res.cookies).toHaveLength(0);
    const broken = await login(b.email, b.password, { origin: 'not a url' });
    expect(broken.statusCode).toBe(403);
  });

  it('accepts a sign-in from the app itself', async () => {
    const b = await createBusiness(t.database);
    expect((await login(b.email, b.password, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
  });

  it('answers 413 for a JSON body over the limit and writes nothing', async () => {
    const res = await post(t, '/api/auth/signup', screenBody({ name: 'x'.repeat(JSON_BODY_LIMIT + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { LOGIN_PER_EMAIL, LOGIN_PER_IP } from './limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

const WAIT = /^Too many sign-in attempts\. Please wait (\d+) minutes? and try again\.$/;

describe('sign-in throttling', () => {
  it('answers 429 after 10 failures for one e-mail, from any address, even with the right password', async () => {
    const b = await createBusiness(t.database);
    for (let i = 0; i < LOGIN_PER_EMAIL.limit; i++) {
      expect((await login(b.email, 'wrong-password', `10.3.0.${i}`)).statusCode).toBe(401);
    }
    const res = await login(b.email.toUpperCase(), b.password, '10.3.1.1');
    expect(res.statusCode).toBe(429);
    const [, minutes] = res.json().message.match(WAIT);
    expect(Number(minutes)).toBeGreaterThanOrEqual(14);
    expect(Number(minutes)).toBeLessThanOrEqual(15);
    expect(res.cookies).toHaveLength(0);
  });

  it('lets the owner in again once the window has passed', async () => {
    const b = await createBusiness(t.database);
    for (let i = 0; i <= LOGIN_PER_EMAIL.limit; i++) await login(b.email, 'wrong-password', '10.4.0.1');
    expect((await login(b.email, b.password, '10.4.0.2')).statusCode).toBe(429);
    await t.database.query("update rate_limits set reset_at = now() - interval '1 second' where key = $1", [`login:email:${b.email}`]);
    expect((await login(b.email, b.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('forgets the failures of an e-mail after a successful sign-in', async () => {
    const b = await createBusiness(t.database);
    for (let i = 0; i < LOGIN_PER_EMAIL.limit - 1; i++) await login(b.email, 'wrong-password', '10.5.0.1');
    expect((await login(b.email, b.password, '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_PER_EMAIL.limit - 1; i++) {
      expect((await login(b.email, 'wrong-password', '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login(b.email, b.password, '10.5.0.1')).statusCode).toBe(200);
  });

  it('answers 429 after 30 failures from one address across e-mails, and not for another address', async () => {
    const b = await createBusiness(t.database);
    for (let i = 0; i < LOGIN_PER_IP.limit; i++) {
      expect((await login(`guess${i}@example.com`, 'wrong-password', '10.6.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(b.email, b.password, '10.6.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(WAIT);
    expect((await login(b.email, b.password, '10.6.0.2')).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses without letting more than the limit through', async () => {
    const b = await createBusiness(t.database);
    const burst = await Promise.all(
      Array.from({ length: LOGIN_PER_EMAIL.limit + 5 }, (_, i) => login(b.email, 'wrong-password', `10.7.0.${i}`)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_PER_EMAIL.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('keeps one counter row per key in the shared table', async () => {
    const b = await createBusiness(t.database);
    await login(b.email, 'wrong-password', '10.8.0.1');
    await login(b.email, 'wrong-password', '10.8.0.1');
    const rows = await t.database.query<{ key: string; count: number }>(
      'select key, count from rate_limits where key in ($1, $2) order by key',
      [`login:email:${b.email}`, 'login:ip:10.8.0.1'],
    );
    expect(rows).toEqual([
      { key: `login:email:${b.email}`, count: 2 },
      { key: 'login:ip:10.8.0.1', count: 2 },
    ]);
  });
});

// docs/operations.md "Client address behind a proxy": with TRUST_PROXY=1 the address is the one the proxy appended to
// X-Forwarded-For, not the client's own first entry.
describe('sign-in limit per address behind a proxy (TRUST_PROXY=1)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => p.close());

  const viaProxy = (email: string, password: string, first: string, client = '192.0.2.77') =>
    p.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.0.0.9', headers: { 'x-forwarded-for': `${first}, ${client}` } });

  it(`answers 429 after ${LOGIN_PER_IP.limit} failures from one client however it varies its own first entry`, async () => {
    const b = await createBusiness(p.database);
    for (let i = 0; i < LOGIN_PER_IP.limit; i++) {
      expect((await viaProxy(`guess${i}@example.com`, 'wrong-password', `10.9.${i}.1`)).statusCode).toBe(401);
    }
    const blocked = await viaProxy(b.email, b.password, '10.9.200.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(WAIT);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await viaProxy(b.email, b.password, '10.9.200.1', '192.0.2.78')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { count, landingBody, screenBody } from './test-helpers';

// docs/accounts.md "Sign-up limit": well-formed sign-ups per address per hour, counted in the database.

const PER_HOUR = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ signupsPerHour: PER_HOUR });
});
afterAll(() => t.close());

const signup = (body: unknown, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as object, remoteAddress: ip });
const WAIT = /^Too many sign-ups from your network\. Please wait (\d+) minutes? and try again\.$/;

describe('sign-up limit per address', () => {
  it(`answers 429 in the spec's error style past ${PER_HOUR} sign-ups an hour from one address, and creates nothing`, async () => {
    for (let i = 0; i < PER_HOUR; i++) expect((await signup(i % 2 ? landingBody() : screenBody(), '10.9.0.1')).statusCode).toBe(201);
    const before = await count(t, 'businesses');
    const res = await signup(screenBody(), '10.9.0.1');
    expect(res.statusCode).toBe(429);
    const [, minutes] = res.json().message.match(WAIT);
    expect(Number(minutes)).toBeGreaterThanOrEqual(59);
    expect(Number(minutes)).toBeLessThanOrEqual(60);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.cookies).toHaveLength(0);
    expect(await count(t, 'businesses')).toBe(before);
    // Another address goes on.
    expect((await signup(screenBody(), '10.9.0.2')).statusCode).toBe(201);
  });

  it('counts a sign-up with a taken e-mail too (each would cost a look-up), not a malformed body', async () => {
    const taken = screenBody();
    expect((await signup(taken, '10.9.1.1')).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await signup({ ...screenBody(), email: 'not-an-email' }, '10.9.1.1')).statusCode).toBe(400);
    expect((await signup(taken, '10.9.1.1')).statusCode).toBe(409);
    expect((await signup(taken, '10.9.1.1')).statusCode).toBe(409);
    expect((await signup(screenBody(), '10.9.1.1')).statusCode).toBe(429);
  });

  it('lets the address sign up again once the hour has passed', async () => {
    for (let i = 0; i <= PER_HOUR; i++) await signup(screenBody(), '10.9.2.1');
    expect((await signup(screenBody(), '10.9.2.1')).statusCode).toBe(429);
    await t.database.query("update rate_limits set reset_at = now() - interval '1 second' where key = $1", ['signup:ip:10.9.2.1']);
    expect((await signup(screenBody(), '10.9.2.1')).statusCode).toBe(201);
  });
});

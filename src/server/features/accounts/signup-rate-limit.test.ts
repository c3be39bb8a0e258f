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
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(58 * 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
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

// docs/operations.md "Client address behind a proxy": TRUST_PROXY is a hop count. A proxy appends the address it saw
// to X-Forwarded-For; whatever is left of the trusted hops was written by the client and must not pick the counter.
describe.each([1, 2])('sign-up limit behind %i proxy hop(s) (TRUST_PROXY)', (hops) => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ signupsPerHour: PER_HOUR, trustProxy: hops });
  });
  afterAll(() => p.close());

  // The client writes its own first entry; the proxies append what they saw: the client (192.0.2.77), then the
  // first proxy (10.0.0.8, only with two hops). The socket is the nearest proxy.
  const viaProxies = (i: number, client = '192.0.2.77') => {
    const forwarded = [`10.9.${i}.1`, client, ...(hops === 2 ? ['10.0.0.8'] : [])].join(', ');
    return p.app.inject({ method: 'POST', url: '/api/auth/signup', payload: screenBody(), remoteAddress: '10.0.0.9', headers: { 'x-forwarded-for': forwarded } });
  };

  it('counts the address the trusted proxies saw, whatever the client wrote first', async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_HOUR + 2; i++) codes.push((await viaProxies(i)).statusCode);
    expect(codes).toEqual([...Array<number>(PER_HOUR).fill(201), 429, 429]);
    const res = await viaProxies(99);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(WAIT);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await p.database.query<{ count: number }>('select count from rate_limits where key = $1', ['signup:ip:192.0.2.77']);
    expect(row.count).toBe(PER_HOUR + 3);
    // Another client behind the same proxies goes on.
    expect((await viaProxies(0, '192.0.2.78')).statusCode).toBe(201);
  });
});

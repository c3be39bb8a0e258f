import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { count, landingBody, screenBody, sessionCookie } from './test-helpers';
import { signedIn } from '../../testing/requests';

// docs/accounts.md, "The business's time zone": sign-up takes the browser's zone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
/** Each sign-up from its own address, so a per-address sign-up limit never decides these tests. */
const signup = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as object, remoteAddress: `10.25.0.${(address += 1)}` });
const zoneOf = async (id: number) => (await t.database.query<{ z: string }>('select time_zone z from businesses where id = $1', [id]))[0].z;

describe('POST /api/auth/signup with the browser time zone', () => {
  it.each([
    ['the signup screen', 'America/Chicago', screenBody],
    ['the landing modal', 'America/Los_Angeles', landingBody],
    ['the signup screen', 'Europe/Berlin', screenBody],
    ['the landing modal', 'UTC', landingBody],
  ])('%s keeps a zone the server knows: %s', async (_, zone, body) => {
    const res = await signup(body({ timeZone: zone }));
    expect(res.statusCode).toBe(201);
    expect(await zoneOf(res.json().business.id)).toBe(zone);
    const profile = await signedIn(t.app, sessionCookie(res)).get('/api/business/profile');
    expect(profile.json().timeZone).toBe(zone);
  });

  it("the spec's payloads without a zone (or with null or '') still work and get America/New_York", async () => {
    for (const body of [screenBody(), landingBody(), screenBody({ timeZone: null }), landingBody({ timeZone: '' })]) {
      const res = await signup(body);
      expect(res.statusCode).toBe(201);
      expect(await zoneOf(res.json().business.id)).toBe('America/New_York');
    }
  });

  it('a zone nobody knows is not kept (the default instead); nothing an owner could not fix refuses the sign-up', async () => {
    for (const zone of ['Mars/Olympus_Mons', "America/New_York'; drop table businesses; --", 'america/chicago', '../../etc/passwd']) {
      const res = await signup(screenBody({ timeZone: zone }));
      expect(res.statusCode, zone).toBe(201);
      expect(await zoneOf(res.json().business.id)).toBe('America/New_York');
    }
  });

  it('a wrong-typed or oversized zone is a 400 with a message, and nothing is written', async () => {
    const before = await count(t, 'businesses');
    for (const timeZone of [42, true, ['America/Chicago'], { zone: 'America/Chicago' }, `America/${'x'.repeat(200)}`]) {
      const res = await signup(screenBody({ timeZone }));
      expect(res.statusCode, JSON.stringify(timeZone).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ message: 'Please choose a time zone from the list' });
    }
    const landing = await signup(landingBody({ timeZone: 7 }));
    expect(landing.statusCode).toBe(400);
    expect(landing.json()).toEqual({ message: 'Please choose a time zone from the list' });
    expect(await count(t, 'businesses')).toBe(before);
  });
});

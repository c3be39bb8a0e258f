import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../../testing/factories';
import { signedIn } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { me, post, sessionCookie } from './test-helpers';

// A person's own signed-in sessions (docs/accounts.md, "Sessions and password"): the list, ending one, ending
// every other; never another person's, in this business or another.

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = async (email: string, password: string, userAgent: string) =>
  sessionCookie(await post(t, '/api/auth/login', { email, password }, { 'user-agent': userAgent }));
const sessionsOf = async (cookie: string) => {
  const res = await signedIn(t.app, cookie).get('/api/account/sessions');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessions as { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean }[];
};
const countSessions = async (personId: number) =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from sessions where person_id = $1', [personId]))[0].n;

describe('GET /api/account/sessions', () => {
  it("lists the person's own sessions, this one first and marked, with a readable device", async () => {
    const b = await createBusiness(t.database);
    const phone = await signIn(b.email, b.password, ANDROID);
    const laptop = await signIn(b.email, b.password, MAC);
    const teammate = await createPerson(t.database, b.id, 'staff');
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ device: 'Safari on Mac', current: true });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toContain('Chrome on Android');
    expect(list.map((s) => s.device)).toContain('Unknown device');
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{64}$/);
      expect(new Date(s.createdAt).getTime()).not.toBeNaN();
      expect(new Date(s.lastSeenAt).getTime()).not.toBeNaN();
    }
    // The phone sees the same three, itself the current one; the teammate sees only their own.
    expect((await sessionsOf(phone))[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(await sessionsOf(teammate.cookie)).toHaveLength(1);
  });

  it('without a session answers 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it("ends one of the person's sessions: its cookie answers 401 at once, the others stay", async () => {
    const b = await createBusiness(t.database);
    const phone = await signIn(b.email, b.password, ANDROID);
    const phoneId = (await sessionsOf(phone))[0].id;
    const res = await signedIn(t.app, b.cookie).delete(`/api/account/sessions/${phoneId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'That session was signed out.', id: phoneId });
    expect((await signedIn(t.app, phone).get('/api/clients')).statusCode).toBe(401);
    expect((await me(t, phone)).json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    expect(await countSessions(b.ownerId)).toBe(1);
  });

  it("answers 404 for a teammate's or another business's session and ends nothing", async () => {
    const b = await createBusiness(t.database);
    const teammate = await createPerson(t.database, b.id, 'manager');
    const other = await createBusiness(t.database);
    const teammateId = (await sessionsOf(teammate.cookie))[0].id;
    const otherId = (await sessionsOf(other.cookie))[0].id;
    for (const id of [teammateId, otherId]) {
      const res = await signedIn(t.app, b.cookie).delete(`/api/account/sessions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This session was not found.' });
    }
    // And the other way round: the teammate, staff or not, cannot end the owner's.
    const ownerId = (await sessionsOf(b.cookie))[0].id;
    expect((await signedIn(t.app, teammate.cookie).delete(`/api/account/sessions/${ownerId}`)).statusCode).toBe(404);
    expect((await me(t, teammate.cookie)).statusCode).toBe(200);
    expect((await me(t, other.cookie)).statusCode).toBe(200);
    expect((await me(t, b.cookie)).statusCode).toBe(200);
  });

  it('answers 404 to hostile ids, never 500', async () => {
    const b = await createBusiness(t.database);
    for (const id of ['x', '1', 'A'.repeat(64), `${'a'.repeat(63)}'`, encodeURIComponent("' or 1=1 --"), 'a'.repeat(65)]) {
      const res = await signedIn(t.app, b.cookie).delete(`/api/account/sessions/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'This session was not found.' });
    }
    // A NUL or a very long path segment is refused before the route runs (the server's URL and parameter caps).
    for (const id of ['%00', 'a'.repeat(1000)]) {
      const res = await signedIn(t.app, b.cookie).delete(`/api/account/sessions/${id}`);
      expect(res.statusCode, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id.slice(0, 20)).toBeLessThan(500);
    }
    expect(await countSessions(b.ownerId)).toBe(1);
  });

  it('ending this very session signs out here and clears the cookie', async () => {
    const b = await createBusiness(t.database);
    const id = (await sessionsOf(b.cookie))[0].id;
    const res = await signedIn(t.app, b.cookie).delete(`/api/account/sessions/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rl_session')?.value).toBe('');
    expect((await me(t, b.cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/account/sessions/sign-out-others', () => {
  it("ends every other session of the person and keeps this one and the teammates'", async () => {
    const b = await createBusiness(t.database);
    const phone = await signIn(b.email, b.password, ANDROID);
    const tablet = await signIn(b.email, b.password, MAC);
    const teammate = await createPerson(t.database, b.id, 'staff');
    const res = await signedIn(t.app, b.cookie).post('/api/account/sessions/sign-out-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of 2 other sessions.', ended: 2 });
    expect((await me(t, phone)).statusCode).toBe(401);
    expect((await me(t, tablet)).statusCode).toBe(401);
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    expect((await me(t, teammate.cookie)).statusCode).toBe(200);
    const again = await signedIn(t.app, b.cookie).post('/api/account/sessions/sign-out-others');
    expect(again.json()).toEqual({ message: 'There were no other sessions to sign out.', ended: 0 });
  });
});

describe('last used', () => {
  it('is written at most once in five minutes per session, not on every request', async () => {
    const b = await createBusiness(t.database);
    const lastSeen = async () =>
      (await t.database.query<{ at: string }>('select last_seen_at::text as at from sessions where person_id = $1', [b.ownerId]))[0].at;
    await t.database.query("update sessions set last_seen_at = now() - interval '4 minutes' where person_id = $1", [b.ownerId]);
    const before = await lastSeen();
    await signedIn(t.app, b.cookie).get('/api/account/sessions');
    expect(await lastSeen()).toBe(before);
    await t.database.query("update sessions set last_seen_at = now() - interval '6 minutes' where person_id = $1", [b.ownerId]);
    const stale = await lastSeen();
    await signedIn(t.app, b.cookie).get('/api/account/sessions');
    expect(await lastSeen()).not.toBe(stale);
  });
});

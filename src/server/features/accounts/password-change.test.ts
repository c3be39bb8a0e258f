import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../../testing/factories';
import { signedIn } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { me, post, sessionCookie } from './test-helpers';

// Changing one's own password in Settings (docs/accounts.md, "Sessions and password").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (cookie: string, body: unknown) => signedIn(t.app, cookie).post('/api/account/password', body as object);
const hashOf = async (personId: number) => (await t.database.query<{ h: string }>('select password_hash as h from people where id = $1', [personId]))[0].h;
const login = (email: string, password: string) => post(t, '/api/auth/login', { email, password });

describe('POST /api/account/password', () => {
  it("sets the new password and ends the person's other sessions, keeping this one and the teammates'", async () => {
    const b = await createBusiness(t.database);
    const other = sessionCookie(await login(b.email, b.password));
    const teammate = await createPerson(t.database, b.id, 'staff');
    const res = await change(b.cookie, { currentPassword: b.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Your other sessions were signed out.' });
    expect((await me(t, other)).statusCode).toBe(401);
    expect((await signedIn(t.app, other).get('/api/clients')).statusCode).toBe(401);
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    expect((await me(t, teammate.cookie)).statusCode).toBe(200);
    expect((await login(b.email, b.password)).statusCode).toBe(401);
    expect((await login(b.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('staff change their own password too', async () => {
    const b = await createBusiness(t.database);
    const staff = await createPerson(t.database, b.id, 'staff');
    const ownerHash = await hashOf(b.ownerId);
    const res = await change(staff.cookie, { currentPassword: staff.password, newPassword: 'crew-pass-2', confirmPassword: 'crew-pass-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(staff.email, 'crew-pass-2')).statusCode).toBe(200);
    expect(await hashOf(b.ownerId)).toBe(ownerHash);
  });

  it('a wrong current password answers 400, changes nothing and ends no session', async () => {
    const b = await createBusiness(t.database);
    const other = sessionCookie(await login(b.email, b.password));
    const before = await hashOf(b.ownerId);
    const res = await change(b.cookie, { currentPassword: 'not-my-password', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Your current password is incorrect.' });
    expect(await hashOf(b.ownerId)).toBe(before);
    expect((await me(t, other)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'secret123', newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
    [{ currentPassword: 'secret123', newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' }, "Passwords don't match"],
    [{ currentPassword: 'secret123', newPassword: 'brand-new-1' }, 'Please confirm your password'],
    [{ newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' }, 'Please enter your current password'],
    [{ currentPassword: 'secret123', newPassword: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) }, 'Password must be at most 200 characters'],
    [{ currentPassword: 'secret123', newPassword: 'secret123', confirmPassword: 'secret123' }, 'Choose a new password that is different from your current one.'],
    [{ currentPassword: 123456, newPassword: ['brand-new-1'], confirmPassword: null }, 'Please enter your current password'],
    [[1, 2], 'Request body must be a JSON object'],
    [{}, 'Please enter your current password'],
  ])('refuses body %# with 400 and its sentence, and writes nothing', async (body, message) => {
    const b = await createBusiness(t.database);
    const other = sessionCookie(await login(b.email, b.password));
    const before = await hashOf(b.ownerId);
    const res = await change(b.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await hashOf(b.ownerId)).toBe(before);
    expect((await me(t, other)).statusCode).toBe(200);
  });

  it('an oversized body answers 413', async () => {
    const b = await createBusiness(t.database);
    const res = await change(b.cookie, { currentPassword: 'secret123', newPassword: 'y'.repeat(10_000), confirmPassword: 'y' });
    expect(res.statusCode).toBe(413);
  });

  it('wrong current passwords are limited per person: 10 in 15 minutes, then 429 even with the right one', async () => {
    const b = await createBusiness(t.database);
    const wrong = { currentPassword: 'guess-0000', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' };
    for (let i = 0; i < 10; i += 1) expect((await change(b.cookie, wrong)).statusCode).toBe(400);
    const res = await change(b.cookie, { ...wrong, currentPassword: b.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many password attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await login(b.email, b.password)).statusCode).toBe(200);
  });

  it('ends the open reset links asked for before the change', async () => {
    const b = await createBusiness(t.database);
    await t.database.query(
      "insert into password_reset_tokens (business_id, person_id, token, expires_at) values ($1, $2, 'open-link-hash', now() + interval '1 hour')",
      [b.id, b.ownerId],
    );
    expect((await change(b.cookie, { currentPassword: b.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })).statusCode).toBe(200);
    const [row] = await t.database.query<{ used: boolean }>("select used_at is not null as used from password_reset_tokens where token = 'open-link-hash'");
    expect(row.used).toBe(true);
  });

  it('without a session answers 401', async () => {
    expect((await post(t, '/api/account/password', { currentPassword: 'a', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TWO_FACTOR_MESSAGES as m } from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_PER_PERSON } from './limits';
import { awayFromStepEdge, call, codeAt, forgetLastStep, login, loginCode, turnOn } from './two-factor-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recordOf = async (personId: number) =>
  (await t.database.query<{ kind: string; summary: string }>('select kind, summary from activity_records where person_id = $1 order by id', [personId])).map((r) => `${r.kind}: ${r.summary}`);
const sessionsOf = async (personId: number) =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from sessions where person_id = $1', [personId]))[0].n;

async function withTwoFactor() {
  const b = await createBusiness(t.database);
  const factor = await turnOn(t, b.cookie);
  await forgetLastStep(t, b.ownerId);
  return { b, ...factor };
}

describe('sign-in with a second factor', () => {
  it('a right password opens the code step without a session; a right code signs in', async () => {
    const { b, secret } = await withTwoFactor();
    const before = await sessionsOf(b.ownerId);
    const first = await login(t, b.email, b.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String), message: m.codeStep });
    expect(first.cookies).toHaveLength(0);
    expect(await sessionsOf(b.ownerId)).toBe(before);
    await awayFromStepEdge();
    const second = await loginCode(t, first.json().challenge, codeAt(secret));
    expect(second.statusCode).toBe(200);
    expect(second.json().person).toMatchObject({ id: b.ownerId, twoFactor: true, twoFactorSetupRequired: false });
    const cookie = `rl_session=${second.cookies.find((c) => c.name === 'rl_session')!.value}`;
    expect((await call(t, 'GET', '/api/auth/me', cookie)).statusCode).toBe(200);
    // The challenge is used up with the sign-in.
    expect((await loginCode(t, first.json().challenge, codeAt(secret))).json()).toEqual({ message: m.challengeExpired });
    // The activity record has the sign-in once, when the code completed it.
    expect((await recordOf(b.ownerId)).filter((e) => e.startsWith('sign_in'))).toEqual([expect.stringMatching(/^sign_in: Signed in with a second factor/)]);
  });

  it('refuses a wrong code, an unknown challenge and an expired one', async () => {
    const { b, secret } = await withTwoFactor();
    const { challenge } = (await login(t, b.email, b.password)).json();
    const wrong = await loginCode(t, challenge, codeAt(secret) === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: m.wrongCode });
    expect(wrong.cookies).toHaveLength(0);
    expect(await recordOf(b.ownerId)).toContain('sign_in_failed: Wrong two-factor code');
    expect((await loginCode(t, 'made-up-challenge', codeAt(secret))).json()).toEqual({ message: m.challengeExpired });
    await t.database.query("update sign_in_challenges set expires_at = now() - interval '1 second' where person_id = $1", [b.ownerId]);
    expect((await loginCode(t, challenge, codeAt(secret))).statusCode).toBe(401);
  });

  it('accepts a code one step early or late, not two', async () => {
    const { b, secret } = await withTwoFactor();
    await awayFromStepEdge();
    const { challenge } = (await login(t, b.email, b.password)).json();
    expect((await loginCode(t, challenge, codeAt(secret, -65))).statusCode).toBe(401);
    expect((await loginCode(t, challenge, codeAt(secret, 65))).statusCode).toBe(401);
    expect((await loginCode(t, challenge, codeAt(secret, -30))).statusCode).toBe(200);
    await forgetLastStep(t, b.ownerId);
    const next = (await login(t, b.email, b.password)).json().challenge;
    expect((await loginCode(t, next, codeAt(secret, 30))).statusCode).toBe(200);
  });

  it('never accepts one code twice, nor an earlier one after it', async () => {
    const { b, secret } = await withTwoFactor();
    await awayFromStepEdge();
    const code = codeAt(secret);
    const one = (await login(t, b.email, b.password)).json().challenge;
    expect((await loginCode(t, one, code)).statusCode).toBe(200);
    const two = (await login(t, b.email, b.password)).json().challenge;
    expect((await loginCode(t, two, code)).json()).toEqual({ message: m.wrongCode });
    expect((await loginCode(t, two, codeAt(secret, -30))).statusCode).toBe(401);
  });

  it('a recovery code signs in once, typed in any case and with or without dashes', async () => {
    const { b, recoveryCodes } = await withTwoFactor();
    const typed = recoveryCodes[3].toUpperCase().replace(/-/g, ' ');
    const one = (await login(t, b.email, b.password)).json().challenge;
    expect((await loginCode(t, one, typed)).statusCode).toBe(200);
    const two = (await login(t, b.email, b.password)).json().challenge;
    expect((await loginCode(t, two, recoveryCodes[3])).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/two-factor', b.cookie)).json().recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes like wrong passwords, and a right password buys no more guesses', async () => {
    const { b, secret } = await withTwoFactor();
    for (let i = 0; i < TWO_FACTOR_PER_PERSON.limit; i++) {
      const { challenge } = (await login(t, b.email, b.password, `10.9.0.${i}`)).json();
      expect((await loginCode(t, challenge, 'abcdef', `10.9.0.${i}`)).statusCode).toBe(401);
    }
    await awayFromStepEdge();
    const { challenge } = (await login(t, b.email, b.password, '10.9.1.1')).json();
    const res = await loginCode(t, challenge, codeAt(secret), '10.9.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many code attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.cookies).toHaveLength(0);
  });

  it('a recovery code of another business’s person does not sign anyone in', async () => {
    const a = await withTwoFactor();
    const other = await withTwoFactor();
    const { challenge } = (await login(t, other.b.email, other.b.password)).json();
    expect((await loginCode(t, challenge, a.recoveryCodes[0])).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/two-factor', a.b.cookie)).json().recoveryCodesLeft).toBe(10);
  });
});

describe('an owner requiring two-factor for everyone', () => {
  it('needs the owner’s own second factor first', async () => {
    const b = await createBusiness(t.database);
    const res = await call(t, 'PUT', '/api/two-factor/requirement', b.cookie, { required: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: m.ownerFirst });
    const staff = await createPerson(t.database, b.id, 'manager');
    expect((await call(t, 'PUT', '/api/two-factor/requirement', staff.cookie, { required: false })).statusCode).toBe(403);
  });

  it('a person without a second factor may only set it up, then uses the app', async () => {
    const b = await createBusiness(t.database);
    await turnOn(t, b.cookie);
    const staff = await createPerson(t.database, b.id, 'staff');
    const on = await call(t, 'PUT', '/api/two-factor/requirement', b.cookie, { required: true });
    expect(on.json()).toEqual({ required: true, message: m.requirementOn });

    const signIn = await login(t, staff.email, staff.password);
    expect(signIn.json().person).toMatchObject({ twoFactor: false, twoFactorSetupRequired: true });
    const cookie = `rl_session=${signIn.cookies.find((c) => c.name === 'rl_session')!.value}`;
    const refused = await call(t, 'GET', '/api/clients', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: m.setUpBeforeContinuing });
    expect((await call(t, 'GET', '/api/two-factor', cookie)).json()).toMatchObject({ enabled: false, requiredByBusiness: true });
    expect((await call(t, 'GET', '/api/auth/me', cookie)).json().person.twoFactorSetupRequired).toBe(true);

    await turnOn(t, cookie);
    expect((await call(t, 'GET', '/api/clients', cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/two-factor/disable', cookie, { password: staff.password })).json()).toEqual({ message: m.requiredByBusiness });
    // The owner's own sessions were never held back.
    expect((await call(t, 'GET', '/api/clients', b.cookie)).statusCode).toBe(200);
  });
});

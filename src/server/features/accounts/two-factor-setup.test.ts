import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../../testing/factories';
import { createSession, SESSION_COOKIE } from '../../platform/session';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TWO_FACTOR_MESSAGES as m } from '../../../shared/schemas/two-factor';
import { awayFromStepEdge, call, codeAt, forgetLastStep, login, loginCode, turnOn } from './two-factor-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const secretOf = async (personId: number) =>
  (await t.database.query<{ s: string | null; p: string | null }>('select totp_secret as s, totp_pending_secret as p from people where id = $1', [personId]))[0];

describe('turning two-factor on', () => {
  it('shows a secret and a QR code made here, and turns on only with a right code', async () => {
    const b = await createBusiness(t.database);
    expect((await call(t, 'GET', '/api/two-factor', b.cookie)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredByBusiness: false });
    await awayFromStepEdge();
    const setup = await call(t, 'POST', '/api/two-factor/setup', b.cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Referloop');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await call(t, 'POST', '/api/two-factor/enable', b.cookie, { code: '000000' === codeAt(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: m.wrongCode });
    expect((await secretOf(b.ownerId)).s).toBeNull();

    const on = await call(t, 'POST', '/api/two-factor/enable', b.cookie, { code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    expect(on.json().recoveryCodes).toHaveLength(10);
    expect(new Set(on.json().recoveryCodes).size).toBe(10);
    expect(await secretOf(b.ownerId)).toEqual({ s: secret, p: null });
    expect((await call(t, 'GET', '/api/two-factor', b.cookie)).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByBusiness: false });
    const stored = await t.database.query<{ code_hash: string }>('select code_hash from recovery_codes where person_id = $1', [b.ownerId]);
    expect(stored.map((r) => r.code_hash)).not.toContain(on.json().recoveryCodes[0]);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('ends the person’s other sessions and keeps the one that turned it on', async () => {
    const b = await createBusiness(t.database);
    const other = await createSession(t.database.db, { businessId: b.id, personId: b.ownerId });
    const teammate = await createPerson(t.database, b.id, 'staff');
    await turnOn(t, b.cookie);
    expect((await call(t, 'GET', '/api/auth/me', `${SESSION_COOKIE}=${other.token}`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/me', b.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/auth/me', teammate.cookie)).statusCode).toBe(200);
  });

  it('asks for the setup first, and refuses a second setup once on', async () => {
    const b = await createBusiness(t.database);
    expect((await call(t, 'POST', '/api/two-factor/enable', b.cookie, { code: '123456' })).json()).toEqual({ message: m.setupFirst });
    await turnOn(t, b.cookie);
    const again = await call(t, 'POST', '/api/two-factor/setup', b.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.alreadyOn });
  });

  it('answers hostile and oversized codes with a sentence and writes nothing', async () => {
    const b = await createBusiness(t.database);
    await call(t, 'POST', '/api/two-factor/setup', b.cookie);
    const before = await secretOf(b.ownerId);
    for (const body of [{}, { code: 123456 }, { code: '1'.repeat(5000) }, { code: "'; drop table people; --" }, [], 'code', { code: null }]) {
      const res = await call(t, 'POST', '/api/two-factor/enable', b.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await secretOf(b.ownerId)).toEqual(before);
    const huge = await loginCode(t, 'x'.repeat(10_000), '123456');
    expect(huge.statusCode).toBe(413);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('turns off with a code or the password, then sign-in needs the password only', async () => {
    const b = await createBusiness(t.database);
    const { secret } = await turnOn(t, b.cookie);
    expect((await call(t, 'POST', '/api/two-factor/disable', b.cookie, { password: 'wrong password' })).json()).toEqual({ message: m.wrongPassword });
    expect((await call(t, 'POST', '/api/two-factor/disable', b.cookie, {})).json()).toEqual({ message: m.codeOrPassword });
    await forgetLastStep(t, b.ownerId);
    const off = await call(t, 'POST', '/api/two-factor/disable', b.cookie, { code: codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect(await secretOf(b.ownerId)).toEqual({ s: null, p: null });
    expect((await t.database.query('select 1 from recovery_codes where person_id = $1', [b.ownerId])).length).toBe(0);
    const signIn = await login(t, b.email, b.password);
    expect(signIn.json().business).toBeDefined();

    const second = await turnOn(t, signIn.cookies.length ? `${SESSION_COOKIE}=${signIn.cookies[0].value}` : b.cookie);
    expect(second.secret).not.toBe(secret);
  });

  it('new recovery codes replace the old ones', async () => {
    const b = await createBusiness(t.database);
    const { recoveryCodes } = await turnOn(t, b.cookie);
    const fresh = await call(t, 'POST', '/api/two-factor/recovery-codes', b.cookie, { password: b.password });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    const { challenge } = (await login(t, b.email, b.password)).json();
    expect((await loginCode(t, challenge, recoveryCodes[0])).statusCode).toBe(401);
    expect((await loginCode(t, challenge, fresh.json().recoveryCodes[0])).statusCode).toBe(200);
  });
});

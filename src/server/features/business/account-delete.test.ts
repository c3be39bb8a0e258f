import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED } from '../../../shared/schemas/business';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { seedTenantData, tenantSnapshot, tenantTables } from '../../testing/tenant-data';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// DELETE /api/business/account (docs/settings.md "Danger Zone").

let t: TestApp;
let keep: TestBusiness;
let keepBefore: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  keep = await createBusiness(t.database, { name: 'Stays Cleaning', selectedPhoneNumber: '+15125550150' });
  // The business that stays has data of its own (the one deleted gets every tenant table filled below).
  for (const [name, phone] of [['Kim Keep', '4155550111'], ['Lee Keep', '4155550112']]) {
    const res = await signedIn(t.app, keep.cookie).post('/api/clients', { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone, serviceDate: '2025-03-01', amount: 90 });
    expect(res.statusCode).toBe(201);
  }
  await t.database.query("insert into sms_number_pacing (number, next_free_at) values ('+15125550150', now())");
  keepBefore = await tenantSnapshot(t.database, keep.id);
});
afterAll(() => t.close());

const signup = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Doomed Cleaning', email, password: 'secret123', confirmPassword: 'secret123' } });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => `rl_session=${res.cookies.find((c) => c.name === 'rl_session')!.value}`;
const del = (cookie: string, headers: Record<string, string> = {}) => signedIn(t.app, cookie, headers).delete('/api/business/account');
const countRows = async (table: string, businessId: number) =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from "${table}" where ${table === 'businesses' ? 'id' : 'business_id'} = $1`, [businessId]))[0].n;

describe('DELETE /api/business/account', () => {
  it('deletes everything the business owns, ends every session, clears the cookie; others are untouched; the e-mail can sign up again', async () => {
    const email = 'doomed.owner@example.com';
    const first = await signup(email);
    expect(first.statusCode).toBe(201);
    const id: number = first.json().business.id;
    const cookie = cookieOf(first);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    const secondDevice = cookieOf(login);
    await seedTenantData(t.app, t.database, { id, cookie });
    // A bought number (released at the provider afterwards) and its send pacing; a failed sign-in and a reset request counted.
    const bought = await signedIn(t.app, cookie).post('/api/sms/purchase-number', { phoneNumber: '+15125550110' });
    expect(bought.statusCode).toBe(200);
    const [{ twilio_sid: sid, webhook_url: token }] = await t.database.query<{ twilio_sid: string; webhook_url: string }>('select twilio_sid, webhook_url from businesses where id = $1', [id]);
    await t.database.query("insert into sms_number_pacing (number, next_free_at) values ('+15125550110', now())");
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const counters = () => t.database.query<{ key: string }>("select key from rate_limits where key like '%' || $1", [email]);
    expect((await counters()).length).toBeGreaterThan(0);
    const tables = await tenantTables(t.database);
    const filled = [];
    for (const table of tables) if ((await countRows(table, id)) > 0) filled.push(table);
    expect(filled.length).toBeGreaterThan(15);

    const res = await del(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_DELETED });
    const cleared = res.cookies.find((c) => c.name === 'rl_session');
    expect(cleared?.value).toBe('');
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());

    for (const table of [...tables, 'businesses']) expect(await countRows(table, id), table).toBe(0);
    expect(await t.database.query("select 1 from sms_number_pacing where number = '+15125550110'")).toEqual([]);
    expect(await counters()).toEqual([]);
    expect(t.sms.released).toContain(sid);
    for (const c of [cookie, secondDevice]) {
      expect((await signedIn(t.app, c).get('/api/auth/me')).statusCode).toBe(401);
    }
    const hook = await t.app.inject({ method: 'POST', url: `/api/webhook/${token}`, payload: { client_name: 'Late', client_email: 'late@example.com', appointment_date: '2025-02-03', status: 'Completed' } });
    expect(hook.statusCode).toBe(404);
    expect(await tenantSnapshot(t.database, keep.id)).toEqual(keepBefore);
    expect(await t.database.query("select 1 from sms_number_pacing where number = '+15125550150'")).toHaveLength(1);

    const again = await signup(email);
    expect(again.statusCode).toBe(201);
    expect(again.json().business.id).not.toBe(id);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    expect(relogin.statusCode).toBe(200);
  });

  it('still deletes the account when the provider will not release the number (logged for an operator)', async () => {
    const b = await createBusiness(t.database, { twilioSid: 'PN-stuck', selectedPhoneNumber: '+15125550111' });
    const release = t.sms.releaseNumber.bind(t.sms);
    t.sms.releaseNumber = async () => {
      throw new Error('provider down');
    };
    try {
      const res = await del(b.cookie);
      expect(res.statusCode).toBe(200);
    } finally {
      t.sms.releaseNumber = release;
    }
    expect(await countRows('businesses', b.id)).toBe(0);
  });

  it('needs a session and a same-site Origin; a refused call deletes nothing', async () => {
    const b = await createBusiness(t.database);
    const anon = await t.app.inject({ method: 'DELETE', url: '/api/business/account' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue.' });
    const cross = await del(b.cookie, { origin: 'https://evil.example.com' });
    expect(cross.statusCode).toBe(403);
    expect(await countRows('businesses', b.id)).toBe(1);
    expect(await tenantSnapshot(t.database, keep.id)).toEqual(keepBefore);
  });

  it('a second call with the ended session is a 401, not an error', async () => {
    const b = await createBusiness(t.database);
    expect((await del(b.cookie)).statusCode).toBe(200);
    expect((await del(b.cookie)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  today = await todayIn(t.database, 'America/New_York');
});
afterAll(() => t.close());

const daysAgo = (n: number) => daysBefore(today, n);
const req = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = biz.cookie, payload?: unknown) =>
  signedIn(t.app, cookie).send(method, url, payload as any);
const addBooking = async (name: string, email: string, serviceDate: string, amount: number, cookie = biz.cookie) =>
  (await req('POST', '/api/clients', cookie, { name, email, serviceDate, serviceType: 'Deep Clean', amount })).json().client;
const count = async (sql: string, params: unknown[]) => Number((await t.database.query<{ n: number }>(sql, params))[0].n);

describe('GET /api/clients/:id (client detail)', () => {
  it('answers the client, bookings newest first, totals and the business today', async () => {
    await addBooking('Dana Detail', 'dana@example.com', daysAgo(40), 100);
    await addBooking('Dana Detail', 'dana@example.com', daysAgo(20), 120.5);
    const client = await addBooking('Dana Detail', 'dana@example.com', daysAgo(0), 80);
    const res = await req('GET', `/api/clients/${client.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today);
    expect(body.client).toMatchObject({ id: client.id, name: 'Dana Detail', referralCode: client.referralCode, totalBookings: 3, frequency: 20 });
    expect(body.bookings.map((b: any) => [b.serviceDate, b.amount, b.status, b.serviceType, b.source])).toEqual([
      [daysAgo(0), 80, 'completed', 'Deep Clean', 'manual'],
      [daysAgo(20), 120.5, 'completed', 'Deep Clean', 'manual'],
      [daysAgo(40), 100, 'completed', 'Deep Clean', 'manual'],
    ]);
    expect(body.totals).toEqual({ completedBookings: 3, totalSpent: 300.5, averageBooking: 100.17, allBookings: 3 });
  });

  it.each(['0', '-1', 'abc', '2147483648', '99999'])('answers 404 for the id %s', async (id) => {
    const res = await req('GET', `/api/clients/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Client not found' });
  });

  it("answers 404 for another business's client", async () => {
    const other = await createBusiness(t.database);
    const theirs = await addBooking('Other Owner Client', 'ooc@example.com', daysAgo(3), 50, other.cookie);
    expect((await req('GET', `/api/clients/${theirs.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/clients/${theirs.id}`, other.cookie)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/clients/:id', () => {
  it('deletes the client and their bookings, and nothing of anyone else', async () => {
    const gone = await addBooking('Gone Soon', 'gone@example.com', daysAgo(10), 60);
    await addBooking('Gone Soon', 'gone@example.com', daysAgo(5), 60);
    const stays = await addBooking('Stays Here', 'stays@example.com', daysAgo(5), 70);
    const statsBefore = (await req('GET', '/api/dashboard/stats')).json();

    const res = await req('DELETE', `/api/clients/${gone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Client deleted with 2 bookings.', deletedBookings: 2 });
    expect(await count('select count(*)::int n from clients where id = $1', [gone.id])).toBe(0);
    expect(await count('select count(*)::int n from bookings where client_id = $1', [gone.id])).toBe(0);
    expect(await count('select count(*)::int n from bookings where client_id = $1', [stays.id])).toBe(1);
    expect((await req('GET', `/api/clients/${gone.id}`)).statusCode).toBe(404);

    // The dashboard's figures follow at once.
    const statsAfter = (await req('GET', '/api/dashboard/stats')).json();
    expect(statsAfter.totalClients).toBe(statsBefore.totalClients - 1);

    const again = await req('DELETE', `/api/clients/${gone.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Client not found' });
  });

  it("answers 404 for another business's client and leaves it", async () => {
    const other = await createBusiness(t.database);
    const theirs = await addBooking('Not Yours', 'notyours@example.com', daysAgo(3), 50, other.cookie);
    const res = await req('DELETE', `/api/clients/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(await count('select count(*)::int n from bookings where client_id = $1', [theirs.id])).toBe(1);
  });

  it('keeps referrals the client made, with the client link cleared', async () => {
    const referrer = await addBooking('Ref Maker', 'refmaker@example.com', daysAgo(8), 90);
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, converted) values ($1, $2, $3, 'Friend', false)`,
      [biz.id, referrer.referralCode, referrer.id],
    );
    expect((await req('DELETE', `/api/clients/${referrer.id}`)).statusCode).toBe(200);
    const rows = await t.database.query<any>('select referrer_client_id, referee_name from referrals where business_id = $1 and referrer_code = $2', [
      biz.id,
      referrer.referralCode,
    ]);
    expect(rows).toEqual([{ referrer_client_id: null, referee_name: 'Friend' }]);
  });
});

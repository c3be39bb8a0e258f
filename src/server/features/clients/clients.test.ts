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
const get = (url: string, cookie = biz.cookie) => signedIn(t.app, cookie).get(url);
const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as any);

describe('POST /api/clients (Add Client)', () => {
  it.each([
    [{ email: 'a@example.com', serviceDate: '2024-01-01' }],
    [{ name: 'A', serviceDate: '2024-01-01' }],
    [{ name: 'A', email: 'a@example.com' }],
    [{ name: '  ', email: 'a@example.com', serviceDate: '2024-01-01' }],
  ])('answers the spec message when name, email or service date is missing (%j)', async (body) => {
    const res = await post('/api/clients', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please fill in name, email, and service date.' });
  });

  it('rejects a bad e-mail and a bad phone', async () => {
    expect((await post('/api/clients', { name: 'A', email: 'nope', serviceDate: '2024-01-01' })).json().message).toBe('Please enter a valid email');
    const res = await post('/api/clients', { name: 'A', email: 'a@example.com', phone: '12', serviceDate: '2024-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid phone number');
  });

  it.each([
    ['2026-02-31', 'Please enter a real service date'],
    ['0000-01-01', 'Please enter a real service date'],
    ['01/02/2026', 'Please enter the service date as YYYY-MM-DD'],
    [20260101, 'Please fill in name, email, and service date.'],
  ])('rejects the service date %j with a message and writes nothing', async (serviceDate, message) => {
    const res = await post('/api/clients', { name: 'Date Test', email: 'date.test@example.com', serviceDate });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from clients where email = 'date.test@example.com'`);
    expect(row.n).toBe(0);
  });

  it('creates the client with its completed booking and stats; amount empty is 0', async () => {
    const res = await post('/api/clients', {
      name: 'Maria Garcia', email: 'Maria@Example.com', phone: '(555) 123-4567', serviceDate: daysAgo(10), serviceType: 'Deep Clean', amount: '',
    });
    expect(res.statusCode).toBe(201);
    const { client } = res.json();
    expect(client).toMatchObject({
      name: 'Maria Garcia', email: 'maria@example.com', phone: '+15551234567', totalBookings: 1, firstBooking: daysAgo(10),
      lastBooking: daysAgo(10), frequency: null, loyaltyScore: 4, totalSpent: 0, hasReward: false, thankYouSent: false,
    });
    expect(client.referralCode).toMatch(/^MARIA-[A-Z2-9]{5}$/);
    const [b] = await t.database.query<any>('select status, source, amount_charged::text a, service_type from bookings where client_id = $1', [client.id]);
    expect(b).toEqual({ status: 'completed', source: 'manual', a: '0.00', service_type: 'Deep Clean' });
  });

  it('adds a second booking to the same client (e-mail in any case)', async () => {
    const res = await post('/api/clients', { name: 'Maria G', email: 'MARIA@example.com', serviceDate: daysAgo(3), amount: 120 });
    expect(res.statusCode).toBe(201);
    expect(res.json().client).toMatchObject({ name: 'Maria Garcia', totalBookings: 2, frequency: 7, totalSpent: 120 });
    const [{ n }] = await t.database.query<any>('select count(*)::int n from clients where business_id = $1', [biz.id]);
    expect(n).toBe(1);
  });
});

describe('loyalty score (docs/loyalty-score.md)', () => {
  it('rewards repeat bookings, regularity, recency and referrals', async () => {
    const b = await createBusiness(t.database);
    const add = (name: string, date: string) => post('/api/clients', { name, email: `${name}@example.com`, serviceDate: date, amount: 100 }, b.cookie);
    await add('once', today);
    for (let i = 0; i < 8; i += 1) await add('regular', daysAgo(i * 14));
    await add('lapsed', daysAgo(400));
    await add('lapsed', daysAgo(370));
    for (const d of [0, 10, 40, 41]) await add('uneven', daysAgo(d));
    const score = async (name: string) =>
      (await t.database.query<any>('select loyalty_score::float8 s, frequency f from clients where business_id = $1 and name = $2', [b.id, name]))[0];
    // one booking today: a new client, never in the low band (2.5 by the points alone)
    expect(await score('once')).toEqual({ s: 4, f: null });
    expect(await score('regular')).toEqual({ s: 8, f: 14 });
    expect(await score('lapsed')).toEqual({ s: 1.5, f: 30 });
    // gaps 1, 30, 10: mean 13.67, sd 12.5 -> regularity 0.17; repeat 1.5; recency 2.5
    expect((await score('uneven')).s).toBe(4.2);

    const [reg] = await t.database.query<any>('select id, referral_code from clients where business_id = $1 and name = $2', [b.id, 'regular']);
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, converted) values ($1, $2, $3, 'x', true), ($1, $2, null, 'y', false)`,
      [b.id, reg.referral_code, reg.id],
    );
    await add('regular', today);
    expect((await score('regular')).s).toBe(9.5);
  });
});

describe('GET /api/clients', () => {
  let b: TestBusiness;
  beforeAll(async () => {
    b = await createBusiness(t.database);
    const people = [
      ['Zoe Adams', 'zoe@example.com', [1]],
      ['adam Brown', 'adam@example.com', [5, 35, 65]],
      ['Carla Diaz', 'carla@sample.org', [200]],
      ['Dan Evans', 'dan@example.com', [2, 30]],
      ['Eve 100%_Off', 'eve@example.com', []],
    ] as const;
    for (const [name, email, days] of people) {
      for (const d of days) await post('/api/clients', { name, email, serviceDate: daysAgo(d) }, b.cookie);
    }
    await post('/api/clients', { name: 'Eve 100%_Off', email: 'eve@example.com', serviceDate: daysAgo(700) }, b.cookie);
  });

  it('without params answers a plain array by loyalty', async () => {
    const res = await get('/api/clients', b.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(5);
    const scores = list.map((c: any) => c.loyaltyScore);
    expect(scores).toEqual([...scores].sort((x: number, y: number) => y - x));
  });

  it('pages, sorts and searches in SQL', async () => {
    const names = async (query: string) => {
      const res = await get(`/api/clients?${query}`, b.cookie);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const byName = await names('page=1&pageSize=2&sort=name');
    expect(byName).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(byName.clients.map((c: any) => c.name)).toEqual(['adam Brown', 'Carla Diaz']);
    expect((await names('page=3&pageSize=2&sort=name')).clients.map((c: any) => c.name)).toEqual(['Zoe Adams']);
    expect((await names('page=9&pageSize=2&sort=name')).clients).toEqual([]);
    expect((await names('page=1&sort=totalBookings')).clients.map((c: any) => c.totalBookings)).toEqual([3, 2, 1, 1, 1]);
    expect((await names('page=1&sort=lastBooking')).clients.map((c: any) => c.name)).toEqual([
      'Zoe Adams', 'Dan Evans', 'adam Brown', 'Carla Diaz', 'Eve 100%_Off',
    ]);
    const search = await names('page=1&search=ADAM');
    expect(search.total).toBe(2);
    expect(search.clients.map((c: any) => c.name).sort()).toEqual(['Zoe Adams', 'adam Brown']);
    expect((await names('page=1&search=sample.ORG')).clients.map((c: any) => c.name)).toEqual(['Carla Diaz']);
    expect((await names('page=1&search=100%25_')).clients.map((c: any) => c.name)).toEqual(['Eve 100%_Off']);
    expect((await names('page=1&search=%25')).total).toBe(1);
  });

  it('rejects a bad sort or page', async () => {
    expect((await get('/api/clients?page=1&sort=email', b.cookie)).statusCode).toBe(400);
    expect((await get('/api/clients?page=0', b.cookie)).statusCode).toBe(400);
    expect((await get('/api/clients?page=1&pageSize=1000', b.cookie)).statusCode).toBe(400);
  });

  it('counts new clients for the badge', async () => {
    expect((await get('/api/clients?new=true', b.cookie)).json()).toEqual({ count: 5 });
    await t.database.query(`update clients set created_at = now() - interval '8 days' where business_id = $1 and name = 'Zoe Adams'`, [b.id]);
    expect((await get('/api/clients?new=true', b.cookie)).json()).toEqual({ count: 4 });
  });

  it('lists the most loyal and the loyalty distribution', async () => {
    const top = (await get('/api/clients/top?limit=2', b.cookie)).json();
    expect(top).toHaveLength(2);
    expect(top[0].name).toBe('adam Brown');
    const all = (await get('/api/clients', b.cookie)).json();
    const expected = { high: 0, medium: 0, low: 0, total: all.length };
    for (const c of all) expected[c.loyaltyScore >= 7 ? 'high' : c.loyaltyScore >= 4 ? 'medium' : 'low'] += 1;
    expect((await get('/api/clients/loyalty-distribution', b.cookie)).json()).toEqual(expected);
    expect((await get('/api/clients/top?limit=0', b.cookie)).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
let today: string;
let monthStart: string;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { timeZone: 'America/Los_Angeles', selectedPhoneNumber: '+15125550110' });
  [{ today, monthStart }] = await t.database.query<any>(
    `select to_char((now() at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as today,
            to_char(date_trunc('month', now() at time zone 'America/Los_Angeles'), 'YYYY-MM-DD') as "monthStart"`,
  );
});
afterAll(() => t.close());

const daysAgo = (n: number) => daysBefore(today, n);
const get = (url: string, cookie = biz.cookie) => signedIn(t.app, cookie).get(url);
const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as any);

describe('GET /api/dashboard/stats and booking trends', () => {
  it('are zero for a new business', async () => {
    const b = await createBusiness(t.database);
    expect((await get('/api/dashboard/stats', b.cookie)).json()).toEqual({
      totalClients: 0, totalReferrals: 0, activeReferrals: 0, avgLoyaltyScore: 0, totalRevenue: 0, monthlyRevenue: 0, referralRevenue: 0,
      monthlyReferralRevenue: 0, monthlyConvertedBookings: 0, totalConvertedBookings: 0,
    });
    const trends = (await get('/api/analytics/booking-trends?days=7', b.cookie)).json();
    expect(trends).toHaveLength(7);
    expect(trends.every((p: any) => p.count === 0)).toBe(true);
  });

  it('compute revenue this month, referral revenue and referral counts', async () => {
    const add = (name: string, date: string, amount: number) =>
      post('/api/clients', { name, email: `${name}@example.com`, serviceDate: date, amount });
    await add('ann', today, 100);
    await add('ann', monthStart, 50.5);
    await add('ann', '2020-01-01', 1000);
    const referred = (await add('bea', today, 80)).json().client;
    await add('bea', '2021-03-03', 20);
    await t.database.query('update clients set is_referred_client = true where id = $1', [referred.id]);
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referee_name, converted) values ($1, 'ANN-X', 'a', true), ($1, 'ANN-X', 'b', false), ($1, 'ANN-X', 'c', false)`,
      [biz.id],
    );
    const stats = (await get('/api/dashboard/stats')).json();
    const scores = await t.database.query<any>('select avg(loyalty_score)::float8 a from clients where business_id = $1', [biz.id]);
    expect(stats).toEqual({
      totalClients: 2,
      totalReferrals: 3,
      activeReferrals: 2,
      avgLoyaltyScore: Math.round(scores[0].a * 10) / 10,
      // Every completed booking, of any date (the Activity Dashboard's Total Revenue).
      totalRevenue: 1250.5,
      monthlyRevenue: 230.5,
      referralRevenue: 100,
      monthlyReferralRevenue: 80,
      monthlyConvertedBookings: 1,
      totalConvertedBookings: 2,
    });
  });

  it('trends have one point per day with zero days, oldest first, in the business time zone', async () => {
    const res = await get('/api/analytics/booking-trends?days=30');
    expect(res.statusCode).toBe(200);
    const points = res.json();
    expect(points).toHaveLength(30);
    expect(points[29]).toEqual({ date: today, count: 2 });
    expect(points[0].date).toBe(daysAgo(29));
    const sum = points.reduce((s: number, p: any) => s + p.count, 0);
    const [{ n }] = await t.database.query<any>(
      `select count(*)::int n from bookings where business_id = $1 and service_date between $2 and $3`,
      [biz.id, daysAgo(29), today],
    );
    expect(sum).toBe(n);
    for (const days of [7, 90, 180, 365]) expect((await get(`/api/analytics/booking-trends?days=${days}`)).json()).toHaveLength(days);
    expect((await get('/api/analytics/booking-trends')).json()).toHaveLength(30);
  });

  it('trends refuse other periods', async () => {
    for (const days of ['14', 'abc', '-1', '100000']) {
      const res = await get(`/api/analytics/booking-trends?days=${days}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('days must be one of 7, 30, 90, 180, 365');
    }
  });
});

describe('gifts, thanks and export', () => {
  let clientId: number;
  let other: TestBusiness;
  beforeAll(async () => {
    clientId = (await post('/api/clients', { name: '=HYPERLINK("x")', email: 'gift@example.com', phone: '555-123-9999', serviceDate: today, amount: 42 })).json()
      .client.id;
    other = await createBusiness(t.database);
  });

  it('records a gift on the client and in the activity log', async () => {
    const res = await post('/api/admin/send-gift', { clientId, giftType: 'discount', amount: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, client: { id: clientId, hasReward: true, rewardEarned: '$25 Service Discount' } });
    const [log] = await t.database.query<any>(`select type, metadata from activity_logs where business_id = $1 and type = 'gift_sent'`, [biz.id]);
    expect(log.metadata).toMatchObject({ client_id: clientId, gift_type: 'discount', amount: 25, reward: '$25 Service Discount' });
  });

  it('validates gifts', async () => {
    for (const body of [
      { clientId, giftType: 'discount', amount: 0 },
      { clientId, giftType: 'discount', amount: -5 },
      { clientId, giftType: 'cash', amount: 5 },
      { clientId, giftType: 'custom' },
    ]) {
      expect((await post('/api/admin/send-gift', body)).statusCode).toBe(400);
    }
    expect((await post('/api/admin/send-gift', { clientId, giftType: 'custom', amount: '12.5' })).json().client.rewardEarned).toBe('$12.50 Custom Gift');
  });

  it('records a thank-you; a blank message is refused', async () => {
    expect((await post('/api/admin/send-thanks', { clientId, message: '   ' })).json()).toEqual({ message: 'Please enter a message' });
    const res = await post('/api/admin/send-thanks', { clientId, message: 'Thanks Ann!' });
    expect(res.json()).toMatchObject({ success: true, client: { thankYouSent: true } });
    const [log] = await t.database.query<any>(`select metadata from activity_logs where business_id = $1 and type = 'thank_you_sent'`, [biz.id]);
    expect(log.metadata).toMatchObject({ client_id: clientId, message: 'Thanks Ann!' });
  });

  it("answers 404 for another business's client and changes nothing", async () => {
    const gift = await post('/api/admin/send-gift', { clientId, giftType: 'gift_card', amount: 50 }, other.cookie);
    expect(gift.statusCode).toBe(404);
    const thanks = await post('/api/admin/send-thanks', { clientId, message: 'hi' }, other.cookie);
    expect(thanks.statusCode).toBe(404);
    const [c] = await t.database.query<any>('select reward_earned from clients where id = $1', [clientId]);
    expect(c.reward_earned).toBe('$12.50 Custom Gift');
    expect(await t.database.query('select 1 from activity_logs where business_id = $1', [other.id])).toEqual([]);
  });

  it('exports every client as a safe CSV attachment', async () => {
    const res = await get('/api/admin/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients-export.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Phone,Referral Code,Referred By,First Booking,Last Booking,Total Bookings,Frequency (days),Loyalty Score,Total Spent,Has Reward,Reward,Thank You Sent,Created At',
    );
    expect(lines).toHaveLength(4);
    const gift = lines.find((l) => l.includes('gift@example.com'))!;
    expect(gift.startsWith(`"'=HYPERLINK(""x"")",gift@example.com,(555) 123-9999,`)).toBe(true);
    expect(gift).toContain(',42.00,Yes,$12.50 Custom Gift,Yes,');
    expect((await get('/api/admin/export', other.cookie)).body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});

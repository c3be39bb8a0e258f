import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload } from '../../testing/requests';
import { selectInsights as insightsFor } from './queries';

// GET /api/insights on hand-made histories (docs/insights.md): every figure is worked out by hand below.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (biz: TestBusiness) => signedIn(t.app, biz.cookie).get('/api/insights');
const csvOf = (rows: string[][]) =>
  ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type', ...rows.map((r) => r.join(','))].join('\n');

describe('GET /api/insights on a history relative to today', () => {
  let biz: TestBusiness;
  let today: string;
  let rows: string[][];
  const T = (n: number) => daysBefore(today, n);
  const row = (name: string, days: number, amount: number, status = 'Completed', type = 'Regular Clean') => [
    name,
    `${name.split(' ')[0].toLowerCase()}@example.com`,
    name.startsWith('Ann') ? '(555) 123-4501' : '',
    T(days),
    String(amount),
    status,
    type,
  ];

  beforeAll(async () => {
    biz = await createBusiness(t.database, { timeZone: 'America/New_York' });
    today = await todayIn(t.database, 'America/New_York');
    rows = [
      // Ann: every 14 days, last 58 days ago: allowance max(14 × 1.5, 14 + 14) = 28 < 58, overdue by 58 − 14 = 44.
      ...[100, 86, 72, 58].map((d) => row('Ann Overdue', d, 100)),
      // Ben: every 30 days, last 60 days ago: allowance max(45, 44) = 45 < 60, overdue by 30.
      ...[120, 90, 60].map((d) => row('Ben Late', d, 50)),
      // Cal: every 14 days up to today: on rhythm.
      ...[28, 14, 0].map((d) => row('Cal Steady', d, 80)),
      // Dee: two bookings 30 days apart, long ago: overdue but not loyal (fewer than 3 bookings).
      ...[200, 170].map((d) => row('Dee Two', d, 30)),
      // Eve: one big booking: top of lifetime value, not a repeat client.
      row('Eve Once', 5, 500),
      // Fay: loyal once, last booking 440 days ago: gone (over 365 days), not listed.
      ...[500, 470, 440].map((d) => row('Fay Gone', d, 40)),
      // Kept as cancelled bookings: Ann's cancellation, Ben's no-show, Cal's cancellation on a completed day.
      row('Ann Overdue', 44, 100, 'Cancelled'),
      row('Ben Late', 75, 50, 'No-Show'),
      row('Cal Steady', 14, 80, 'Canceled'),
      // Not kept: a cancellation of an unknown client (creates no client), and a scheduled row.
      row('Zed Unknown', 10, 60, 'Cancelled'),
      row('Cal Steady', 7, 80, 'Scheduled'),
    ];
    const res = await upload(t.app, biz.cookie, 'history.csv', csvOf(rows));
    expect(res.statusCode).toBe(200);
    // Cancelled rows stay "skipped" in the answer: only completed rows are processed (spec part 2).
    expect(res.json()).toMatchObject({ processed: 16, skipped: 5, errors: [] });
  });

  it('answers every figure of the history', async () => {
    const res = await get(biz);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      hasData: true,
      // 5 of 6 clients have two or more bookings.
      repeatBookingRate: 83.3,
      // Mean of the repeat clients' usual gaps: (14 + 30 + 14 + 30 + 30) / 5.
      avgTimeBetweenBookings: 23.6,
      totalBookings: 16,
      // 1,470 over 16 bookings.
      avgBookingValue: 91.88,
      // 3 kept cancellations over 3 + 16.
      cancellationRate: 15.8,
      cancelledBookings: 3,
      today,
    });
    expect(body.inactiveButLoyalClients).toEqual([
      { id: expect.any(Number), name: 'Ann Overdue', daysSinceLastBooking: 58, avgTimeBetweenBookings: 14, overdueByDays: 44, hasPhone: true },
      { id: expect.any(Number), name: 'Ben Late', daysSinceLastBooking: 60, avgTimeBetweenBookings: 30, overdueByDays: 30, hasPhone: false },
    ]);
    expect(body.topClientsByLTV.map((c: { name: string; totalRevenue: number; totalBookings: number }) => [c.name, c.totalRevenue, c.totalBookings])).toEqual([
      ['Eve Once', 500, 1],
      ['Ann Overdue', 400, 4],
      ['Cal Steady', 240, 3],
      ['Ben Late', 150, 3],
      ['Fay Gone', 120, 3],
      ['Dee Two', 60, 2],
    ]);
    expect(body.monthlyBookings).toHaveLength(12);
    expect(body.monthlyBookings.reduce((s: number, m: { bookings: number }) => s + m.bookings, 0)).toBeLessThanOrEqual(16);
  });

  it('keeps the cancelled rows as bookings without moving any client figure', async () => {
    const kept = await t.database.query<{ name: string; status: string; amount_charged: string | null }>(
      `select c.name, b.status, b.amount_charged from bookings b join clients c on c.id = b.client_id
       where b.business_id = $1 and b.status <> 'completed' order by c.name`,
      [biz.id],
    );
    expect(kept).toEqual([
      { name: 'Ann Overdue', status: 'cancelled', amount_charged: null },
      { name: 'Ben Late', status: 'no-show', amount_charged: null },
      { name: 'Cal Steady', status: 'cancelled', amount_charged: null },
    ]);
    const clients = await t.database.query<{ name: string; total_bookings: number; total_spent: string; last_booking: string }>(
      `select name, total_bookings, total_spent::text, to_char(last_booking, 'YYYY-MM-DD') as last_booking from clients where business_id = $1 order by name`,
      [biz.id],
    );
    expect(clients.map((c) => c.name)).not.toContain('Zed Unknown');
    expect(clients.find((c) => c.name === 'Ann Overdue')).toMatchObject({ total_bookings: 4, total_spent: '400.00', last_booking: T(58) });
    expect(clients.find((c) => c.name === 'Cal Steady')).toMatchObject({ total_bookings: 3, total_spent: '240.00' });
    const [figures] = await t.database.query<{ n: number }>(`select coalesce(sum(bookings), 0)::int as n from business_daily_figures where business_id = $1`, [biz.id]);
    expect(figures.n).toBe(16);
  });

  it('a re-import of the same file adds nothing, cancelled rows included', async () => {
    const res = await upload(t.app, biz.cookie, 'history.csv', csvOf(rows));
    expect(res.json()).toMatchObject({ processed: 16, skipped: 5, newBookings: 0 });
    const [n] = await t.database.query<{ all: number; cancelled: number }>(
      `select count(*)::int as all, count(*) filter (where status <> 'completed')::int as cancelled from bookings where business_id = $1`,
      [biz.id],
    );
    expect(n).toEqual({ all: 19, cancelled: 3 });
    expect((await get(biz)).json()).toMatchObject({ totalBookings: 16, cancellationRate: 15.8 });
  });

  it('a cancelled row never creates a client on its own nor lands on another business’s client; the webhook still keeps nothing but Completed', async () => {
    const other = await createBusiness(t.database);
    // Ann's e-mail, uploaded by another business: Ann is not theirs, and they have no client with it.
    const res = await upload(t.app, other.cookie, 'c.csv', csvOf([row('Only Cancelled', 3, 90, 'Cancelled'), row('Ann Overdue', 3, 90, 'Cancelled')]));
    expect(res.json()).toMatchObject({ processed: 0, skipped: 2 });
    const [annRows] = await t.database.query<{ n: number }>(`select count(*)::int as n from bookings where service_date = $1::date`, [T(3)]);
    expect(annRows.n).toBe(0);
    const hook = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/${biz.webhookToken}`,
      payload: { client_name: 'Ann Overdue', client_email: 'ann@example.com', appointment_date: T(2), status: 'Cancelled' },
    });
    expect(hook.json()).toMatchObject({ success: true, skipped: true });
    const [counts] = await t.database.query<{ other: number; ann: number }>(
      `select (select count(*) from clients where business_id = $1)::int as other,
        (select count(*) from bookings b where b.business_id = $2 and b.service_date = $3::date)::int as ann`,
      [other.id, biz.id, T(2)],
    );
    expect(counts).toEqual({ other: 0, ann: 0 });
    expect((await get(other)).json()).toMatchObject({ hasData: false, cancellationRate: 0 });
  });

  it('a cancelled row with a phone and no e-mail is kept for the client with that phone', async () => {
    const res = await upload(t.app, biz.cookie, 'phone.csv', csvOf([['Ann O', '', '555-123-4501', T(30), '100', 'no show', 'Regular Clean']]));
    expect(res.json()).toMatchObject({ processed: 0, skipped: 1 });
    const kept = await t.database.query<{ name: string; status: string }>(
      `select c.name, b.status from bookings b join clients c on c.id = b.client_id where b.business_id = $1 and b.service_date = $2::date`,
      [biz.id, T(30)],
    );
    expect(kept).toEqual([{ name: 'Ann Overdue', status: 'no-show' }]);
    // 4 of 20 now; the client's figures still count completed bookings only.
    expect((await get(biz)).json()).toMatchObject({ cancellationRate: 20, totalBookings: 16, repeatBookingRate: 83.3 });
  });
});

describe('weeks and months in the business time zone', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(t.database, { timeZone: 'America/New_York' });
    const dates = ['2025-03-03', '2025-03-02', '2025-03-01', '2025-02-28', '2025-02-24', '2025-02-23', '2025-02-17', '2025-02-16', '2025-01-31', '2025-03-31'];
    const res = await upload(t.app, biz.cookie, 'tz.csv', csvOf(dates.map((d) => ['Tess Zone', 'tess@example.com', '', d, '10', 'Completed', 'Regular Clean'])));
    expect(res.json()).toMatchObject({ processed: 10, errors: [] });
  });

  it('New York, Sunday 23:30 (already Monday in UTC): the week is Monday 24 Feb to Sunday 2 Mar', async () => {
    const ins = await insightsFor(t.database.db, biz.id, new Date('2025-03-03T04:30:00Z'));
    expect(ins).toMatchObject({
      today: '2025-03-02',
      weekStart: '2025-02-24',
      monthStart: '2025-03-01',
      // 2 Mar, 1 Mar, 28 Feb, 24 Feb (3 Mar is next week).
      bookingsThisWeek: 4,
      // 23 Feb, 17 Feb.
      bookingsLastWeek: 2,
      // 1, 2, 3 and 31 Mar.
      bookingsThisMonth: 4,
      // 28, 24, 23, 17, 16 Feb.
      bookingsLastMonth: 5,
      totalBookings: 10,
    });
    expect(ins.monthlyBookings.slice(-3)).toEqual([
      { month: '2025-01', bookings: 1, revenue: 10 },
      { month: '2025-02', bookings: 5, revenue: 50 },
      { month: '2025-03', bookings: 4, revenue: 40 },
    ]);
  });

  it('at 00:00 on Monday in New York a new week starts', async () => {
    const monday = await insightsFor(t.database.db, biz.id, new Date('2025-03-03T05:00:00Z'));
    expect(monday).toMatchObject({ today: '2025-03-03', weekStart: '2025-03-03', bookingsThisWeek: 1, bookingsLastWeek: 4 });
  });

  it('Kiritimati (UTC+14), 10:30 UTC on 31 March is already 1 April: March becomes last month', async () => {
    await t.database.query(`update businesses set time_zone = 'Pacific/Kiritimati' where id = $1`, [biz.id]);
    try {
      const ins = await insightsFor(t.database.db, biz.id, new Date('2025-03-31T10:30:00Z'));
      expect(ins).toMatchObject({
        today: '2025-04-01',
        weekStart: '2025-03-31',
        monthStart: '2025-04-01',
        bookingsThisWeek: 1,
        bookingsLastWeek: 0,
        bookingsThisMonth: 0,
        bookingsLastMonth: 4,
      });
      expect(ins.monthlyBookings.at(-1)).toEqual({ month: '2025-04', bookings: 0, revenue: 0 });
    } finally {
      await t.database.query(`update businesses set time_zone = 'America/New_York' where id = $1`, [biz.id]);
    }
  });
});

describe('an empty business and access', () => {
  it('a business without bookings has no data and zeros', async () => {
    const biz = await createBusiness(t.database);
    const res = await get(biz);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasData: false,
      repeatBookingRate: 0,
      avgTimeBetweenBookings: 0,
      inactiveButLoyalClients: [],
      topClientsByLTV: [],
      avgBookingValue: 0,
      totalBookings: 0,
      bookingsThisWeek: 0,
      bookingsLastWeek: 0,
      bookingsThisMonth: 0,
      bookingsLastMonth: 0,
      cancellationRate: 0,
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/insights' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});

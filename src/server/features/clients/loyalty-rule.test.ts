import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload } from '../../testing/requests';

// docs/loyalty-score.md, "Never told to be won back": hand-made histories through the API.

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

/** Uploads one client's history (days ago) and answers their score. */
async function scoreOf(name: string, history: number[]): Promise<number> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const csv = ['Client Name,Client Email,Service Date', ...history.map((d) => `${name},${email},${daysAgo(d)}`)].join('\n');
  const res = await upload(t.app, biz.cookie, `${name}.csv`, csv);
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.query<{ s: number }>('select loyalty_score::float8 s from clients where business_id = $1 and email = $2', [biz.id, email]);
  return row.s;
}

describe('loyalty: on rhythm and new clients are never in the low band', () => {
  it('a client with one recent booking is new: medium (4.0), not low', async () => {
    expect(await scoreOf('New Today', [0])).toBe(4);
    expect(await scoreOf('New Weeks Ago', [45])).toBe(4);
    expect(await scoreOf('New Edge', [90])).toBe(4);
  });

  it('one booking long ago is a one-time client, scored by the points alone', async () => {
    // recency only: 2.5 × (365 − 91) / 335 = 2.04
    expect(await scoreOf('One Time', [91])).toBe(2);
  });

  it('a client within their usual rhythm is at least medium even with uneven gaps', async () => {
    // gaps 5 and 85 (median 45): points 1 + 0.22 + 2.35 = 3.6; 50 days since ≤ 67.5 allowed -> 4.0
    expect(await scoreOf('Uneven On Rhythm', [50, 55, 140])).toBe(4);
  });

  it('the same history past the rhythm is low: that client may be won back', async () => {
    // 80 days since the last booking > 67.5: points 1 + 0.22 + 2.5 × 285/335 = 3.3
    expect(await scoreOf('Uneven Overdue', [80, 85, 170])).toBe(3.3);
  });

  it('the grace is at least 14 days past the usual gap for frequent clients', async () => {
    // gaps 13 and 1 (median 7), last booking 20 days ago: allowed max(10.5, 21) -> on rhythm;
    // points alone 1 + 0.29 + 2.5 = 3.8
    expect(await scoreOf('Weekly Late', [20, 21, 34])).toBe(4);
    // two bookings 30 days apart, last 200 days ago: overdue; 0.5 + 1 + 2.5 × 165/335 = 2.7
    expect(await scoreOf('Monthly Lapsed', [200, 230])).toBe(2.7);
  });

  it('three months of bookings: nobody who booked within their rhythm is low', async () => {
    const b = await createBusiness(t.database);
    const rows: string[] = ['Client Name,Client Email,Service Date'];
    const add = (name: string, days: number[]) => days.forEach((d) => rows.push(`${name},${name}@example.com,${daysAgo(d)}`));
    // Weekly, biweekly, monthly and every-six-weeks clients over 90 days, plus one-booking clients.
    for (let i = 0; i < 6; i += 1) add(`weekly${i}`, [i % 5, 7 + (i % 5), 14 + (i % 5), 21 + (i % 5), 28 + (i % 5), 35 + (i % 5)]);
    for (let i = 0; i < 6; i += 1) add(`biweekly${i}`, [3 + i, 17 + i, 31 + i, 45 + i, 59 + i]);
    for (let i = 0; i < 6; i += 1) add(`monthly${i}`, [5 + i * 3, 35 + i * 3, 66 + i * 3]);
    for (let i = 0; i < 6; i += 1) add(`sixweekly${i}`, [10 + i * 4, 52 + i * 4]);
    for (let i = 0; i < 6; i += 1) add(`once${i}`, [i * 12]);
    const res = await upload(t.app, b.cookie, 'three-months.csv', rows.join('\n'));
    expect(res.statusCode).toBe(200);
    const dist = (await signedIn(t.app, b.cookie).get('/api/clients/loyalty-distribution')).json();
    expect(dist.total).toBe(30);
    expect(dist.low).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recomputeClientStats } from './service';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

const client = async (name: string) => {
  const [row] = await t.database.query<{ id: number; referral_code: string }>(
    `insert into clients (business_id, name, referral_code) values ($1, $2, $3) returning id, referral_code`,
    [biz.id, name, `${name.toUpperCase()}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`],
  );
  return row;
};
const book = (clientId: number, date: string, status = 'completed', key = '', amount: number | null = 50) =>
  t.database.query(`insert into bookings (business_id, client_id, service_date, status, dedupe_key, amount_charged) values ($1, $2, $3, $4, $5, $6)`, [
    biz.id,
    clientId,
    date,
    status,
    key,
    amount,
  ]);
const stats = async (id: number) =>
  (await t.database.query<any>(
    `select total_bookings, first_booking::text f, last_booking::text l, frequency, total_spent::text spent, xmin::text as version from clients where id = $1`,
    [id],
  ))[0];
const recompute = (ids?: number[]) => t.database.db.transaction((tx) => recomputeClientStats(tx, biz.id, ids));

describe('recomputeClientStats', () => {
  it('counts every completed booking, ignores other statuses, and measures gaps between distinct dates', async () => {
    const c = await client('gaps');
    await book(c.id, '2024-01-01');
    await book(c.id, '2024-01-01', 'completed', 'other service');
    await book(c.id, '2024-01-11');
    await book(c.id, '2024-01-31', 'completed', 'no amount', null);
    await book(c.id, '2024-02-01', 'cancelled');
    await recompute([c.id]);
    // 4 completed bookings on 3 distinct dates: gaps 10 and 20, median 15 (a repeated date is no 0-day gap);
    // spent: three completed bookings with an amount (the cancelled one and the one without count nothing)
    expect(await stats(c.id)).toMatchObject({ total_bookings: 4, f: '2024-01-01', l: '2024-01-31', frequency: 15, spent: '150.00' });
  });

  it('gives a client without completed bookings zeros and empty dates', async () => {
    const c = await client('nobody');
    await book(c.id, '2024-01-01', 'cancelled');
    await t.database.query(`update clients set total_bookings = 9, first_booking = '2020-01-01', total_spent = 99 where id = $1`, [c.id]);
    await recompute([c.id]);
    expect(await stats(c.id)).toMatchObject({ total_bookings: 0, f: null, l: null, frequency: null, spent: '0.00' });
  });

  it('counts a referral naming the client by id or by code, once when it names both', async () => {
    const a = await client('byid');
    const b = await client('bycode');
    // eight bookings every 14 days up to a few days ago: 8 points before referrals
    const dates = await t.database.query<{ d: string }>(`select (current_date - 2 - 14 * i)::text d from generate_series(0, 7) i`);
    for (const c of [a, b]) for (const { d } of dates) await book(c.id, d);
    await recompute([a.id, b.id]);
    const before = await t.database.query<{ s: number }>(`select loyalty_score::float8 s from clients where id = any($1::int[]) order by id`, [[a.id, b.id]]);
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, converted) values
        ($1, 'SOMEONE-ELSE', $2, 'x', true), ($1, $3, null, 'y', false), ($1, $3, $4, 'z', false)`,
      [biz.id, a.id, b.referral_code, b.id],
    );
    await recompute([a.id, b.id]);
    const after = await t.database.query<{ s: number }>(`select loyalty_score::float8 s from clients where id = any($1::int[]) order by id`, [[a.id, b.id]]);
    // a: one converted referral (+1); b: two pending referrals (+0.5 each), the one naming both counted once
    expect(Math.round((after[0].s - before[0].s) * 10) / 10).toBe(1);
    expect(Math.round((after[1].s - before[1].s) * 10) / 10).toBe(1);
  });

  it('does not rewrite a client whose figures did not change', async () => {
    const c = await client('steady');
    await book(c.id, '2024-05-01');
    await recompute();
    const first = await stats(c.id);
    await recompute();
    expect((await stats(c.id)).version).toBe(first.version);
    await book(c.id, '2024-06-01');
    await recompute();
    expect((await stats(c.id)).version).not.toBe(first.version);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recomputeClientStats } from '../clients/service';
import { type BookingRow, recordInTransaction } from './service';

// A client named "Orphan ..." gets a referral code that an existing referral already carries (as when a
// client holding that code was deleted); every other client gets a real random code.
vi.mock('../clients/service', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../clients/service')>();
  return { ...actual, generateReferralCode: (name: string) => (name.startsWith('Orphan') ? 'ORPHAN-CODE1' : actual.generateReferralCode(name)) };
});

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
const row = (name: string, date: string, serviceType: string | null = null, amount: number | null = 100): BookingRow => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  phone: null,
  serviceDate: date,
  serviceType,
  amount,
});
const record = (rows: BookingRow[]) => t.database.db.transaction((tx) => recordInTransaction(tx, biz.id, { rows, source: 'csv' }));
const figures = () =>
  t.database.query<Record<string, unknown>>(
    `select id, name, total_bookings, first_booking::text f, last_booking::text l, frequency, loyalty_score::text s, total_spent::text spent, xmin::text as version
     from clients where business_id = $1 order by id`,
    [biz.id],
  );

describe('recordInTransaction: new clients are inserted with their figures', () => {
  it('writes the figures the recompute computes, so a full recompute rewrites nobody', async () => {
    // an existing client, so the file mixes new and existing clients
    await record([row('Old Timer', daysAgo(400))]);
    const rows = [
      // same date twice with different services (two bookings, no 0-day gap), an exact duplicate row, uneven gaps
      row('Uneven Gaps', daysAgo(100), 'Deep Clean'),
      row('Uneven Gaps', daysAgo(100), 'Regular Clean'),
      row('Uneven Gaps', daysAgo(100), 'Regular Clean'),
      row('Uneven Gaps', daysAgo(90)),
      row('Uneven Gaps', daysAgo(40)),
      // eight bookings every 14 days, listed newest first
      ...Array.from({ length: 8 }, (_, i) => row('On Rhythm', daysAgo(3 + 14 * i))),
      row('Just New', daysAgo(5)),
      row('Long Gone', daysAgo(700)),
      // amounts: a booking without one counts nothing toward total spent
      row('Big Spender', daysAgo(20), 'Deep Clean', 249.99),
      row('Big Spender', daysAgo(10), 'Regular Clean', null),
      row('Big Spender', daysAgo(10), 'Regular Clean', null),
      row('Old Timer', daysAgo(30)),
    ];
    const result = await record(rows);
    expect(result).toMatchObject({ newClients: 5, updatedClients: 1, newBookings: 17, duplicateBookings: 2 });
    const imported = await figures();
    // the exact duplicate row is one booking and is paid once
    expect(imported.find((c) => c.name === 'Uneven Gaps')).toMatchObject({ total_bookings: 4, f: daysAgo(100), l: daysAgo(40), frequency: 30, spent: '400.00' });
    expect(imported.find((c) => c.name === 'Big Spender')).toMatchObject({ total_bookings: 2, spent: '249.99' });
    expect(imported.find((c) => c.name === 'On Rhythm')).toMatchObject({ total_bookings: 8, frequency: 14 });
    expect(imported.find((c) => c.name === 'Just New')).toMatchObject({ total_bookings: 1, frequency: null });
    expect(imported.find((c) => c.name === 'Old Timer')).toMatchObject({ total_bookings: 2, f: daysAgo(400), l: daysAgo(30), spent: '200.00' });
    await t.database.db.transaction((tx) => recomputeClientStats(tx, biz.id));
    expect(await figures()).toEqual(imported);
  });

  it('recomputes a new client whose referral code a referral already names', async () => {
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, converted) values ($1, 'ORPHAN-CODE1', null, 'x', true)`,
      [biz.id],
    );
    await record([row('Orphan Annie', daysAgo(400))]);
    const [annie] = (await figures()).filter((c) => c.name === 'Orphan Annie');
    // one booking 400 days ago scores 0; the converted referral adds a point
    expect(annie.s).toBe('1.0');
    await t.database.db.transaction((tx) => recomputeClientStats(tx, biz.id));
    expect((await figures()).find((c) => c.name === 'Orphan Annie')).toEqual(annie);
  });
});

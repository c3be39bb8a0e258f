import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBookingsCsv } from '../../../../scripts/bench/generate-bookings';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { upload } from '../../testing/requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a 100,000-row file', () => {
  it('imports in one go with every client and booking', async () => {
    const biz = await createBusiness(t.database);
    const csv = generateBookingsCsv(100_000, 5_000);
    const res = await upload(t.app, biz.cookie, 'big.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalRows: 100_000, processed: 95_000, skipped: 5_000, errors: [], newClients: 4_750 });
    const [row] = await t.database.query<any>(
      `select count(*)::int as n, (select sum(total_bookings)::int from clients where business_id = $1) as totals
       from bookings where business_id = $1`,
      [biz.id],
    );
    expect(row.n).toBe(body.newBookings);
    expect(row.totals).toBe(body.newBookings);
  });
});

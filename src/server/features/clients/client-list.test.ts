import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// GET /api/clients: every order read through its index gives the documented order, with or without a
// page; search and sort apply without a page too (docs/clients-api.md).

let t: TestApp;
let biz: TestBusiness;
let other: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  other = await createBusiness(t.database);
  // 30 clients with scores, bookings and last bookings that tie in places, and names in mixed case.
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings, last_booking)
     select $1::int, (array['ann', 'Bob', 'cy', 'Dee'])[1 + i % 4] || ' Smith' || i, 'p' || i || '@Example.com', 'LIST-' || $1::int || '-' || i,
       (i % 5) * 1.5, i % 4, case when i % 6 = 0 then null else date '2024-01-01' + (i % 7) end
     from generate_series(1, 30) i`,
    [biz.id],
  );
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code) values ($1, 'Ann Smith Other', 'p1@example.com', 'LIST-OTHER-1')`,
    [other.id],
  );
});
afterAll(() => t.close());

const get = (url: string) => signedIn(t.app, biz.cookie).get(url);

const ORDERS: Record<string, string> = {
  loyaltyScore: 'loyalty_score desc, total_bookings desc, id',
  lastBooking: 'last_booking desc nulls last, id',
  totalBookings: 'total_bookings desc, id',
  name: 'lower(name), id',
};

async function expected(sort: string, search?: string) {
  const filter = search ? `and (lower(name) like $2 or lower(email) like $2)` : '';
  const rows = await t.database.query<{ id: number }>(
    `select id from clients where business_id = $1 ${filter} order by ${ORDERS[sort]}`,
    search ? [biz.id, `%${search.toLowerCase()}%`] : [biz.id],
  );
  return rows.map((r) => r.id);
}

describe('GET /api/clients', () => {
  it('pages every sort in its documented order, with the kept total', async () => {
    for (const sort of Object.keys(ORDERS)) {
      const ids: number[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = (await get(`/api/clients?page=${page}&pageSize=8&sort=${sort}`)).json();
        expect(res.total).toBe(30);
        ids.push(...res.clients.map((c: { id: number }) => c.id));
      }
      expect(ids, sort).toEqual(await expected(sort));
    }
  });

  it('searches name and e-mail in any case, with the count of matches as total', async () => {
    const res = (await get('/api/clients?page=1&pageSize=100&search=SMITH1&sort=name')).json();
    expect(res.clients.map((c: { id: number }) => c.id)).toEqual(await expected('name', 'smith1'));
    expect(res.total).toBe(11);
    expect((await get('/api/clients?page=1&search=EXAMPLE.COM')).json().total).toBe(30);
    expect((await get('/api/clients?page=1&search=50%25')).json()).toMatchObject({ total: 0, clients: [] });
    expect((await get('/api/clients?page=9&pageSize=5&search=smith1')).json()).toMatchObject({ total: 11, clients: [] });
  });

  it('matches within the name or within the e-mail, never across the two', async () => {
    // 'Bob Smith1' <p1@Example.com>: the end of the name and the start of the e-mail are one kept search text.
    for (const across of ['smith1 p1', 'smith1%0Ap1', 'smith1%0D%0Ap1', 'h1p1']) {
      expect((await get(`/api/clients?page=1&search=${across}`)).json(), across).toMatchObject({ total: 0, clients: [] });
    }
    expect((await get('/api/clients?page=1&search=P1@EXAMPLE')).json().total).toBe(1);
    // A renamed client is found by its new name at once (the search text is generated from the row).
    await t.database.query(`update clients set name = 'Zed Quartz', email = null where business_id = $1 and email = 'p1@Example.com'`, [biz.id]);
    expect((await get('/api/clients?page=1&search=quartz')).json().total).toBe(1);
    expect((await get('/api/clients?page=1&search=p1@example')).json().total).toBe(0);
    await t.database.query(`update clients set name = 'Bob Smith1', email = 'p1@Example.com' where business_id = $1 and name = 'Zed Quartz'`, [biz.id]);
  });

  it('applies search and sort without a page too', async () => {
    const all = (await get('/api/clients?sort=name')).json();
    expect(all.map((c: { id: number }) => c.id)).toEqual(await expected('name'));
    const found = (await get('/api/clients?search=bob&sort=totalBookings')).json();
    expect(found.map((c: { id: number }) => c.id)).toEqual(await expected('totalBookings', 'bob'));
    expect(found.length).toBeGreaterThan(0);
  });

  it('refuses pageSize without page, and a bad sort either way', async () => {
    const res = await get('/api/clients?pageSize=10');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'pageSize needs page, e.g. ?page=1&pageSize=25' });
    expect((await get('/api/clients?sort=age')).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_SEARCH_COUNT_CAP } from '../../db/short-search';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// GET /api/clients?search= of one or two characters: the count stops at the cap and says so; under the cap it
// is exact; the pages are the same either way (docs/clients-api.md, docs/read-model.md "Short searches").

let t: TestApp;
let biz: TestBusiness;
const MANY = SHORT_SEARCH_COUNT_CAP + 1;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  // MANY clients match "ar" (Karl); all but the last match "qj"; only the last matches "ze".
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings, last_booking)
     select $1::int, case when i < $2::int then 'Karl Qj ' || i else 'Karl Zed' end, 'k' || i || '@ex.com', 'SHORT-' || i,
       (i % 11) * 0.9, i % 5, case when i % 7 = 0 then null else date '2024-01-01' + (i % 13) end
     from generate_series(1, $2::int) i`,
    [biz.id, MANY],
  );
  // Another business's clients that match are neither counted nor listed.
  const other = await createBusiness(t.database);
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code) select $1::int, 'Zed Karl ' || i, 'o' || i || '@ex.com', 'OTHER-' || i from generate_series(1, 5) i`,
    [other.id],
  );
});
afterAll(() => t.close());

type Page = { clients: { id: number }[]; total: number; totalIsCapped?: boolean; page: number; pageSize: number };
const page = async (query: string): Promise<Page> => {
  const res = await signedIn(t.app, biz.cookie).get(`/api/clients?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const ORDERS: Record<string, string> = {
  loyaltyScore: 'loyalty_score desc, total_bookings desc, id',
  lastBooking: 'last_booking desc nulls last, id',
  totalBookings: 'total_bookings desc, id',
  name: 'lower(name), id',
};
const expected = async (sort: string, term: string) =>
  (await t.database.query<{ id: number }>(
    `select id from clients where business_id = $1 and (lower(name) like $2 or lower(email) like $2) order by ${ORDERS[sort]}`,
    [biz.id, `%${term}%`],
  )).map((r) => r.id);

describe('short client searches', () => {
  it(`answers the cap and totalIsCapped when more than ${SHORT_SEARCH_COUNT_CAP} clients match`, async () => {
    const res = await page('page=1&pageSize=25&search=ar');
    expect(res.total).toBe(SHORT_SEARCH_COUNT_CAP);
    expect(res.totalIsCapped).toBe(true);
    expect(res.clients).toHaveLength(25);
    expect((await page('search=A&page=2')).totalIsCapped).toBe(true);
  });

  it('answers the exact count and no flag under the cap, and at it', async () => {
    const at = await page('page=1&search=qj');
    expect(at.total).toBe(SHORT_SEARCH_COUNT_CAP);
    expect(at).not.toHaveProperty('totalIsCapped');
    const one = await page('page=1&search=ZE');
    expect(one).toMatchObject({ total: 1, clients: [{ id: expect.any(Number) }] });
    expect(one).not.toHaveProperty('totalIsCapped');
    const none = await page('page=1&search=z%25');
    expect(none).toMatchObject({ total: 0, clients: [] });
  });

  it('pages a capped search in each documented order, and counts past the cap as far as the page asked', async () => {
    for (const sort of Object.keys(ORDERS)) {
      const all = await expected(sort, 'ar');
      const first = await page(`page=1&pageSize=100&search=ar&sort=${sort}`);
      expect(first.clients.map((c) => c.id), sort).toEqual(all.slice(0, 100));
      // The page ending on the cap still has a match after it; the page past it holds the last one.
      const atCap = await page(`page=10&pageSize=100&search=ar&sort=${sort}`);
      expect(atCap.clients.map((c) => c.id), sort).toEqual(all.slice(900, 1000));
      expect(atCap).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
      const last = await page(`page=11&pageSize=100&search=ar&sort=${sort}`);
      expect(last.clients.map((c) => c.id), sort).toEqual(all.slice(1000));
      expect(last.total).toBe(MANY);
      expect(last).not.toHaveProperty('totalIsCapped');
    }
    const past = await page('page=12&pageSize=100&search=ar');
    expect(past).toMatchObject({ clients: [], total: MANY });
  });

  it('pages a short search under the cap in each documented order', async () => {
    for (const sort of Object.keys(ORDERS)) {
      const all = await expected(sort, 'qj');
      const ids: number[] = [];
      for (let p = 1; p <= 10; p += 1) ids.push(...(await page(`page=${p}&pageSize=100&search=qj&sort=${sort}`)).clients.map((c) => c.id));
      expect(ids, sort).toEqual(all);
    }
  });

  it('keeps the unpaged list to its first 1000 clients of a short search', async () => {
    const res = await signedIn(t.app, biz.cookie).get('/api/clients?search=ar&sort=name');
    expect(res.json().map((c: { id: number }) => c.id)).toEqual((await expected('name', 'ar')).slice(0, 1000));
  });
});

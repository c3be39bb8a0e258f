import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_SEARCH_COUNT_CAP } from '../../db/short-search';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// GET /api/clients?search= of three characters or more: the count stops at 1,000 and says so, whichever way the
// matches are found (the first clients walked, then the trigram index), and every page holds exactly the rows
// a plain filtered query gives (docs/clients-api.md "Capped counts", decision 0029).

let t: TestApp;
let biz: TestBusiness;
const N = 3200;
const FIRST = 1700;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  // Every client matches "karl". The first 1,700 ("Qjx", added first) lead every sort order; the last 1,500
  // ("Zulu") trail in each, and the walk of the first clients added finds none of them.
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings, last_booking)
     select $1::int, 'Karl ' || case when i <= $3::int then 'Qjx' else 'Zulu' end || i, 'k' || i || '@ex.com', 'LONG-' || i,
       case when i <= $3::int then 5 + (i % 11) * 0.4 else (i % 5) * 0.2 end,
       case when i <= $3::int then 3 + i % 5 else i % 3 end,
       case when i <= $3::int then date '2024-06-01' + (i % 13) when i % 4 = 0 then null else date '2023-01-01' + (i % 17) end
     from generate_series(1, $2::int) i`,
    [biz.id, N, FIRST],
  );
  // Another business's clients that match are neither counted nor listed.
  const other = await createBusiness(t.database);
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code) select $1::int, 'Karl Zulu ' || i, 'o' || i || '@ex.com', 'OTHERL-' || i from generate_series(1, 50) i`,
    [other.id],
  );
});
afterAll(() => t.close());

type Page = { clients: { id: number }[]; total: number; totalIsCapped?: boolean };
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
const ids = (p: Page) => p.clients.map((c) => c.id);

describe('client searches of three characters or more', () => {
  // "karl": every client, found by the walk; "zulu": 1,500, found through the trigram index after the walk
  // found none; "qjx1": 812, under the stop, so counted exactly.
  it.each(['karl', 'zulu'])(`caps the count of "%s" at ${SHORT_SEARCH_COUNT_CAP} and pages it exactly in each order`, async (term) => {
    for (const sort of Object.keys(ORDERS)) {
      const all = await expected(sort, term);
      const first = await page(`page=1&pageSize=100&search=${term}&sort=${sort}`);
      expect(first).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
      expect(ids(first), sort).toEqual(all.slice(0, 100));
      const atCap = await page(`page=10&pageSize=100&search=${term.toUpperCase()}&sort=${sort}`);
      expect(atCap).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
      expect(ids(atCap), sort).toEqual(all.slice(900, 1000));
      // Past the cap the count goes on to every match, exactly.
      const past = await page(`page=11&pageSize=100&search=${term}&sort=${sort}`);
      expect(past.total).toBe(all.length);
      expect(past).not.toHaveProperty('totalIsCapped');
      expect(ids(past), sort).toEqual(all.slice(1000, 1100));
    }
  });

  it('counts a term under the stop exactly, in each order', async () => {
    for (const sort of Object.keys(ORDERS)) {
      const all = await expected(sort, 'qjx1');
      expect(all).toHaveLength(812);
      const res = await page(`page=9&pageSize=100&search=qjx1&sort=${sort}`);
      expect(res.total).toBe(812);
      expect(res).not.toHaveProperty('totalIsCapped');
      expect(ids(res), sort).toEqual(all.slice(800));
    }
    expect(await page('page=1&search=zulu3200')).toMatchObject({ total: 1, clients: [{ id: expect.any(Number) }] });
    expect(await page('page=1&search=nobody')).toMatchObject({ total: 0, clients: [] });
    expect(await page('page=2&search=zulu3200')).toMatchObject({ total: 1, clients: [] });
  });

  // The first 100 clients added hold "bolt", then one in four: the walk finds a few hundred before the stop is out
  // of its reach, so the trigram index counts the 1,075; "rich.com" (575) is counted exactly the same way.
  it('counts a term the first clients hold through the index once the walk falls short', async () => {
    const rich = await createBusiness(t.database);
    await t.database.query(
      `insert into clients (business_id, name, email, referral_code, loyalty_score)
       select $1::int, 'Pat ' || case when i <= 100 or i % 4 = 0 then 'Bolt' else 'Nail' end || i,
         'p' || i || case when i <= 100 or (i % 4 = 0 and i <= 2000) then '@rich.com' else '@ex.com' end, 'RICH-' || i, (i % 7) * 1.5
       from generate_series(1, 4000) i`,
      [rich.id],
    );
    const matching = async (term: string) =>
      (await t.database.query<{ id: number }>(
        `select id from clients where business_id = $1 and (lower(name) like $2 or lower(email) like $2) order by lower(name), id`,
        [rich.id, `%${term}%`],
      )).map((r) => r.id);
    const get = async (query: string): Promise<Page> => (await signedIn(t.app, rich.cookie).get(`/api/clients?${query}`)).json();
    const bolt = await get('page=1&pageSize=100&search=bolt&sort=name');
    expect(bolt).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(ids(bolt)).toEqual((await matching('bolt')).slice(0, 100));
    const domain = await get('page=6&pageSize=100&search=rich.com&sort=name');
    expect(domain.total).toBe(575);
    expect(domain).not.toHaveProperty('totalIsCapped');
    expect(ids(domain)).toEqual((await matching('rich.com')).slice(500));
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_SEARCH_COUNT_CAP } from '../../db/short-search';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { shortTermNeighbours } from '../../db/short-search';
import { signedIn } from '../../testing/requests';

// A short client search in a business of more clients than the first look reads (docs/read-model.md, "Short
// searches"): a rare two-character term is gathered through the trigram index by its neighbours, and finds every
// match wherever it stands: at the start, at the end, after the line break, beside non-ASCII characters.

let t: TestApp;
let biz: TestBusiness;
/** More clients than a common short term's look reads (SHORT_SEARCH_WALK, 20,000). */
const FILLERS = 20_600;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  // In the loyalty order: clients 1-100 first, clients 19,000-20,600 last (loyalty 0, no bookings, by id).
  // "nn" (clients 19,000-20,200): over the cap in all, but not among the first clients read.
  // "mm" (clients 1-100 and 20,401-20,600): common among the first clients, and 100 of its 300 matches lie past
  // the look's 20,000 clients.
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings)
     select $1::int,
       case when i <= 100 then 'Mm Early ' || i when i > 20400 then 'Mm Late ' || i when i between 19000 and 20200 then 'Nn Filler ' || i
         else 'Filler ' || i end,
       'f' || i || '@ex.com', 'RARE-' || i,
       case when i <= 100 then 9.9 when i >= 19000 then 0 else 1 + (i % 9) * 0.9 end,
       case when i >= 19000 then 0 else i % 5 end
     from generate_series(1, $2::int) i`,
    [biz.id, FILLERS],
  );
  const odd: [string, string | null][] = [
    ['Q5 Start', 'a@ex.com'], // at the very start
    ['Ends', 'ends@ex.q5'], // at the very end
    ['After Break', 'q5@ex.com'], // right after the line break
    ['No Mail Xq5', null], // before the line break
    ['Zoëq5é', 'z@ex.com'], // between two non-ASCII letters
    ['🙂q5🙂', 'e@ex.com'], // between two emoji
    ['Ünq5', 'u@ex.com'], // after a non-ASCII letter, before the line break
    ['Q 5 Apart', 'q-5@ex.com'], // not a match
  ];
  for (const [i, [name, email]] of odd.entries()) {
    await t.database.query(`insert into clients (business_id, name, email, referral_code, loyalty_score) values ($1, $2, $3, $4, $5)`, [biz.id, name, email, `ODD-${i}`, i]);
  }
  const other = await createBusiness(t.database);
  await t.database.query(`insert into clients (business_id, name, email, referral_code) values ($1, 'Q5 Other', 'q5@ex.com', 'ODD-OTHER')`, [other.id]);
});
afterAll(() => t.close());

type Page = { clients: { id: number }[]; total: number; totalIsCapped?: boolean };
const page = async (query: string): Promise<Page> => {
  const res = await signedIn(t.app, biz.cookie).get(`/api/clients?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const matches = async (term: string) =>
  (await t.database.query<{ id: number }>(
    `select id from clients where business_id = $1 and strpos(search_text, $2) > 0 order by loyalty_score desc, total_bookings desc, id`,
    [biz.id, term],
  )).map((r) => Number(r.id));

describe('rare short client searches in a large business', () => {
  it('finds every match of a rare term wherever it stands, and counts them exactly', async () => {
    const all = await matches('q5');
    expect(all).toHaveLength(7);
    const res = await page('page=1&pageSize=25&search=Q5');
    expect(res.clients.map((c) => c.id)).toEqual(all);
    expect(res.total).toBe(7);
    expect(res).not.toHaveProperty('totalIsCapped');
  });

  it('answers what every client read would for terms beside non-ASCII characters and for other short terms', async () => {
    for (const term of ['zo', 'ün', 'ë', 'q', '5é', 'k', 'q-', 'zz']) {
      const all = await matches(term);
      const res = await page(`page=1&pageSize=100&search=${encodeURIComponent(term)}`);
      expect(res.clients.map((c) => c.id), term).toEqual(all.slice(0, 100));
      expect(res.total, term).toBe(all.length);
    }
  });

  it('caps a term common among all clients but not among the first read, and pages it', async () => {
    const all = await matches('nn');
    expect(all.length).toBeGreaterThan(SHORT_SEARCH_COUNT_CAP);
    const first = await page('page=1&pageSize=100&search=nn');
    expect(first).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(first.clients.map((c) => c.id)).toEqual(all.slice(0, 100));
    const common = await page('page=1&pageSize=25&search=fi');
    expect(common).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(common.clients.map((c) => c.id)).toEqual((await matches('fi')).slice(0, 25));
  });

  it('counts exactly a term common among the first clients whose matches lie past what its look reads', async () => {
    const all = await matches('mm');
    expect(all).toHaveLength(300);
    const res = await page('page=3&pageSize=100&search=mm');
    expect(res.total).toBe(300);
    expect(res).not.toHaveProperty('totalIsCapped');
    expect(res.clients.map((c) => c.id)).toEqual(all.slice(200));
  });

  it('in a business the look reads whole, counts a common term from the look and a rare one through the index', async () => {
    // 1,500 clients, in loyalty order by number: "qw" is held by clients 1-40 and 1,200-1,259, "xj" by two past the first 500
    const small = await createBusiness(t.database);
    await t.database.query(
      `insert into clients (business_id, name, email, referral_code, loyalty_score)
       select $1::int,
         case when i in (1300, 1400) then 'Xj Late ' || i when i <= 40 or i between 1200 and 1259 then 'Qw ' || i else 'Early ' || i end,
         'e' || i || '@ex.com', 'SMALL-' || i, 10 - i / 200.0
       from generate_series(1, 1500) i`,
      [small.id],
    );
    const get = async (query: string) => (await signedIn(t.app, small.cookie).get(`/api/clients?${query}`)).json();
    expect(await get('page=1&pageSize=25&search=xj')).toMatchObject({ total: 2, clients: [{ name: 'Xj Late 1300' }, { name: 'Xj Late 1400' }] });
    const last = await get('page=4&pageSize=25&search=qw');
    expect(last.total).toBe(100);
    expect(last.clients.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 25 }, (_, i) => `Qw ${1235 + i}`));
  });

  it('names neighbours only for two ASCII letters or digits', () => {
    expect(shortTermNeighbours('h5', sql`c.search_text`)).not.toBeNull();
    for (const term of ['h', 'é5', 'a.', 'a%', 'abc', 'A5']) expect(shortTermNeighbours(term, sql`c.search_text`), term).toBeNull();
  });
});

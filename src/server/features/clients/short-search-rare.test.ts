import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_SEARCH_COUNT_CAP } from '../../db/short-search';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { shortTermNeighbours } from './queries';
import { signedIn } from '../../testing/requests';

// A short client search in a business of more clients than the first look reads (docs/read-model.md, "Short
// searches"): a rare two-character term is gathered through the trigram index by its neighbours, and finds every
// match wherever it stands: at the start, at the end, after the line break, beside non-ASCII characters.

let t: TestApp;
let biz: TestBusiness;
const FILLERS = 5600;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  // Clients 4500-5600 match "mm": over the cap in all, but not within the first 5,000 read.
  await t.database.query(
    `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings)
     select $1::int, case when i between 4500 and 5600 then 'Mm Filler ' || i else 'Filler ' || i end, 'f' || i || '@ex.com',
       'RARE-' || i, (i % 11) * 0.9, i % 5
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
    const all = await matches('mm');
    expect(all.length).toBeGreaterThan(SHORT_SEARCH_COUNT_CAP);
    const first = await page('page=1&pageSize=100&search=mm');
    expect(first).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(first.clients.map((c) => c.id)).toEqual(all.slice(0, 100));
    const common = await page('page=1&pageSize=25&search=fi');
    expect(common).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(common.clients.map((c) => c.id)).toEqual((await matches('fi')).slice(0, 25));
  });

  it('reads the whole of a business no larger than the first look, past its first thousand clients', async () => {
    // 1,500 clients, in loyalty order by number: "xj" is held by two clients after the first 1,000 only
    const small = await createBusiness(t.database);
    await t.database.query(
      `insert into clients (business_id, name, email, referral_code, loyalty_score)
       select $1::int, case when i in (1300, 1400) then 'Xj Late ' || i else 'Early ' || i end, 'e' || i || '@ex.com', 'SMALL-' || i, 10 - i / 200.0
       from generate_series(1, 1500) i`,
      [small.id],
    );
    const res = await signedIn(t.app, small.cookie).get('/api/clients?page=1&pageSize=25&search=xj');
    expect(res.json()).toMatchObject({ total: 2, clients: [{ name: 'Xj Late 1300' }, { name: 'Xj Late 1400' }] });
  });

  it('names neighbours only for two ASCII letters or digits', () => {
    expect(shortTermNeighbours('h5')).not.toBeNull();
    for (const term of ['h', 'é5', 'a.', 'a%', 'abc', 'A5']) expect(shortTermNeighbours(term), term).toBeNull();
  });
});

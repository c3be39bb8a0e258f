import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type LeadFilters, SEARCH_COUNT_CAP, selectLeadPage } from './queries';

// A search's count stops at SEARCH_COUNT_CAP (docs/leads.md, "List, search and filters"): within it, the total is
// the cap and `totalIsCapped` says so, and the page is the same as cut from every match (the newest-first walk);
// a page past the cap counts every match exactly; a search with at most the cap's matches is exact.

let t: TestApp;
let biz: TestBusiness;
const LEADS = SEARCH_COUNT_CAP + 300;

const all: LeadFilters = { status: 'all', source: 'all' };

/** The ids of the search's matches, newest first, from the rows. */
async function matches(f: LeadFilters & { search: string }, where: string): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `select id from leads where business_id = $1 and (${where})
       and ($2 = 'all' or status = $2) and ($3 = 'all' or source = $3)
     order by created_at desc, id desc`,
    [biz.id, f.status, f.source],
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Capped Lead Search' });
  // 'cap' in every lead, 'kilo' in exactly the cap's number, 'plus' in one more; times not in id order.
  await t.database.query(
    `insert into leads (business_id, name, phone, source, status, created_at)
     select $1::int, 'Cap ' || g || case when g <= $2::int then ' kilo' else '' end || case when g <= $2::int + 1 then ' plus' else '' end,
       '+1415555' || lpad(g::text, 4, '0'), (array['referral', 'form', 'website', 'manual'])[g % 4 + 1],
       (array['new', 'contacted', 'converted', 'lost'])[g % 4 + 1], timestamptz '2026-01-01' + ((g * 7919) % $3::int) * interval '1 minute'
     from generate_series(1, $3::int) g`,
    [biz.id, SEARCH_COUNT_CAP, LEADS],
  );
});
afterAll(() => t.close());

describe('a lead search past the count cap', () => {
  it('answers the cap as a lower bound within it, exact counts past it, and the rows’ pages everywhere', async () => {
    const cases: [LeadFilters & { search: string }, string, number][] = [
      [{ ...all, search: 'cap' }, `name like 'Cap %'`, LEADS],
      [{ ...all, search: 'PLUS' }, `name like '% plus'`, SEARCH_COUNT_CAP + 1],
      [{ ...all, search: 'kilo' }, `name like '% kilo%'`, SEARCH_COUNT_CAP],
      // The phone's digits: the walk matches them as the trigram index does.
      [{ ...all, search: '(415) 555' }, `phone like '%415555%'`, LEADS],
      // Filtered below the cap: exact.
      [{ status: 'new', source: 'all', search: 'cap' }, `name like 'Cap %'`, LEADS / 4],
    ];
    for (const [f, where, count] of cases) {
      const ids = await matches(f, where);
      expect(ids.length, f.search).toBe(count);
      for (const [limit, offset] of [[25, 0], [25, 500], [25, SEARCH_COUNT_CAP - 25], [3, SEARCH_COUNT_CAP - 2], [25, SEARCH_COUNT_CAP], [25, LEADS - 10], [25, LEADS + 5]]) {
        const page = await selectLeadPage(t.database.db, biz.id, f, limit, offset);
        const capped = ids.length > SEARCH_COUNT_CAP && offset + limit <= SEARCH_COUNT_CAP;
        expect({ f, limit, offset, ...page, leads: page.leads.map((l) => l.id) }).toEqual({
          f, limit, offset, total: capped ? SEARCH_COUNT_CAP : ids.length, ...(capped ? { totalIsCapped: true } : {}), leads: ids.slice(offset, offset + limit),
        });
      }
    }
  });

  it('says so in the answer of GET /api/leads', async () => {
    const get = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/leads?${q}`, headers: { cookie: biz.cookie } })).json();
    expect(await get('search=cap')).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true, page: 1, pageSize: 25 });
    expect(await get(`search=cap&page=${SEARCH_COUNT_CAP / 25 + 1}`)).toMatchObject({ total: LEADS, page: SEARCH_COUNT_CAP / 25 + 1 });
    expect(await get(`search=cap&page=${SEARCH_COUNT_CAP / 25 + 1}`)).not.toHaveProperty('totalIsCapped');
    expect(await get('search=kilo')).not.toHaveProperty('totalIsCapped');
    expect(await get('')).toMatchObject({ total: LEADS });
    expect(await get('')).not.toHaveProperty('totalIsCapped');
  });

  // The newest 100 leads hold "echo", the next 600 not, the 1,300 before them again: the newest-first walk stops
  // after 100 matches (the cap is out of its reach), so the trigram index counts past the cap.
  it('counts through the index past the cap when the walk falls short', async () => {
    const other = await createBusiness(t.database, { name: 'Short Walk' });
    await t.database.query(
      `insert into leads (business_id, name, source, status, created_at)
       select $1::int, 'Lead ' || g || case when g <= 100 or g > 700 then ' echo' else '' end, 'manual', 'new',
         timestamptz '2026-01-01' - g * interval '1 minute'
       from generate_series(1, 2000) g`,
      [other.id],
    );
    const newest = (await t.database.query<{ id: number }>(
      `select id from leads where business_id = $1 and name like '% echo' order by created_at desc, id desc limit 25`, [other.id],
    )).map((r) => Number(r.id));
    const page = await selectLeadPage(t.database.db, other.id, { ...all, search: 'echo' }, 25, 0);
    expect({ ...page, leads: page.leads.map((l) => l.id) }).toEqual({ total: SEARCH_COUNT_CAP, totalIsCapped: true, leads: newest });
  });
});

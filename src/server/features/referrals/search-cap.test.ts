import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { REFERRAL_SORTS, REFERRAL_STATUSES } from '../../../shared/schemas/referrals';
import { SEARCH_COUNT_CAP, selectReferralPage } from './queries';
import { addClient } from './test-helpers.test-util';

// The tracker's search counts up to SEARCH_COUNT_CAP matches (docs/referrals.md, "Search"): within it the total is
// the cap with `totalIsCapped`, and each sort's page is the same as cut from every match (the sort's index walked);
// past it, and with at most the cap's matches, the count is exact. A referral matched by its name, its referrer and
// its phone at once counts once.

let t: TestApp;
let biz: TestBusiness;
const REFERRALS = SEARCH_COUNT_CAP + 200;

const ORDER: Record<(typeof REFERRAL_SORTS)[number], string> = {
  newest: 'r.created_at desc, r.id desc',
  oldest: 'r.created_at asc, r.id asc',
  refereeName: 'lower(r.referee_name) asc, r.id asc',
  convertedAt: 'r.converted_at desc nulls last, r.created_at desc, r.id desc',
};

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Capped Referral Search' });
  const ana = await addClient(t.app, biz, 'Ana Tally');
  const bo = await addClient(t.app, biz, 'Bo Wren');
  // Every friend's name has 'pal'; Ana (every third referral) and the phones (digits 415555) overlap with it and
  // with each other. 'solo' is in one friend's name only.
  await t.database.query(
    `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, referee_phone, converted, converted_at, created_at)
     select $1::int, case when g % 3 = 0 then $2 else $4 end, case when g % 3 = 0 then $3::int else $5::int end,
       case when g = 7 then 'Solo Pal' else 'Pal ' || g end, 'f' || g || '@example.com',
       case when g % 2 = 0 then '+1415555' || lpad(g::text, 4, '0') end, g % 5 = 0,
       case when g % 5 = 0 then timestamptz '2026-02-01' + ((g * 31) % 97) * interval '1 hour' end,
       timestamptz '2026-01-01' + ((g * 7919) % $6::int) * interval '1 minute'
     from generate_series(1, $6::int) g`,
    [biz.id, ana.referralCode, ana.id, bo.referralCode, bo.id, REFERRALS],
  );
});
afterAll(() => t.close());

/** The ids of the search's matches in the sort's order, from the rows. */
async function matches(where: string, status: string, sort: (typeof REFERRAL_SORTS)[number]): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `select r.id from referrals r left join clients c on c.id = r.referrer_client_id
     where r.business_id = $1 and (${where}) and ($2 = 'all' or r.converted = ($2 = 'converted'))
     order by ${ORDER[sort]}`,
    [biz.id, status],
  );
  return rows.map((r) => Number(r.id));
}

// Each search a test of its own (all of them in one took 5 s alone on PGlite, more beside the browser tests).
const CASES: [string, string][] = [
  ['pal', `lower(r.referee_name) like '%pal%'`],
  ['ana tally', `c.name = 'Ana Tally'`],
  ['415555', `r.referee_phone like '%415555%'`],
  // Name, referrer and phone: each referral once.
  ['a', `lower(r.referee_name) like '%a%' or lower(r.referee_email) like '%a%' or lower(r.referrer_code) like '%a%' or lower(c.name) like '%a%'`],
  ['solo', `r.referee_name = 'Solo Pal'`],
];

describe('a referral search past the count cap', () => {
  for (const [search, where] of CASES) {
    it(`answers the cap as a lower bound within it, exact counts past it, and the rows’ pages in every sort ('${search}')`, async () => {
      for (const status of REFERRAL_STATUSES) {
        for (const sort of REFERRAL_SORTS) {
          const ids = await matches(where, status, sort);
          for (const [limit, offset] of [[25, 0], [25, 400], [4, SEARCH_COUNT_CAP - 4], [25, SEARCH_COUNT_CAP], [25, REFERRALS - 5]]) {
            const { summary: _, referrals, ...page } = await selectReferralPage(t.database.db, biz.id, { status, sort, search, limit, offset });
            const capped = ids.length > SEARCH_COUNT_CAP && offset + limit <= SEARCH_COUNT_CAP;
            expect({ search, status, sort, limit, offset, ...page, ids: referrals.map((r) => r.id) }).toEqual({
              search, status, sort, limit, offset, total: capped ? SEARCH_COUNT_CAP : ids.length, ...(capped ? { totalIsCapped: true } : {}), ids: ids.slice(offset, offset + limit),
            });
          }
        }
      }
    });
  }

  it('says so in the answer of GET /api/referrals', async () => {
    const get = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/referrals?${q}`, headers: { cookie: biz.cookie } })).json();
    expect(await get('search=pal')).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true, page: 1 });
    expect(await get(`search=pal&page=${SEARCH_COUNT_CAP / 25 + 1}&pageSize=25`)).toMatchObject({ total: REFERRALS });
    expect(await get(`search=pal&page=${SEARCH_COUNT_CAP / 25 + 1}&pageSize=25`)).not.toHaveProperty('totalIsCapped');
    expect(await get('search=pal&status=converted')).toMatchObject({ total: REFERRALS / 5 });
    expect(await get('search=pal&status=converted')).not.toHaveProperty('totalIsCapped');
    expect(await get('')).not.toHaveProperty('totalIsCapped');
  });

  // The newest 100 friends are named Echo, the next 300 were referred by Echo Zed, the 900 before them are named
  // Echo again: the walk of the friends' names stops after 100 (the cap is out of its reach), and the count goes on
  // through the indexes, referrer included (the codes name no one).
  it('counts through the indexes past the cap when the walk of the friends falls short', async () => {
    const other = await createBusiness(t.database, { name: 'Short Referral Walk' });
    const echo = await addClient(t.app, other, 'Echo Zed');
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, created_at)
       select $1::int, 'REF' || g, case when g > 100 and g <= 400 then $2::int end, case when g > 100 and g <= 400 then 'Kit ' else 'Echo ' end || g,
         'f' || g || '@ex.com', timestamptz '2026-01-01' - g * interval '1 minute'
       from generate_series(1, 1300) g`,
      [other.id, echo.id],
    );
    const newest = (await t.database.query<{ id: number }>(
      `select id from referrals where business_id = $1 order by created_at desc, id desc limit 125`, [other.id],
    )).map((r) => Number(r.id));
    const { summary: _, referrals, ...page } = await selectReferralPage(t.database.db, other.id, { status: 'all', sort: 'newest', search: 'echo', limit: 25, offset: 0 });
    expect({ ...page, ids: referrals.map((r) => r.id) }).toEqual({ total: SEARCH_COUNT_CAP, totalIsCapped: true, ids: newest.slice(0, 25) });
    // a capped page walks the newest first: the friends named Echo, then those whose referrer is
    const { summary: __, referrals: later, ...laterPage } = await selectReferralPage(t.database.db, other.id, { status: 'all', sort: 'newest', search: 'echo', limit: 50, offset: 75 });
    expect({ ...laterPage, ids: later.map((r) => r.id) }).toEqual({ total: SEARCH_COUNT_CAP, totalIsCapped: true, ids: newest.slice(75) });
    expect(later.map((r) => r.refereeName).slice(24, 27)).toEqual(['Echo 100', 'Kit 101', 'Kit 102']);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { substringPattern } from '../../db/like-pattern';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_FIELDS } from '../../../shared/schemas/forms';
import { seededRandom } from '../../../shared/seeded-random';
import { type LeadFilters, selectLeadPage } from './queries';
import { leadSearchOf } from './search';
import { addLeadRow } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// The lead search (docs/leads.md "Search"): after random sequences of every write of a lead, each search's total
// and pages equal the same counted from the rows, shallow and deep.

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
const forms: Record<number, string> = {};
const referrers: { businessId: number; code: string }[] = [];

let ipSeq = 0;
const freshIp = () => `10.78.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const STATUSES = ['new', 'contacted', 'converted', 'lost'] as const;
const SOURCES = ['referral', 'website', 'manual', 'form'] as const;
const NAMES = ['Amy Stone', 'Bo Li', 'Cara Vale', 'Dan Garcia', 'Eve Garcia', 'Row'] as const;
const SEARCHES = ['garcia', 'a', 'row', 'stone', 'zz', 'example', '555', '(415) 555-01', '%', 'Row 1'];
const FILTERS: LeadFilters[] = [
  { status: 'all', source: 'all' },
  { status: 'new', source: 'all' },
  { status: 'all', source: 'form' },
  { status: 'contacted', source: 'manual' },
];

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

/** The search's answer counted from the rows. */
async function fromRows(businessId: number, f: LeadFilters & { search: string }): Promise<number[]> {
  const s = leadSearchOf(f.search);
  const rows = await query<{ id: number }>(sql`select id from leads
    where business_id = ${businessId} and (search_text like ${s.text} or (${s.phone}::text is not null and phone like ${s.phone}))
      and (${f.status} = 'all' or status = ${f.status}) and (${f.source} = 'all' or source = ${f.source})
    order by created_at desc, id desc`);
  return rows.map((r) => Number(r.id));
}

async function expectSearchesExact(biz: TestBusiness, searches = SEARCHES) {
  for (const search of searches) {
    for (const f of FILTERS) {
      const ids = await fromRows(biz.id, { ...f, search });
      for (const [limit, offset] of [[25, 0], [3, 2], [2, Math.max(0, ids.length - 1)], [5, ids.length + 1]]) {
        const page = await selectLeadPage(t.database.db, biz.id, { ...f, search }, limit, offset);
        expect({ search, f, limit, offset, total: page.total, ids: page.leads.map((l) => l.id) }).toEqual({
          search, f, limit, offset, total: ids.length, ids: ids.slice(offset, offset + limit),
        });
      }
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Search Leads East' });
  b = await createBusiness(t.database, { name: 'Search Leads West' });
  for (const biz of [a, b]) {
    const res = await signedIn(t.app, biz.cookie).post('/api/forms', { name: 'Quote', fields: DEFAULT_FIELDS });
    expect(res.statusCode, res.body).toBe(201);
    forms[biz.id] = res.json().embedToken;
    const c = await signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Rosa Garcia', email: `rosa.${biz.id}@example.com`, serviceDate: '2025-03-01', amount: 100 });
    expect(c.statusCode, c.body).toBeLessThan(300);
    referrers.push({ businessId: biz.id, code: c.json().client.referralCode });
    await t.database.db.execute(sql`insert into leads (business_id, name, email, phone, source, status, created_at)
      select ${biz.id}, (array['Amy Stone', 'Bo Li', 'Cara Vale', 'Dan Garcia', 'Row'])[g % 5 + 1] || ' ' || g,
        case when g % 3 = 0 then 'seed' || g || '@example.com' end, case when g % 4 = 0 then '+1415555' || (1000 + g) end,
        (array['referral', 'website', 'manual', 'form'])[g % 4 + 1], (array['new', 'contacted', 'converted', 'lost'])[g % 3 + 1],
        now() - g * interval '7 hours'
      from generate_series(1, 240) g`);
  }
});
afterAll(() => t.close());

let claims = 0;

/** One random write of a lead (`step` numbers the sequence's names, e-mails and phones), then a few searches checked. */
async function randomWrite(r: ReturnType<typeof seededRandom>, step: number) {
  const biz = r.pick([a, b]);
  const other = biz === a ? b : a;
  const op = r.int(11);
  const pickLead = async () => (await query<{ id: number }>(sql`select id from leads where business_id = ${biz.id} order by random() limit 1`))[0];
  if (op === 0) {
    const res = await signedIn(t.app, biz.cookie).post('/api/leads', { name: `${r.pick(NAMES)} ${step}`, email: `m${step}@example.com`, phone: `(415) 555-0${String(100 + step).slice(-3)}` });
    expect(res.statusCode, res.body).toBe(201);
  } else if (op === 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${forms[biz.id]}/submit`,
      payload: { name: `${r.pick(NAMES)} ${step}`, email: `f${step}@example.com`, message: 'Hello' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
  } else if (op === 2 && claims < 5) {
    claims += 1;
    const ref = referrers.find((x) => x.businessId === biz.id)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: {
        referralCode: ref.code,
        businessId: biz.id,
        name: `Friend ${step}`,
        email: `friend${step}@example.com`,
        phone: `(415) 555-0${String(100 + step).slice(-3)}`,
      },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  } else if (op <= 4) {
    for (let i = r.int(6); i >= 0; i--) {
      await addLeadRow(t.database, biz.id, {
        name: `${r.pick(NAMES)} ${step}.${i}`,
        email: r.next() < 0.5 ? `row${step}.${i}@example.com` : null,
        phone: r.next() < 0.5 ? `+1415555${String(1000 + r.int(9000))}` : null,
        source: r.pick(SOURCES),
        status: r.pick(STATUSES),
        referrerName: r.next() < 0.3 ? 'Rosa Garcia' : null,
        agoMs: r.int(90) * 86_400_000 + r.int(1000),
      });
    }
  } else if (op === 5) {
    const lead = await pickLead();
    if (lead) {
      const res = await signedIn(t.app, biz.cookie).patch(`/api/leads/${lead.id}/status`, { status: r.pick(STATUSES) });
      expect(res.statusCode, res.body).toBe(200);
    }
  } else if (op === 6) {
    // A rename, a new e-mail, phone or referrer, a source: several rows in one statement.
    const k = r.int(3);
    await t.database.db.execute(r.pick([
      sql`update leads set name = ${`${r.pick(NAMES)} ${step}`} where business_id = ${biz.id} and id % 3 = ${k}`,
      sql`update leads set email = ${`e${step}@example.com`} where business_id = ${biz.id} and id % 3 = ${k}`,
      sql`update leads set phone = ${`+1415555${String(1000 + step)}`} where business_id = ${biz.id} and id % 3 = ${k}`,
      sql`update leads set referrer_name = ${r.pick(['Rosa Garcia', null])} where business_id = ${biz.id} and id % 3 = ${k}`,
      sql`update leads set source = ${r.pick(SOURCES)}, status = ${r.pick(STATUSES)} where business_id = ${biz.id} and id % 3 = ${k}`,
    ]));
  } else if (op === 7) {
    await t.database.db.execute(sql`update leads set notes = ${`note ${step}`}, created_at = created_at - interval '1 hour' where business_id = ${biz.id}`);
  } else if (op === 8) {
    const lead = await pickLead();
    if (lead) await t.database.db.execute(sql`update leads set business_id = ${other.id} where id = ${lead.id}`);
  } else if (op === 9) {
    // Two leads swap names: the same search texts, other statuses.
    const two = await query<{ id: number }>(sql`select id from leads where business_id = ${biz.id} order by random() limit 2`);
    if (two.length === 2) {
      await t.database.db.execute(sql`update leads l set name = o.name, email = o.email from leads o
        where (l.id, o.id) in ((${two[0].id}, ${two[1].id}), (${two[1].id}, ${two[0].id}))`);
    }
  } else {
    await t.database.db.execute(sql`delete from leads where id in (select id from leads where business_id = ${biz.id} order by random() limit ${r.int(3) + 1})`);
  }
  await expectSearchesExact(biz, [r.pick(SEARCHES), r.pick(SEARCHES)]);
  await expectSearchesExact(other, [r.pick(SEARCHES)]);
}

describe('the lead search', () => {
  // Four sequences of 10 writes, a test each, each going on from the state the one before left; every write is
  // checked, and every search in full after each 20 writes, as when they were one test (docs/decisions/0021-fast-test-runs.md:
  // the 40 writes in one test took 7-9 s alone; a full check after each sequence cost 20 s more on PGlite in npm test).
  const RUNS = 4;
  for (let run = 0; run < RUNS; run++) {
    it(`gives every search the rows’ total and pages after random sequences of every write of a lead (sequence ${run + 1})`, async () => {
      const r = seededRandom(20261125 + run);
      for (let step = run * 10; step < (run + 1) * 10; step++) await randomWrite(r, step);
      if (run % 2 === 0) return;
      await expectSearchesExact(a);
      await expectSearchesExact(b);
      if (run === RUNS - 1) expect(claims).toBeGreaterThan(0);
    });
  }

  it('gives the rows’ answer for rare and common matches, shallow and deep', async () => {
    const c = await createBusiness(t.database, { name: 'Search Leads Paths' });
    // 1,000 leads; 'old' is in the 200 oldest, 'even' in every other one, 'one17' in one, 'one' in all.
    await t.database.db.execute(sql`insert into leads (business_id, name, source, status, created_at)
      select ${c.id}, case when g <= 200 then 'Old ' else 'Lead ' end || case when g % 2 = 0 then 'Even ' else '' end || 'one' || g,
        (array['referral', 'form', 'website', 'manual'])[g % 4 + 1], (array['new', 'contacted', 'converted', 'lost'])[g % 4 + 1],
        timestamptz '2026-01-01' + g * interval '1 hour'
      from generate_series(1, 1000) g`);
    const cases: [string, number, number][] = [
      ['even', 25, 0], ['even', 25, 200], ['even', 25, 400], ['even', 10, 495], ['old', 25, 0], ['old', 25, 150], ['one17', 25, 0], ['lead', 25, 700], ['one', 25, 0], ['one', 25, 700], ['one', 30, 990], ['nothing', 25, 0],
    ];
    for (const [search, limit, offset] of cases) {
      for (const f of [FILTERS[0], { status: 'all', source: 'referral' } as LeadFilters]) {
        const ids = await fromRows(c.id, { ...f, search });
        const page = await selectLeadPage(t.database.db, c.id, { ...f, search }, limit, offset);
        expect({ search, f, total: page.total, ids: page.leads.map((l) => l.id) }).toEqual({
          search, f, total: ids.length, ids: ids.slice(offset, offset + limit),
        });
      }
    }
    // Two leads swap names: the search follows.
    const quills = [];
    for (const agoMs of [300_000, 240_000, 180_000]) quills.push(await addLeadRow(t.database, c.id, { name: 'Zed Quill', agoMs }));
    const plain = await addLeadRow(t.database, c.id, { name: 'Plain Jane', agoMs: 60_000 });
    const quill = () => selectLeadPage(t.database.db, c.id, { status: 'all', source: 'all', search: 'quill' }, 1, 0);
    expect(await quill()).toMatchObject({ total: 3, leads: [{ id: quills[2] }] });
    await t.database.db.execute(sql`update leads l set name = o.name from leads o where (l.id, o.id) in ((${quills[0]}, ${plain}), (${plain}, ${quills[0]}))`);
    expect(await quill()).toMatchObject({ total: 3, leads: [{ id: plain, name: 'Zed Quill' }] });

    // The same answers through the API, as JSON.
    const res = await signedIn(t.app, c.cookie).get('/api/leads?search=OLD&page=2&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 200, page: 2, pageSize: 10 });
    expect(res.json().leads.map((l: { name: string }) => l.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => 190 - i).map((g) => `Old ${g % 2 === 0 ? 'Even ' : ''}one${g}`),
    );
  });

  it('searches with line breaks, % and _ use the same pattern as before', () => {
    expect(leadSearchOf('A_b%\nC').text).toBe(substringPattern('A_b%\nC'));
    expect(leadSearchOf('(512) 555-1234')).toEqual({ search: '(512) 555-1234', text: substringPattern('(512) 555-1234'), phone: '%5125551234%' });
    expect(leadSearchOf('15125551234').phone).toBe('%5125551234%');
    expect(leadSearchOf('12').phone).toBeNull();
  });
});

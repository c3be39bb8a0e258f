import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_FIELDS } from '../../../shared/schemas/forms';
import { LEAD_TOP_REFERRERS } from '../../../shared/schemas/leads';
import { selectLeadPage, type LeadFilters } from './queries';
import { DERIVED_TABLES, driftOf } from '../../db/derived-tables';
import { addLeadRow } from './test-helpers.test-util';
import { seededRandom } from '../../../shared/seeded-random';
import { signedIn } from '../../testing/requests';

// The Lead Inbox's kept figures (docs/leads.md "Kept figures"): after random sequences of every write of a lead
// (Add Lead, form submissions, referral claims, status changes, other columns, deletes, a business's deletion),
// lead_figures and lead_referrer_names equal a recomputation from the leads (and every derived table passes the
// registry's check), and the list's totals, its pages and the stats equal the same answers counted from the rows.

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let forms: Record<number, string> = {};
let referrers: { businessId: number; code: string; name: string }[] = [];

const DAY = 86_400_000;
/** A Monday 00:00 UTC: the weeks' boundary (7-day buckets from 2000-01-03, a Monday). */
const MONDAY = Date.UTC(2026, 10, 23);

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const STATUSES = ['new', 'contacted', 'converted', 'lost'] as const;
const SOURCES = ['referral', 'website', 'manual', 'form'] as const;
const NAMES = ['Amy Stone', 'amy stone', '  Amy Stone ', 'Bo Li', 'BO LI', '', '   ', null] as const;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

/** The kept rows, and the same computed from the leads (zero rows of the counts left out). */
async function keptAndRecomputed() {
  const kept = await query<{ t: string; k: string; n: number }>(sql`
    select 'f' as t, concat_ws('|', business_id, status, source) as k, leads as n from lead_figures where leads <> 0
    union all select 'n', concat_ws('|', business_id, key, name), leads from lead_referrer_names
    order by 1, 2, 3`);
  const recomputed = await query<{ t: string; k: string; n: number }>(sql`
    with r as (
      select business_id, coalesce(referrer_code, lower(nullif(trim(referrer_name), ''))) as key,
        coalesce(nullif(trim(referrer_name), ''), '') as name
      from leads where referrer_code is not null or nullif(trim(referrer_name), '') is not null
    )
    select 'f' as t, concat_ws('|', business_id, status, source) as k, count(*)::int as n from leads group by business_id, status, source
    union all select 'n', concat_ws('|', business_id, key, name), count(*)::int from r group by business_id, key, name
    order by 1, 2, 3`);
  return { kept: kept.map((r) => ({ ...r, n: Number(r.n) })), recomputed: recomputed.map((r) => ({ ...r, n: Number(r.n) })) };
}

/** Every filter's total and pages, and the stats, against the rows. */
async function expectAnswersExact(biz: TestBusiness) {
  const all = await query<{ id: number; status: string; source: string }>(
    sql`select id, status, source from leads where business_id = ${biz.id} order by created_at desc, id desc`,
  );
  for (const status of ['all', ...STATUSES] as const) {
    for (const source of ['all', ...SOURCES] as const) {
      const f: LeadFilters = { status, source };
      const rows = all.filter((r) => (status === 'all' || r.status === status) && (source === 'all' || r.source === source)).map((r) => Number(r.id));
      for (const [limit, offset] of [[25, 0], [7, 3], [5, Math.max(0, rows.length - 3)], [4, rows.length + 2]]) {
        const want = rows.slice(offset, offset + limit);
        const page = await selectLeadPage(t.database.db, biz.id, f, limit, offset);
        expect({ status, source, limit, offset, total: page.total, ids: page.leads.map((l) => l.id) }).toEqual({
          status, source, limit, offset, total: rows.length, ids: want,
        });
      }
    }
  }
  const [want] = await query<{ total: number; converted: number; referral: number; week: number }>(sql`
    select count(*)::int as total, count(*) filter (where status = 'converted')::int as converted,
      count(*) filter (where source = 'referral')::int as referral,
      count(*) filter (where created_at >= (select date_trunc('week', now() at time zone b.time_zone) at time zone b.time_zone
        from businesses b where b.id = ${biz.id}))::int as week
    from leads where business_id = ${biz.id}`);
  const top = await query<{ name: string; n: number }>(sql`
    select coalesce(max(x.referrer_name), max(x.referrer_code)) as name, count(*)::int as n
    from (select l.referrer_code, nullif(trim(l.referrer_name), '') as referrer_name,
            coalesce(l.referrer_code, lower(nullif(trim(l.referrer_name), ''))) as k
          from leads l where l.business_id = ${biz.id} and (l.referrer_code is not null or nullif(trim(l.referrer_name), '') is not null)) x
    group by x.k order by n desc, name asc limit ${LEAD_TOP_REFERRERS}`);
  const res = await signedIn(t.app, biz.cookie).get('/api/leads/stats');
  expect(res.statusCode).toBe(200);
  const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
  expect(res.json()).toEqual({
    totalLeadsThisWeek: Number(want.week),
    conversionRate: pct(Number(want.converted), Number(want.total)),
    referralPercentage: pct(Number(want.referral), Number(want.total)),
    topReferrers: top.map((r) => ({ name: r.name, count: Number(r.n) })),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Kept Leads East', timeZone: 'Pacific/Kiritimati' });
  b = await createBusiness(t.database, { name: 'Kept Leads West', timeZone: 'Pacific/Pago_Pago' });
  forms = {};
  referrers = [];
  for (const biz of [a, b]) {
    const res = await signedIn(t.app, biz.cookie).post('/api/forms', { name: 'Quote', fields: DEFAULT_FIELDS });
    expect(res.statusCode, res.body).toBe(201);
    forms[biz.id] = res.json().embedToken;
    for (const [i, name] of ['Alice Mendez', 'Bruno Diaz'].entries()) {
      const c = await signedIn(t.app, biz.cookie).post('/api/clients', { name, email: `r${i}.${biz.id}@example.com`, serviceDate: '2025-03-01', amount: 100 });
      expect(c.statusCode, c.body).toBeLessThan(300);
      referrers.push({ businessId: biz.id, code: c.json().client.referralCode, name });
    }
  }
});
afterAll(() => t.close());

let claims = 0;

/** One random write of a lead (`step` numbers the sequence's names, e-mails and phones). */
async function randomWrite(r: ReturnType<typeof seededRandom>, step: number) {
  const biz = r.pick([a, b]);
  const op = r.int(9);
  if (op === 0) {
    const res = await signedIn(t.app, biz.cookie).post('/api/leads', { name: `Manual ${step}`, email: `m${step}@example.com` });
    expect(res.statusCode, res.body).toBe(201);
  } else if (op === 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${forms[biz.id]}/submit`,
      payload: { name: `Form ${step}`, email: `f${step}@example.com`, message: 'Hello' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
  } else if (op === 2 && claims < 6) {
    claims += 1;
    const ref = r.pick(referrers.filter((x) => x.businessId === biz.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: { referralCode: ref.code, businessId: biz.id, name: `Friend ${step}`, email: `friend${step}@example.com`, phone: `(415) 555-0${String(100 + step).slice(-3)}` },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  } else if (op <= 4) {
    // Written directly (a bulk load, another writer): referrer names in any case and spacing, codes or none,
    // and times on both sides of a week's boundary.
    const ref = r.next() < 0.5 ? r.pick(referrers) : null;
    const at = r.pick([MONDAY, MONDAY - 1, MONDAY + 1, MONDAY - 7 * DAY, Date.now() - r.int(40) * DAY, Date.now() + DAY]);
    await addLeadRow(t.database, biz.id, {
      name: `Row ${step}`,
      source: r.pick(SOURCES),
      status: r.pick(STATUSES),
      referrerCode: ref && ref.businessId === biz.id ? ref.code : r.next() < 0.3 ? r.pick(['CODE-A', 'CODE-B']) : null,
      referrerName: r.pick(NAMES),
      createdAt: new Date(at),
    });
  } else if (op === 5) {
    const [lead] = await query<{ id: number }>(sql`select id from leads where business_id = ${biz.id} order by random() limit 1`);
    if (lead) {
      const res = await signedIn(t.app, biz.cookie).patch(`/api/leads/${lead.id}/status`, { status: r.pick(STATUSES) });
      expect(res.statusCode, res.body).toBe(200);
    }
  } else if (op === 6) {
    // Any column, several rows in one statement.
    const n = r.pick([r.pick(NAMES), 'Cara Vale']);
    await t.database.db.execute(sql`update leads set referrer_name = ${n}, source = ${r.pick(SOURCES)},
      created_at = created_at - ${`${r.int(10)} days`}::interval, notes = 'edited'
      where business_id = ${biz.id} and id % 3 = ${r.int(3)}`);
  } else if (op === 7) {
    await t.database.db.execute(sql`update leads set notes = ${`note ${step}`} where business_id = ${biz.id}`);
  } else {
    await t.database.db.execute(sql`delete from leads where id in (select id from leads where business_id = ${biz.id} order by random() limit ${r.int(3) + 1})`);
  }
}

describe('kept lead figures', () => {
  // Four sequences of 40 writes, a test each, each going on from the state the one before left and checked at its
  // end (docs/decisions/0021-fast-test-runs.md: the 160 writes in one test took 3 s alone).
  const RUNS = 4;
  for (let run = 0; run < RUNS; run++) {
    it(`equal a recomputation after random sequences of every write of a lead, and so do the totals, pages and stats (sequence ${run + 1})`, async () => {
      const r = seededRandom(20261124 + run);
      for (let step = run * 40; step < (run + 1) * 40; step++) await randomWrite(r, step);
      const { kept, recomputed } = await keptAndRecomputed();
      expect(kept).toEqual(recomputed);
      await expectAnswersExact(a);
      await expectAnswersExact(b);
      for (const biz of [a, b]) for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), d.table).toBe(0);
      if (run === RUNS - 1) {
        expect(recomputed.length).toBeGreaterThan(20);
        expect(claims).toBeGreaterThan(0);
      }
    });
  }

  it('a business deleted with its leads leaves no kept rows, and the others keep theirs', async () => {
    const c = await createBusiness(t.database, { name: 'Kept Leads Gone' });
    for (let i = 0; i < 5; i++) {
      await addLeadRow(t.database, c.id, { name: `Gone ${i}`, source: 'referral', referrerName: `Ref ${i % 2}`, referrerCode: i === 4 ? 'CODE-G' : null });
    }
    const before = await keptAndRecomputed();
    expect(before.kept).toEqual(before.recomputed);
    await t.database.db.execute(sql`delete from businesses where id = ${c.id}`);
    const [left] = await query<{ n: number }>(sql`select
      (select count(*) from lead_figures where business_id = ${c.id}) + (select count(*) from lead_referrer_names where business_id = ${c.id}) as n`);
    expect(Number(left.n)).toBe(0);
    const after = await keptAndRecomputed();
    expect(after.kept).toEqual(after.recomputed);
  });
});

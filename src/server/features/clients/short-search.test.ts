import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seededRandom } from '../../../shared/seeded-random';
import { dailySeries } from './queries';

// Searches of one or two characters: their counts are kept per business and term while the business's
// search_version is unchanged (short-search.ts, migration 0027). After random sequences of every write that
// adds, renames or removes clients, each answer must equal a full recomputation from the rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORDERS: Record<string, string> = {
  loyaltyScore: 'loyalty_score desc nulls last, total_bookings desc nulls last, id',
  lastBooking: 'last_booking desc nulls last, id',
  totalBookings: 'total_bookings desc nulls last, id',
  name: 'lower(name), id',
};
const TERMS = ['a', 'e', 'an', 'zq', 'ü', 'zö', '%', '_', 'ed', '1', '@e', 'x', '.c', 'i̇'];
const NAMES = ['Ann Lee', 'Zoë Ünal', 'Bo Park', 'Cy Diaz', '50% Off_Club', 'Ed Wong', 'İpek Arı', 'Xi Ma', 'Flo Ruiz'];

function upload(cookie: string, csv: string) {
  const boundary = '----shortsearchtest';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="month.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

async function expectRecomputed(biz: TestBusiness, term: string, sort: string, page: number, pageSize: number, label: string) {
  const pattern = `%${term.trim().toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await t.database.query<{ id: number }>(
    `select id from clients where business_id = $1 and search_text like $2 order by ${ORDERS[sort]}`,
    [biz.id, pattern],
  );
  const url = `/api/clients?page=${page}&pageSize=${pageSize}&sort=${sort}&search=${encodeURIComponent(term)}`;
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: biz.cookie } });
  expect(res.statusCode, label).toBe(200);
  const body = res.json();
  expect(body.total, `${label}: total of ${url}`).toBe(rows.length);
  const ids = rows.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  expect(body.clients.map((c: { id: number }) => c.id), `${label}: page of ${url}`).toEqual(ids);
}

async function randomSequence(biz: TestBusiness, seed: number, steps: number) {
  const r = seededRandom(seed);
  const person = () => {
    const i = r.int(NAMES.length);
    return { name: NAMES[i], email: r.next() < 0.8 ? `c${i}.${r.int(4)}@example.com` : '' };
  };
  const sqlOps = t.database.query.bind(t.database);
  for (let step = 0; step < steps; step += 1) {
    const op = r.int(8);
    const label = `seed ${seed}, step ${step}, op ${op}`;
    if (op === 0) {
      const lines = ['Client Name,Client Email,Service Date,Amount Charged,Appointment Status'];
      for (let i = 1 + r.int(6); i > 0; i -= 1) {
        const p = person();
        lines.push(`${p.name},${p.email},2024-0${1 + r.int(9)}-1${r.int(9)},${r.int(300)},Completed`);
      }
      expect((await upload(biz.cookie, `${lines.join('\n')}\n`)).statusCode, label).toBe(200);
    } else if (op === 1) {
      const p = person();
      const payload = { client_name: p.name, client_email: p.email || `w${r.int(3)}@example.com`, appointment_date: '2024-05-0' + (1 + r.int(8)), status: 'Completed', amount_charged: '80' };
      expect((await t.app.inject({ method: 'POST', url: `/api/webhook/${biz.webhookToken}`, payload })).statusCode, label).toBe(200);
    } else if (op === 2) {
      const p = person();
      const payload = { name: p.name, email: p.email || `a${r.int(3)}@example.com`, serviceDate: '2024-03-03', amount: 40 };
      expect((await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie: biz.cookie }, payload })).statusCode, label).toBe(201);
    } else if (op === 3) {
      const [victim] = await sqlOps<{ id: number }>('select id from clients where business_id = $1 order by random() limit 1', [biz.id]);
      if (victim) expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${victim.id}`, headers: { cookie: biz.cookie } })).statusCode, label).toBe(200);
    } else if (op === 4) {
      // a rename typed by hand: the trigger, not the app, raises the version
      await sqlOps(`update clients set name = $2 where id = (select id from clients where business_id = $1 order by random() limit 1)`, [biz.id, person().name + ' Zq']);
    } else if (op === 5) {
      await sqlOps(`update clients set email = 'x' || id || $2 where id in (select id from clients where business_id = $1 order by random() limit 2)`, [biz.id, r.next() < 0.5 ? null : r.pick(['@ÜBER.example', '@b.example'])]);
    } else if (op === 6) {
      // figures change, search texts do not
      await sqlOps(`update clients set loyalty_score = (random() * 10)::numeric(3, 1), total_bookings = total_bookings + 1 where business_id = $1`, [biz.id]);
    } else {
      await sqlOps(`delete from clients where id in (select id from clients where business_id = $1 order by random() limit 2)`, [biz.id]);
    }
    for (let k = 0; k < 3; k += 1) {
      await expectRecomputed(biz, r.pick(TERMS), r.pick(Object.keys(ORDERS)), 1 + r.int(3), r.pick([2, 5, 25]), label);
    }
  }
}

describe('short client searches (one or two characters)', () => {
  it('stay exact through random imports, webhooks, Add Client, renames, e-mail changes and deletes', async () => {
    const biz = await createBusiness(t.database);
    const other = await createBusiness(t.database);
    const seed = Date.now() % 100000;
    await randomSequence(biz, seed, 30);
    await randomSequence(other, seed + 1, 10);
    await randomSequence(biz, seed + 2, 10);
  }, 120_000);

  it('count again after a change no app code saw, and never mix businesses', async () => {
    const biz = await createBusiness(t.database);
    const other = await createBusiness(t.database);
    const add = (b: TestBusiness, name: string, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie: b.cookie }, payload: { name, email, serviceDate: '2024-01-02', amount: 10 } });
    await add(biz, 'Ann Lee', 'ann@example.com');
    await add(other, 'Qx Other', 'qx@example.com');
    const total = async (b: TestBusiness, term: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/clients?page=1&search=${term}`, headers: { cookie: b.cookie } })).json().total;
    expect(await total(biz, 'qx')).toBe(0);
    expect(await total(other, 'qx')).toBe(1);
    // Kept now. A rename typed into the database must still be counted at once.
    await t.database.query(`update clients set name = 'Ann Qx' where business_id = $1`, [biz.id]);
    expect(await total(biz, 'qx')).toBe(1);
    await t.database.query(`update clients set email = null where business_id = $1`, [biz.id]);
    expect(await total(biz, '@e')).toBe(0);
    await t.database.query(`delete from clients where business_id = $1`, [biz.id]);
    expect(await total(biz, 'qx')).toBe(0);
    expect(await total(other, 'qx')).toBe(1);
  });

  it('read the same through every path: kept matches, the index walk, and the general path for deep pages', async () => {
    const biz = await createBusiness(t.database);
    await t.database.query(
      `insert into clients (business_id, name, email, referral_code, loyalty_score)
       select $1::int, case when i % 20 = 0 then 'Zed Quist' || i else 'Ann Lee' || i end, 'p' || i || '@example.com', 'SHORT-' || $1::int || '-' || i, (i % 11)::numeric
       from generate_series(1, 12000) i`,
      [biz.id],
    );
    // 'qu' matches 600 (more than are kept by id): page 1 walks, page 24 reads (575 + 25) × 12,000 / 600 rows
    // walking, too many, so the general path serves it; 'an' page 400 likewise; 'zq' matches none.
    const cases = [['zq', 1], ['qu', 1], ['qu', 24], ['qu', 25], ['an', 1], ['an', 400], ['e', 3], ['q', 2]] as const;
    for (const [term, page] of cases) {
      for (const sort of Object.keys(ORDERS)) await expectRecomputed(biz, term, sort, page, 25, `${term} page ${page}`);
    }
    await t.database.query(`update clients set name = 'Qu Few' where business_id = $1 and id % 100 = 0`, [biz.id]);
    for (const [term, page] of cases) await expectRecomputed(biz, term, 'name', page, 25, `after renames: ${term} page ${page}`);
  }, 60_000);
});

describe('the booking trend series', () => {
  it('fills the days between the kept rows across month, year and leap-day edges', () => {
    expect(dailySeries('2024-03-01', 3, [[1, 4]])).toEqual([
      { date: '2024-02-28', count: 0 },
      { date: '2024-02-29', count: 4 },
      { date: '2024-03-01', count: 0 },
    ]);
    const year = dailySeries('2025-01-01', 365, [[0, 2], [364, 7]]);
    expect(year).toHaveLength(365);
    expect(year[0]).toEqual({ date: '2024-01-03', count: 7 });
    expect(year[364]).toEqual({ date: '2025-01-01', count: 2 });
    expect(year.slice(1, 364).every((p) => p.count === 0)).toBe(true);
  });
});

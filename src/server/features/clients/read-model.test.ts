import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DERIVED_TABLES, driftOf } from '../../db/derived-tables';
import { keptFigures, recomputedFigures } from './read-model';
import { recomputeClientStats } from './service';
import { seededRandom } from '../../../shared/seeded-random';
import { signedIn, upload as uploadFile } from '../../testing/requests';

// The kept figures (docs/read-model.md) against a full recomputation after random sequences of
// imports, re-imports, webhooks, Add Client, deletes, referral changes and recomputes, in two time
// zones on either side of UTC (one business's day is always not UTC's day) with dates on the local
// month's edges.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** POST /api/upload/csv with one CSV file. */
const upload = (cookie: string, fileName: string, csv: string) => uploadFile(t.app, cookie, fileName, csv);

const get = (url: string, cookie: string) => signedIn(t.app, cookie).get(url).then((r) => r.json());

/** The dashboard's answers computed from the rows, the way they were before the read model. */
async function referenceAnswers(businessId: number) {
  const [s] = await t.database.query<any>(
    `with bz as (select date_trunc('month', now() at time zone time_zone)::date as m from businesses where id = $1)
     select (select count(*) from clients where business_id = $1)::int as "totalClients",
       (select coalesce(round(avg(loyalty_score), 1), 0) from clients where business_id = $1)::float8 as "avgLoyaltyScore",
       (select count(*) from referrals where business_id = $1)::int as "totalReferrals",
       (select count(*) from referrals where business_id = $1 and not converted)::int as "activeReferrals",
       (select coalesce(sum(amount_charged), 0) from bookings where business_id = $1 and status = 'completed')::float8 as "totalRevenue",
       (select coalesce(sum(amount_charged), 0) from bookings, bz where business_id = $1 and status = 'completed'
          and service_date >= bz.m and service_date < (bz.m + interval '1 month')::date)::float8 as "monthlyRevenue",
       (select coalesce(sum(b.amount_charged), 0) from bookings b join clients c on c.id = b.client_id
          where b.business_id = $1 and b.status = 'completed' and c.is_referred_client)::float8 as "referralRevenue",
       (select coalesce(sum(b.amount_charged), 0) from bookings b join clients c on c.id = b.client_id, bz
          where b.business_id = $1 and b.status = 'completed' and c.is_referred_client
            and b.service_date >= bz.m and b.service_date < (bz.m + interval '1 month')::date)::float8 as "monthlyReferralRevenue",
       (select count(*) from bookings b join clients c on c.id = b.client_id, bz
          where b.business_id = $1 and b.status = 'completed' and c.is_referred_client
            and b.service_date >= bz.m and b.service_date < (bz.m + interval '1 month')::date)::int as "monthlyConvertedBookings",
       (select count(*) from bookings b join clients c on c.id = b.client_id
          where b.business_id = $1 and b.status = 'completed' and c.is_referred_client)::int as "totalConvertedBookings"`,
    [businessId],
  );
  const trends = await t.database.query<any>(
    `with bz as (select (now() at time zone time_zone)::date as today from businesses where id = $1)
     select to_char(d, 'YYYY-MM-DD') as date,
       (select count(*) from bookings where business_id = $1 and status = 'completed' and service_date = d)::int as count
     from bz, generate_series(bz.today - 364, bz.today, interval '1 day') as g(d) order by d`,
    [businessId],
  );
  const [dist] = await t.database.query<any>(
    `select count(*) filter (where loyalty_score >= 7)::int as high, count(*) filter (where loyalty_score >= 4 and loyalty_score < 7)::int as medium,
       count(*) filter (where loyalty_score < 4)::int as low, count(*)::int as total from clients where business_id = $1`,
    [businessId],
  );
  return { stats: s, trends, dist };
}

async function expectExact(biz: TestBusiness, label: string) {
  expect(await keptFigures(t.database.db, biz.id), label).toEqual(await recomputedFigures(t.database.db, biz.id));
  // Every derived table the writes here move (the referrers' figures, the bookings' day rows...), through the registry's check.
  for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), `${label}: ${d.table}`).toBe(0);
  const ref = await referenceAnswers(biz.id);
  expect(await get('/api/dashboard/stats', biz.cookie), label).toEqual(ref.stats);
  expect(await get('/api/analytics/booking-trends?days=365', biz.cookie), label).toEqual(ref.trends);
  expect(await get('/api/clients/loyalty-distribution', biz.cookie), label).toEqual(ref.dist);
  expect((await get('/api/clients?page=1&pageSize=5', biz.cookie)).total, label).toBe(ref.stats.totalClients);
}

const NAMES = ['Ann Lee', 'Bo Park', 'Cy Diaz', 'Di Moss', 'Ed Wong', 'Flo Ruiz', 'Gil Cho', 'Hal Bent'];

/** `steps` random writes to `biz`, checked every 6 and at the end; the last sequence of a business (`last`) ends with a conversion by an import. */
async function randomSequence(biz: TestBusiness, timeZone: string, seed: number, steps: number, last: boolean) {
  const r = seededRandom(seed);
  const today = await todayIn(t.database, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  // Local today and yesterday, the local month's first day and the previous month's last day, other month ends.
  const dates = [today, daysBefore(today, 1), monthStart, daysBefore(monthStart, 1), daysBefore(monthStart, 31), '2024-02-29', '2023-12-31', '2024-01-01', daysBefore(today, 400)];
  const person = () => {
    const i = r.int(NAMES.length);
    return { name: NAMES[i], email: r.next() < 0.85 ? `c${i}@example.com` : null, phone: `(555) 20${i}-00${10 + i}` };
  };
  let lastCsv = '';
  const sqlOps = t.database.query.bind(t.database);
  for (let step = 0; step < steps; step += 1) {
    const op = r.int(11);
    const label = `seed ${seed}, step ${step}, op ${op}`;
    if (op <= 1) {
      const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type'];
      for (let i = 1 + r.int(12); i > 0; i -= 1) {
        const p = person();
        lines.push(`${p.name},${p.email ?? ''},${p.phone},${r.pick(dates)},${r.int(300)}.${r.pick(['00', '50', '99'])},${r.next() < 0.8 ? 'Completed' : 'Cancelled'},${r.pick(['Regular', 'Deep'])}`);
      }
      lastCsv = `${lines.join('\n')}\n`;
      expect((await upload(biz.cookie, 'month.csv', lastCsv)).statusCode, label).toBe(200);
    } else if (op === 2 && lastCsv) {
      expect((await upload(biz.cookie, 'again.csv', lastCsv)).statusCode, label).toBe(200);
    } else if (op === 3) {
      const p = person();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/webhook/${biz.webhookToken}`,
        payload: { client_name: p.name, client_email: p.email ?? `w${r.int(3)}@example.com`, appointment_date: r.pick(dates), status: 'Completed', amount_charged: String(r.int(200)) },
      });
      expect(res.statusCode, label).toBe(200);
    } else if (op === 4) {
      const p = person();
      const res = await signedIn(t.app, biz.cookie).post('/api/clients', { name: p.name, email: p.email ?? `a${r.int(3)}@example.com`, serviceDate: r.pick(dates), amount: r.int(500) / 4 });
      expect(res.statusCode, label).toBe(201);
    } else if (op === 5) {
      await sqlOps(`delete from clients where id = (select id from clients where business_id = $1 order by random() limit 1)`, [biz.id]);
    } else if (op === 6) {
      await sqlOps(`delete from bookings where id = (select id from bookings where business_id = $1 order by random() limit 1)`, [biz.id]);
    } else if (op === 7) {
      await sqlOps(
        `update clients set is_referred_client = not is_referred_client where id in (select id from clients where business_id = $1 order by random() limit 2)`,
        [biz.id],
      );
    } else if (op === 8) {
      await sqlOps(`insert into referrals (business_id, referrer_code, referee_name, converted) values ($1, 'X-1', 'Friend', $2)`, [biz.id, r.next() < 0.5]);
      // a pending claim for one of the people: the next booking for them converts it (docs/referrals.md)
      const p = person();
      await sqlOps(`insert into referrals (business_id, referrer_code, referee_name, referee_email, referee_phone) values ($1, 'X-2', $2, $3, $4)`, [
        biz.id,
        p.name,
        p.email?.toUpperCase() ?? null,
        `+1555${p.phone.replace(/\D/g, '').slice(3)}`,
      ]);
      await sqlOps(`update referrals set converted = true where id = (select id from referrals where business_id = $1 order by random() limit 1)`, [biz.id]);
      if (r.next() < 0.3) await sqlOps(`delete from referrals where id = (select id from referrals where business_id = $1 order by random() limit 1)`, [biz.id]);
    } else if (op === 9) {
      await sqlOps(`update bookings set status = case when status = 'completed' then 'cancelled' else 'completed' end, amount_charged = amount_charged + 1
        where id = (select id from bookings where business_id = $1 order by random() limit 1)`, [biz.id]);
    } else {
      await t.database.db.transaction((tx) => recomputeClientStats(tx, biz.id));
    }
    if (step % 6 === 5) await expectExact(biz, label);
  }
  if (!last) return;
  // at least one conversion by an import, whatever the sequence did
  await sqlOps(`insert into referrals (business_id, referrer_code, referee_name, referee_email) values ($1, 'X-3', 'Zed New', 'zed@example.com')`, [biz.id]);
  const zed = `Client Name,Client Email,Service Date,Amount Charged,Appointment Status\nZed New,zed@example.com,${today},42.50,Completed\n`;
  expect((await upload(biz.cookie, 'zed.csv', zed)).statusCode).toBe(200);
  expect(await sqlOps(`select count(*)::int as n from referrals where business_id = $1 and referrer_code = 'X-3' and converted_client_id is not null`, [biz.id])).toEqual([{ n: 1 }]);
  await expectExact(biz, `seed ${seed}, end`);
}

describe('the read model', () => {
  // Each business's 36 writes are two sequences of 18, a test each, the second going on from the state the first
  // left (docs/decisions/0021-fast-test-runs.md: the 72 writes in one test took 4.7 s alone).
  const seed = Date.now() % 100000;
  const sides: [string, string][] = [['east', 'Pacific/Kiritimati'], ['west', 'Pacific/Pago_Pago']];
  const businesses = new Map<string, TestBusiness>();
  sides.forEach(([side, timeZone], s) => {
    for (const part of [0, 1]) {
      it(`stays exact through random imports, webhooks, Add Client, deletes and recomputes, on both sides of UTC (${side}, ${part + 1} of 2)`, async () => {
        if (!businesses.has(side)) businesses.set(side, await createBusiness(t.database, { timeZone }));
        await randomSequence(businesses.get(side)!, timeZone, seed + s + 2 * part, 18, part === 1);
      });
    }
  });

  it('is zero for a new business and gone with a deleted business', async () => {
    const b = await createBusiness(t.database);
    expect(await keptFigures(t.database.db, b.id)).toEqual(await recomputedFigures(t.database.db, b.id));
    await signedIn(t.app, b.cookie).post('/api/clients', { name: 'Al', email: 'al@example.com', serviceDate: '2024-01-01', amount: 5 });
    await t.database.query('delete from businesses where id = $1', [b.id]);
    const left = await t.database.query<any>(
      `select (select count(*) from business_figures where business_id = $1)::int + (select count(*) from business_daily_figures where business_id = $1)::int as n`,
      [b.id],
    );
    expect(left[0].n).toBe(0);
  });

  it('pages deep into the loyalty order exactly, through random rescoring, inserts and deletes', async () => {
    const b = await createBusiness(t.database);
    const r = seededRandom(Date.now() % 100000);
    const insert = (n: number) =>
      t.database.query(
        `insert into clients (business_id, name, email, referral_code, loyalty_score, total_bookings)
         select $1::int, 'Deep ' || i, 'deep' || i || '-' || $2::int || '@example.com', 'DEEP-' || $1::int || '-' || $2::int || '-' || i,
           (floor(random() * 12) / 2)::numeric(3, 1), floor(random() * 4)::int
         from generate_series(1, $3::int) i`,
        [b.id, r.int(1_000_000), n],
      );
    await insert(1800);
    const pageIds = async (page: number, pageSize: number) =>
      (await get(`/api/clients?page=${page}&pageSize=${pageSize}&sort=loyaltyScore`, b.cookie)).clients.map((c: { id: number }) => c.id);
    const expectPages = async (label: string) => {
      expect(await keptFigures(t.database.db, b.id), label).toEqual(await recomputedFigures(t.database.db, b.id));
      const all = (await t.database.query<{ id: number }>(
        'select id from clients where business_id = $1 order by loyalty_score desc, total_bookings desc, id',
        [b.id],
      )).map((row) => row.id);
      for (const [page, pageSize] of [[21, 25], [40, 25], [72, 25], [73, 25], [5, 100], [18, 100], [19, 100], [1001, 1]]) {
        expect(await pageIds(page, pageSize), `${label}: page ${page} of ${pageSize}`).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
      }
    };
    await expectPages('inserted');
    for (let step = 0; step < 6; step += 1) {
      const op = r.int(3);
      if (op === 0) {
        await t.database.query(
          `update clients set loyalty_score = (floor(random() * 12) / 2)::numeric(3, 1) where id in (select id from clients where business_id = $1 order by random() limit 300)`,
          [b.id],
        );
      } else if (op === 1) {
        await t.database.query('delete from clients where id in (select id from clients where business_id = $1 order by random() limit 150)', [b.id]);
      } else {
        await insert(200);
      }
      await expectPages(`step ${step}, op ${op}`);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOverdue, isOverdueSql, LOYALTY_BAND_RANGES, loyaltyBand } from '../../../shared/loyalty';
import { DERIVED_TABLES, driftOf } from '../../db/derived-tables';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { keptFigures, recomputedFigures } from './read-model';

// The loyalty rules SQL computes too are defined once (src/shared/loyalty.ts), their SQL generated from the same
// numbers: the bands (the read model's recomputation and nightly check; the trigger in db/sql/clients.sql writes
// the same conditions in its own text) and "overdue against their rhythm" (the score, Insights). One table of
// cases each is put through the TypeScript and the SQL.

const SCORES = [0, 0.1, 3.8, 3.9, 4, 4.1, 6.9, 7, 7.1, 9.9, 10];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the loyalty bands', () => {
  it('are the same in TypeScript, in the kept figures (the trigger), the recomputation and the nightly check', async () => {
    const biz = await createBusiness(t.database);
    await t.database.query(
      `insert into clients (business_id, name, referral_code, total_bookings, loyalty_score)
       select $1::int, 'Client ' || i, 'BAND' || $1::int || 'X' || i, 1, s from unnest($2::numeric[]) with ordinality as x(s, i)`,
      [biz.id, SCORES],
    );
    const expected = { high: 0, medium: 0, low: 0 };
    for (const s of SCORES) expected[loyaltyBand(s)] += 1;
    expect(expected).toEqual({ high: 4, medium: 3, low: 4 });

    const kept = await keptFigures(t.database.db, biz.id);
    expect({ high: kept.business.loyalty_high, medium: kept.business.loyalty_medium, low: kept.business.loyalty_low }).toEqual(expected);
    expect(await recomputedFigures(t.database.db, biz.id)).toEqual(kept);
    for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), d.table).toBe(0);

    // and the scores move band when they change: each one moved to the next case up
    await t.database.query(
      `update clients c set loyalty_score = x.s from unnest($2::int[], $3::numeric[]) as x(i, s)
       where c.business_id = $1 and c.referral_code = 'BAND' || $1::int || 'X' || x.i`,
      [biz.id, SCORES.map((_, i) => i + 1), SCORES.map((_, i) => SCORES[Math.min(i + 1, SCORES.length - 1)])],
    );
    const moved = { high: 0, medium: 0, low: 0 };
    for (const [i] of SCORES.entries()) moved[loyaltyBand(SCORES[Math.min(i + 1, SCORES.length - 1)])] += 1;
    const after = await keptFigures(t.database.db, biz.id);
    expect({ high: after.business.loyalty_high, medium: after.business.loyalty_medium, low: after.business.loyalty_low }).toEqual(moved);
    for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), d.table).toBe(0);
  });

  it('are shown as the ranges their thresholds give', () => {
    expect(LOYALTY_BAND_RANGES).toEqual({ high: '7.0 – 10', medium: '4.0 – 6.9', low: '0 – 3.9' });
  });
});

describe('overdue against their rhythm', () => {
  it('is the same in TypeScript and in SQL, at the edges of the allowance', async () => {
    const cases: [number, number][] = [];
    for (const gap of [1, 7, 14, 27, 28, 29, 30, 45, 90, 365]) {
      for (const since of [0, gap, gap + 13, gap + 14, gap + 15, Math.floor(gap * 1.5), Math.ceil(gap * 1.5), Math.ceil(gap * 1.5) + 1, 1000]) cases.push([since, gap]);
    }
    const rows = await t.database.query<{ overdue: boolean }>(
      `select ${isOverdueSql('x.since', 'x.gap')} as overdue from unnest($1::int[], $2::int[]) with ordinality as x(since, gap, i) order by x.i`,
      [cases.map(([since]) => since), cases.map(([, gap]) => gap)],
    );
    expect(rows.map((r) => r.overdue)).toEqual(cases.map(([since, gap]) => isOverdue(since, gap)));
    expect(new Set(rows.map((r) => r.overdue))).toEqual(new Set([true, false]));
  });
});

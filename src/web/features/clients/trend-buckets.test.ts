import { describe, expect, it } from 'vitest';
import { bucketTrends, labelIndexes, overlappingLabels, trendTickLabel, trendTooltipLabel, trendUnitFor, yTicks } from './trend-buckets';

function days(from: string, n: number, count = (i: number) => i % 3) {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), count: count(i) }));
}

describe('booking trend buckets', () => {
  it('picks days up to 30 days, weeks up to 180 days, months beyond', () => {
    expect([7, 30, 90, 180, 365].map(trendUnitFor)).toEqual(['day', 'day', 'week', 'week', 'month']);
  });

  it('keeps daily points for short ranges', () => {
    const pts = days('2026-11-01', 7);
    expect(bucketTrends(pts, 7).map((b) => [b.date, b.count])).toEqual(pts.map((p) => [p.date, p.count]));
  });

  it('sums 365 days into 13 months named by their first day in range, keeping the total', () => {
    const pts = days('2025-11-24', 365);
    const buckets = bucketTrends(pts, 365);
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ date: '2025-11-24', end: '2025-11-30', unit: 'month' });
    expect(buckets[1]).toMatchObject({ date: '2025-12-01', end: '2025-12-31' });
    expect(buckets[12]).toMatchObject({ date: '2026-11-01', end: '2026-11-23' });
    expect(buckets.reduce((s, b) => s + b.count, 0)).toBe(pts.reduce((s, p) => s + p.count, 0));
  });

  it('weeks run Monday to Sunday', () => {
    const buckets = bucketTrends(days('2026-08-26', 90, () => 1), 90); // a Wednesday
    expect(buckets[0]).toMatchObject({ date: '2026-08-26', end: '2026-08-30', count: 5 });
    expect(buckets[1]).toMatchObject({ date: '2026-08-31', end: '2026-09-06', count: 7 });
  });

  it('labels long ranges with the year', () => {
    expect(trendTickLabel({ date: '2025-12-01', unit: 'month' })).toBe("Dec '25");
    expect(trendTickLabel({ date: '2026-08-31', unit: 'week' })).toBe("Aug 31 '26");
    expect(trendTickLabel({ date: '2026-11-03', unit: 'day' })).toBe('Nov 3');
    expect(trendTooltipLabel({ date: '2025-12-01', end: '2025-12-31', unit: 'month' })).toBe('December 2025');
    expect(trendTooltipLabel({ date: '2025-11-24', end: '2025-11-30', unit: 'month' })).toBe('Nov 24, 2025 – Nov 30, 2025');
    expect(trendTooltipLabel({ date: '2026-08-31', end: '2026-09-06', unit: 'week' })).toBe('Week of Aug 31, 2026');
    expect(trendTooltipLabel({ date: '2026-11-03', end: '2026-11-03', unit: 'day' })).toBe('Nov 3, 2026');
  });
});

describe('the plot axes', () => {
  it('counts in whole steps of 1, 2 or 5 times a power of ten, from 0 to at least the highest count', () => {
    expect(yTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks(1)).toEqual([0, 1]);
    expect(yTicks(3)).toEqual([0, 1, 2, 3]);
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(yTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('labels at most seven points, the first and the last among them', () => {
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(30)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(labelIndexes(0)).toEqual([]);
  });
});

describe('overlapping x labels', () => {
  const box = (left: number, width = 60) => ({ left, right: left + width });
  it('keeps labels that clear each other by the gap, hides the ones that would touch', () => {
    expect([...overlappingLabels([box(0), box(70), box(100), box(140), box(210)])]).toEqual([2]);
  });
  it('always keeps the last label, hiding the kept ones it would overlap', () => {
    expect([...overlappingLabels([box(0), box(70), box(140), box(150)])].sort()).toEqual([2]);
    expect([...overlappingLabels([box(0), box(100), box(120)])].sort()).toEqual([1]);
  });
  it('hides nothing when everything fits, and copes with missing boxes', () => {
    expect(overlappingLabels([box(0), box(100), null, box(200)]).size).toBe(0);
    expect(overlappingLabels([]).size).toBe(0);
  });
});

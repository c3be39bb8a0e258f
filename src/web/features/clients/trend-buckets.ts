// Booking trends: the API answers one point per day; long ranges are drawn per week or per month so the
// line shows the trend instead of daily spikes, and their labels carry the year (docs/clients-api.md).

export type TrendUnit = 'day' | 'week' | 'month';
export type TrendBucket = { date: string; end: string; count: number; unit: TrendUnit };

/** 7 and 30 days per day; 90 and 180 days per week (Monday to Sunday); 365 days per month. */
export const trendUnitFor = (days: number): TrendUnit => (days <= 31 ? 'day' : days <= 180 ? 'week' : 'month');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FULL_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];

function bucketKey(iso: string, unit: TrendUnit): string {
  if (unit === 'day') return iso;
  if (unit === 'month') return iso.slice(0, 7);
  const [y, m, d] = parts(iso);
  const date = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** Sums daily points (oldest first) into buckets; a bucket is named by its first day in the range. */
export function bucketTrends(points: { date: string; count: number }[], days: number): TrendBucket[] {
  const unit = trendUnitFor(days);
  const out: TrendBucket[] = [];
  let key: string | null = null;
  for (const p of points) {
    const k = bucketKey(p.date, unit);
    if (k !== key) {
      out.push({ date: p.date, end: p.date, count: 0, unit });
      key = k;
    }
    const last = out[out.length - 1];
    last.count += p.count;
    last.end = p.date;
  }
  return out;
}

const dayLabel = (iso: string, withYear: boolean) => {
  const [y, m, d] = parts(iso);
  return withYear ? `${MONTHS[m - 1]} ${d}, ${y}` : `${MONTHS[m - 1]} ${d}`;
};

/** The axis label: 'Nov 3' per day, "Nov 3 '26" per week, "Nov '26" per month (the year on long ranges). */
export function trendTickLabel(b: Pick<TrendBucket, 'date' | 'unit'>): string {
  const [y, m] = parts(b.date);
  const yy = `'${String(y).slice(2)}`;
  if (b.unit === 'month') return `${MONTHS[m - 1]} ${yy}`;
  if (b.unit === 'week') return `${dayLabel(b.date, false)} ${yy}`;
  return dayLabel(b.date, false);
}

/** The tooltip title: 'Nov 3, 2026', 'Week of Nov 3, 2026' (or the days it covers) or 'November 2026'. */
export function trendTooltipLabel(b: Pick<TrendBucket, 'date' | 'end' | 'unit'>): string {
  const [y, m] = parts(b.date);
  if (b.unit === 'day') return dayLabel(b.date, true);
  if (b.unit === 'month') {
    const whole = b.date.endsWith('-01') && bucketKey(b.end, 'month') === bucketKey(b.date, 'month');
    return whole ? `${FULL_MONTHS[m - 1]} ${y}` : `${dayLabel(b.date, true)} – ${dayLabel(b.end, true)}`;
  }
  return `Week of ${dayLabel(b.date, true)}`;
}

// The hand-drawn plot's axes (booking-trends-plot.tsx).
const Y_INTERVALS = 4;
const X_LABELS = 7;

/** Whole-number axis ticks from 0: steps of 1, 2 or 5 times a power of ten, about four of them. */
export function yTicks(max: number): number[] {
  if (max <= 0) return [0, 1, 2, 3, 4];
  const raw = max / Y_INTERVALS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/** Up to `count` indexes spread evenly from the first point to the last. */
export function labelIndexes(length: number, count = X_LABELS): number[] {
  if (length <= count) return Array.from({ length }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round((i * (length - 1)) / (count - 1)));
}

/** The least room between two x-axis labels, in CSS pixels. */
export const LABEL_GAP = 8;

/**
 * Which labels to hide so that none overlaps another: boxes (left, right in pixels, in axis order) are kept
 * from the left while they clear the last kept one by LABEL_GAP; the last label (today's end of the range)
 * is always kept, at the cost of the kept labels it would overlap.
 */
export function overlappingLabels(boxes: ({ left: number; right: number } | null)[], gap = LABEL_GAP): Set<number> {
  const hidden = new Set<number>();
  const kept: number[] = [];
  boxes.forEach((box, i) => {
    if (!box) return;
    const last = kept.length ? boxes[kept[kept.length - 1]]! : null;
    if (last && box.left < last.right + gap) hidden.add(i);
    else kept.push(i);
  });
  const lastIndex = boxes.length - 1;
  const end = boxes[lastIndex];
  if (end && hidden.has(lastIndex)) {
    hidden.delete(lastIndex);
    while (kept.length && boxes[kept[kept.length - 1]]!.right + gap > end.left) hidden.add(kept.pop()!);
  }
  return hidden;
}

// Small charts drawn by hand in SVG (decision 0006: no Recharts), in the manner of clients/booking-trends-plot.tsx.

const BRAND = '#667eea';

/** A ring showing a percentage (0-100). */
export function PercentRing({ value, label, color = BRAND }: { value: number; label: string; color?: string }) {
  const r = 15.9155; // circumference 100
  const shown = Math.max(0, Math.min(100, value));
  return (
    <svg viewBox="0 0 36 36" className="size-16 shrink-0" role="img" aria-label={label}>
      <circle cx="18" cy="18" r={r} fill="none" stroke="#e2e8f0" strokeWidth="4" />
      <circle
        cx="18"
        cy="18"
        r={r}
        fill="none"
        stroke={color}
        strokeWidth="4"
        strokeDasharray={`${shown} ${100 - shown}`}
        strokeDashoffset="25"
        strokeLinecap={shown > 0 && shown < 100 ? 'round' : 'butt'}
      />
    </svg>
  );
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLabel = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** Completed bookings per month, one bar each, with the count above the bar on hover and in the table for screen readers. */
export function MonthlyBars({ data }: { data: { month: string; bookings: number }[] }) {
  const top = Math.max(1, ...data.map((d) => d.bookings));
  const w = 100 / Math.max(1, data.length);
  return (
    <figure className="w-full">
      <div className="relative h-40 w-full">
        <svg className="absolute inset-0 h-full w-full" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <line x1="0" x2="100" y1="100" y2="100" stroke="#e2e8f0" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {data.map((d, i) => {
            const h = (d.bookings / top) * 96;
            return (
              <rect key={d.month} x={i * w + w * 0.18} width={w * 0.64} y={100 - h} height={h} rx="0.8" fill={i === data.length - 1 ? BRAND : '#c7d2fe'}>
                <title>{`${monthLabel(d.month)} ${d.month.slice(0, 4)}: ${d.bookings}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="mt-1.5 flex text-[11px] text-slate-500 tabular">
        {data.map((d, i) => (
          <span key={d.month} className={`flex-1 text-center ${i % 2 === 1 && i !== data.length - 1 ? 'max-sm:invisible' : ''}`}>
            {monthLabel(d.month)}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>Completed bookings per month</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.month}>
              <th scope="row">{d.month}</th>
              <td>{d.bookings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Two periods side by side as horizontal bars (this week against last week). */
export function CompareBars({ rows }: { rows: { label: string; value: number; current?: boolean }[] }) {
  const top = Math.max(1, ...rows.map((r) => r.value));
  return (
    <div className="space-y-2">
      {rows.map((r) => (
        <div key={r.label} className="grid grid-cols-[6.5rem_1fr_2.5rem] items-center gap-2 text-sm">
          <span className="text-slate-600">{r.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
            <rect x="0" y="0" width="100" height="10" rx="2" fill="#f1f5f9" />
            <rect x="0" y="0" width={(r.value / top) * 100} height="10" rx="2" fill={r.current ? BRAND : '#c7d2fe'} />
          </svg>
          <span className="text-right font-medium text-slate-900 tabular">{r.value}</span>
        </div>
      ))}
    </div>
  );
}

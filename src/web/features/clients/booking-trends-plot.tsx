import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { labelIndexes, overlappingLabels, type TrendBucket, trendTickLabel, trendTooltipLabel, yTicks } from './trend-buckets';

// The line, drawn by hand: one SVG path and a few labels. Recharts (about 100 KB gzipped, and hundreds of
// milliseconds of rendering on a phone) was most of the dashboard's code for this one line. Still loaded on
// its own, once the chart is on (or near) the screen.

export function BookingTrendsPlot({ data }: { data: TrendBucket[] }) {
  const [active, setActive] = useState<number | null>(null);
  const ticks = yTicks(Math.max(0, ...data.map((b) => b.count)));
  const top = ticks[ticks.length - 1];
  // Positions in percent of the plot area.
  const x = (i: number) => (data.length <= 1 ? 50 : (i / (data.length - 1)) * 100);
  const y = (count: number) => 100 - (count / top) * 100;
  const path = data.map((b, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(2)},${y(b.count).toFixed(2)}`).join('');
  const labels = labelIndexes(data.length);
  // The x labels are measured as drawn, at every width: any that would touch its neighbour is hidden.
  const area = useRef<HTMLDivElement>(null);
  const labelRefs = useRef<(HTMLSpanElement | null)[]>([]);
  const [hidden, setHidden] = useState<Set<number>>(() => new Set());
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const fit = () => {
      const boxes = labelRefs.current.slice(0, labels.length).map((label) => (label ? label.getBoundingClientRect() : null));
      const next = overlappingLabels(boxes);
      setHidden((prev) => (prev.size === next.size && [...next].every((i) => prev.has(i)) ? prev : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [data, labels.length]);

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    if (data.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const share = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    setActive(Math.min(data.length - 1, Math.max(0, Math.round(share * (data.length - 1)))));
  };
  const shown = active === null ? null : data[active];

  return (
    <div className="relative h-full w-full select-none text-xs text-slate-500 tabular">
      {/* The plot area, inside room for the axis labels. */}
      <div ref={area} className="absolute bottom-6 left-8 right-2 top-2" onPointerMove={pick} onPointerDown={pick} onPointerLeave={() => setActive(null)}>
        {ticks.map((t) => (
          <div key={t} className="absolute inset-x-0" style={{ top: `${y(t)}%` }}>
            <div className={t === 0 ? 'border-t border-slate-200' : 'border-t border-dashed border-slate-200'} />
            <span className="absolute -left-8 w-6 -translate-y-1/2 text-right">{t}</span>
          </div>
        ))}
        <svg className="absolute inset-0 h-full w-full overflow-visible" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <path d={path} fill="none" stroke="#667eea" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
        </svg>
        {data.length === 1 && <span className="absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-500" style={{ left: '50%', top: `${y(data[0].count)}%` }} />}
        {labels.map((i, n) => (
          <span
            key={data[i].date}
            ref={(el) => {
              labelRefs.current[n] = el;
            }}
            data-testid="trend-x-label"
            aria-hidden={hidden.has(n) || undefined}
            className={`absolute top-full mt-1.5 whitespace-nowrap ${hidden.has(n) ? 'invisible' : ''}`}
            style={{ left: `${x(i)}%`, transform: `translateX(${i === 0 && data.length > 1 ? '0' : i === data.length - 1 && data.length > 1 ? '-100%' : '-50%'})` }}
          >
            {trendTickLabel(data[i])}
          </span>
        ))}
        {shown && active !== null && (
          <>
            <div className="pointer-events-none absolute inset-y-0 border-l border-slate-300" style={{ left: `${x(active)}%` }} />
            <span
              className="pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-500 shadow"
              style={{ left: `${x(active)}%`, top: `${y(shown.count)}%` }}
            />
            <div
              className="pointer-events-none absolute top-0 z-10 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-slate-700 shadow-md"
              style={{ left: `${x(active)}%`, transform: `translateX(${x(active) > 60 ? 'calc(-100% - 8px)' : '8px'})` }}
            >
              <p className="whitespace-nowrap font-medium text-slate-900">{trendTooltipLabel(shown)}</p>
              <p className="whitespace-nowrap">Bookings: {shown.count}</p>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

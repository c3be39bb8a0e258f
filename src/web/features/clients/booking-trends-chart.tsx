import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { BOOKING_TREND_PERIODS, DEFAULT_BOOKING_TREND_DAYS } from '../../../shared/constants';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { bucketTrends, trendUnitFor } from './trend-buckets';
import { useBookingTrends } from './use-client-data';
import { useInView } from './use-in-view';
import { plural } from '../../../shared/format';

// Recharts loads on its own, after the numbers, and only once the chart is on (or near) the screen.
const BookingTrendsPlot = lazy(async () => ({ default: (await import('./booking-trends-plot')).BookingTrendsPlot }));

export function BookingTrendsChart({ className }: { className?: string }) {
  const [days, setDays] = useState<number>(DEFAULT_BOOKING_TREND_DAYS);
  const { data, isPending, isError } = useBookingTrends(days);
  const selectId = useId();
  const [plotRef, inView] = useInView();
  const total = data?.reduce((sum, p) => sum + p.count, 0) ?? 0;
  // Long ranges per week or month, labelled with the year (trend-buckets.ts).
  const buckets = useMemo(() => (data ? bucketTrends(data, days) : []), [data, days]);
  const unit = trendUnitFor(days);

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Bookings Over Time</CardTitle>
          {data && !isError && (
            <p className="mt-1 text-sm text-slate-500 tabular">
              {plural(total, 'completed booking')}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={selectId} className="text-slate-500">
            Period
          </Label>
          <Select value={String(days)} onValueChange={(v) => setDays(Number(v))}>
            <SelectTrigger id={selectId} className="h-9 w-32">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BOOKING_TREND_PERIODS.map((p) => (
                <SelectItem key={p.days} value={String(p.days)}>
                  {p.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="flex h-64 items-center justify-center text-sm text-red-600">
            Failed to fetch booking trends
          </p>
        ) : isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <div ref={plotRef} className="h-64 w-full" role="img" aria-label={`Bookings per ${unit} over the last ${days} days`}>
            {inView ? (
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <BookingTrendsPlot data={buckets} />
              </Suspense>
            ) : (
              <div className="h-64 w-full rounded-md bg-slate-50" />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { useId, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BOOKING_TREND_PERIODS, DEFAULT_BOOKING_TREND_DAYS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { useBookingTrends } from './use-client-data';

const shortDate = (iso: string) => formatDate(iso).replace(/, \d{4}$/, '');

export function BookingTrendsChart({ className }: { className?: string }) {
  const [days, setDays] = useState<number>(DEFAULT_BOOKING_TREND_DAYS);
  const { data, isPending, isError } = useBookingTrends(days);
  const selectId = useId();
  const total = data?.reduce((sum, p) => sum + p.count, 0) ?? 0;

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Bookings Over Time</CardTitle>
          {data && !isError && (
            <p className="mt-1 text-sm text-slate-500 tabular">
              {total.toLocaleString('en-US')} completed bookings
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
          <div className="h-64 w-full" role="img" aria-label={`Bookings per day over the last ${days} days`}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
                <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} axisLine={false} minTickGap={24} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} axisLine={false} />
                <Tooltip labelFormatter={(l) => formatDate(String(l))} formatter={(v) => [v, 'Bookings']} />
                <Line type="monotone" dataKey="count" stroke="#667eea" strokeWidth={2} dot={false} activeDot={{ r: 4 }} animationDuration={400} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

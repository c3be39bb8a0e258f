import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type TrendBucket, trendTickLabel, trendTooltipLabel } from './trend-buckets';

/** The line itself: Recharts is most of the dashboard's code, so this file is loaded after the numbers. */
export function BookingTrendsPlot({ data }: { data: TrendBucket[] }) {
  const byDate = new Map(data.map((b) => [b.date, b]));
  const tick = (date: string) => (byDate.has(date) ? trendTickLabel(byDate.get(date)!) : date);
  const title = (date: string) => (byDate.has(date) ? trendTooltipLabel(byDate.get(date)!) : date);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={tick} tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#64748b' }} tickLine={false} axisLine={false} />
        <Tooltip labelFormatter={(l) => title(String(l))} formatter={(v) => [v, 'Bookings']} />
        <Line type="monotone" dataKey="count" stroke="#667eea" strokeWidth={2} dot={false} activeDot={{ r: 4 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

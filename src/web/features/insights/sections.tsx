import { CalendarClock, DollarSign, Gauge, MessageSquare, Repeat, TrendingDown, TrendingUp, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Insights, OverdueClient } from '../../../shared/schemas/insights';
import { formatCurrency, formatPercent } from '../../../shared/format';
import { StatCard } from '../../components/stat-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CompareBars, MonthlyBars, PercentRing } from './charts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-500">{description}</p>
      </div>
      {children}
    </section>
  );
}

export function LoyaltySection({ data, onFollowUp }: { data: Insights; onFollowUp: (client: OverdueClient) => void }) {
  return (
    <Section id="insights-loyalty" title="Loyalty & Retention" description="How often clients come back, and loyal clients who are overdue against their own rhythm.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex items-center gap-4 p-5">
          <PercentRing value={data.repeatBookingRate} label={`Repeat booking rate ${formatPercent(data.repeatBookingRate)}`} />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-500">Repeat Booking Rate</p>
            <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular">{formatPercent(data.repeatBookingRate)}</p>
            <p className="text-xs text-slate-500">of clients booked more than once</p>
          </div>
        </Card>
        <StatCard
          title="Avg. Time Between Bookings"
          value={data.avgTimeBetweenBookings > 0 ? days(Math.round(data.avgTimeBetweenBookings)) : 'N/A'}
          hint={data.avgTimeBetweenBookings > 0 ? `${data.avgTimeBetweenBookings.toFixed(1)} days on average for repeat clients` : 'Needs clients with two or more bookings'}
          icon={Repeat}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="text-base">
            Inactive but Loyal Clients
          </CardTitle>
          <CardDescription>Three or more bookings, and now well past their usual gap. Most overdue first.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.inactiveButLoyalClients.length === 0 ? (
            <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">No loyal client is overdue against their usual rhythm.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Inactive but loyal clients">
              {data.inactiveButLoyalClients.map((c) => (
                <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="truncate">{c.name}</span>
                      <Badge variant="warning">{days(c.overdueByDays)} overdue</Badge>
                    </p>
                    <p className="text-sm text-slate-500 tabular">
                      Last booked {days(c.daysSinceLastBooking)} ago · usually every {days(c.avgTimeBetweenBookings)}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    className="self-start sm:self-auto"
                    disabled={!c.hasPhone}
                    title={c.hasPhone ? undefined : 'No phone number on file'}
                    aria-label={`Send follow-up to ${c.name}`}
                    onClick={() => onFollowUp(c)}
                  >
                    <MessageSquare /> {c.hasPhone ? 'Send Follow-up' : 'No phone'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </Section>
  );
}

export function ValueSection({ data }: { data: Insights }) {
  const top = Math.max(1, ...data.topClientsByLTV.map((c) => c.totalRevenue));
  return (
    <Section id="insights-value" title="Client Value" description="What a booking is worth, and who has spent the most with you.">
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard title="Avg. Booking Value" value={formatCurrency(data.avgBookingValue)} hint="per completed booking" icon={DollarSign} tone="green" />
        <StatCard title="Total Bookings" value={data.totalBookings.toLocaleString('en-US')} hint="completed, all time" icon={CalendarClock} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="text-base">
            Top Clients by Lifetime Value
          </CardTitle>
          <CardDescription>Total of their completed bookings.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3" aria-label="Top clients by lifetime value">
            {data.topClientsByLTV.map((c, i) => (
              <li key={c.id} className="grid grid-cols-[1.5rem_1fr_auto] items-center gap-x-3 gap-y-1">
                <span className="text-sm font-medium text-slate-400 tabular">{i + 1}</span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{c.name}</p>
                  <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1 h-1.5 w-full" aria-hidden="true">
                    <rect x="0" y="0" width="100" height="6" rx="3" fill="#f1f5f9" />
                    <rect x="0" y="0" width={(c.totalRevenue / top) * 100} height="6" rx="3" fill="#667eea" />
                  </svg>
                </div>
                <div className="text-right">
                  <p className="text-sm font-semibold text-slate-900 tabular">{formatCurrency(c.totalRevenue)}</p>
                  <p className="text-xs text-slate-500 tabular">
                    {c.totalBookings} {c.totalBookings === 1 ? 'booking' : 'bookings'}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </Section>
  );
}

function change(now: number, before: number): { text: string; up: boolean } | null {
  if (before === 0) return null;
  const pct = ((now - before) / before) * 100;
  return { text: `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`, up: pct >= 0 };
}

function Change({ now, before, against }: { now: number; before: number; against: string }) {
  const c = change(now, before);
  if (!c) return <span>No bookings {against}</span>;
  const Icon = c.up ? TrendingUp : TrendingDown;
  return (
    <span className={`inline-flex items-center gap-1 ${c.up ? 'text-green-700' : 'text-red-700'}`}>
      <Icon className="size-3.5" aria-hidden="true" /> {c.text} vs {against}
    </span>
  );
}

export function TrendsSection({ data }: { data: Insights }) {
  return (
    <Section id="insights-trends" title="Operational Trends" description="Completed bookings by week and month in your time zone (weeks start on Monday).">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Bookings This Week" value={data.bookingsThisWeek} hint={<Change now={data.bookingsThisWeek} before={data.bookingsLastWeek} against="last week" />} icon={Gauge} />
        <StatCard title="Bookings This Month" value={data.bookingsThisMonth} hint={<Change now={data.bookingsThisMonth} before={data.bookingsLastMonth} against="last month" />} icon={CalendarClock} />
        <StatCard
          title="Cancellation Rate"
          value={formatPercent(data.cancellationRate)}
          hint={`${data.cancelledBookings} cancelled or no-show`}
          icon={XCircle}
          tone={data.cancellationRate >= 10 ? 'amber' : 'slate'}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <Card className="p-5">
          <h3 className="mb-4 text-base font-semibold text-slate-900">This period vs the last</h3>
          <div className="space-y-5">
            <CompareBars
              rows={[
                { label: 'This week', value: data.bookingsThisWeek, current: true },
                { label: 'Last week', value: data.bookingsLastWeek },
              ]}
            />
            <CompareBars
              rows={[
                { label: 'This month', value: data.bookingsThisMonth, current: true },
                { label: 'Last month', value: data.bookingsLastMonth },
              ]}
            />
          </div>
        </Card>
        <Card className="p-5">
          <h3 className="mb-4 text-base font-semibold text-slate-900">Bookings per month</h3>
          <MonthlyBars data={data.monthlyBookings} />
        </Card>
      </div>
    </Section>
  );
}

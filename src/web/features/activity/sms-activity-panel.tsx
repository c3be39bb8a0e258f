import { ArrowDownLeft, ArrowUpRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { formatPhone, formatTimeAgo } from '../../../shared/format';
import { SMS_FEED_DAYS, SMS_FEED_FILTERS, type SmsFeed, type SmsMessage } from '../../../shared/schemas/sms-inbox';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/utils';
import { FEED_FILTER_LABELS, periodLabel, statusLabel, type FeedFilter } from './text';
import { ListState, PanelEmpty } from '../../components/list-state';

interface SmsActivityPanelProps {
  data: SmsFeed | undefined;
  loading: boolean;
  failed: boolean;
  filter: FeedFilter;
  days: number;
  onFilter: (filter: FeedFilter) => void;
  onDays: (days: number) => void;
}

/** Spec part 1 "Recent SMS Activity": the latest 10 texts of the period, in and out, with filters. */
export function SmsActivityPanel({ data, loading, failed, filter, days, onFilter, onDays }: SmsActivityPanelProps) {
  return (
    <Card className="flex flex-col" data-testid="sms-activity">
      <CardHeader className="gap-3 border-b border-slate-100 pb-4 sm:pb-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">Recent SMS Activity</CardTitle>
          <Select value={String(days)} onValueChange={(v) => onDays(Number(v))}>
            <SelectTrigger className="h-9 w-auto min-w-36" aria-label="Period">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SMS_FEED_DAYS.map((d) => (
                <SelectItem key={d} value={String(d)}>
                  {periodLabel(d)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div role="group" aria-label="Show" className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1">
          {SMS_FEED_FILTERS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant="ghost"
              aria-pressed={filter === f}
              onClick={() => onFilter(f)}
              className={cn('h-8 px-2', filter === f ? 'bg-white text-slate-900 shadow-sm hover:bg-white' : 'text-slate-600')}
            >
              {FEED_FILTER_LABELS[f]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <ListState
        loading={loading}
        failed={failed}
        errorText="Recent SMS activity could not be loaded. Please try Refresh."
        empty={!data?.items.length}
        emptyContent={
          <PanelEmpty
            icon={MessageSquare}
            title={`No ${filter === 'all' ? '' : `${FEED_FILTER_LABELS[filter].toLowerCase()} `}texts`}
            text={`Nothing in the ${periodLabel(days).toLowerCase()}.`}
          />
        }
        rows={4}
      >
        {() => (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Recent texts">
            {data!.items.map((m) => (
              <ActivityRow key={m.id} message={m} />
            ))}
          </ul>
          {data!.hasMore && (
            <p className="border-t border-slate-100 p-4 text-sm">
              <Link to="/outreach?tab=history" className="font-medium text-brand-700 hover:underline">
                View All Messages
              </Link>
            </p>
          )}
        </>
        )}
      </ListState>
    </Card>
  );
}

const STATUS_VARIANT = { Sent: 'secondary', Delivered: 'success', Failed: 'destructive', Unknown: 'outline', Unread: 'default', Read: 'secondary' } as const;

function ActivityRow({ message: m }: { message: SmsMessage }) {
  const inbound = m.direction === 'inbound';
  const who = m.client?.name ?? formatPhone(inbound ? m.fromNumber : m.toNumber);
  const status = statusLabel(m);
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="activity-row" data-direction={m.direction}>
      <span
        className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', inbound ? 'bg-green-100 text-green-700' : 'bg-brand-100 text-brand-700')}
        aria-hidden="true"
      >
        {inbound ? <ArrowDownLeft className="size-4" /> : <ArrowUpRight className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate text-sm font-medium text-slate-900">
            {inbound ? 'From' : 'To'} {who}
          </span>
          <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
        </div>
        <p className="mt-0.5 line-clamp-2 break-words text-sm text-slate-600">{m.messageBody}</p>
      </div>
      <time dateTime={m.timestamp} title={new Date(m.timestamp).toLocaleString('en-US')} className="shrink-0 text-xs text-slate-500">
        {formatTimeAgo(m.timestamp)}
      </time>
    </li>
  );
}

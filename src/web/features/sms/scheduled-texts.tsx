import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { AUTOMATED_KIND_LABELS } from '../../../shared/schemas/sms-automations';
import { formatPhone } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Pager } from './pager';
import type { ScheduledText } from './types';
import { useScheduledTexts } from './use-sms';

/** "Today, 3:05 PM" / "Tomorrow, 9:00 AM" / "Fri, Nov 27, 8:00 AM"; due already: "Any moment now". */
export function formatDue(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.getTime() <= now.getTime() + 60_000) return 'Any moment now';
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const day = (d: Date) => d.toDateString();
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (day(at) === day(now)) return `Today, ${time}`;
  if (day(at) === day(tomorrow)) return `Tomorrow, ${time}`;
  return `${at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}, ${time}`;
}

/** The automated texts still to go (thank-yous, review requests, referral follow-ups), above the history. Hidden when there are none. */
export function ScheduledTexts() {
  const [page, setPage] = useState(1);
  const { data } = useScheduledTexts(page);
  if (!data || (data.total === 0 && page === 1)) return null;
  return (
    <Card className="mb-4" data-testid="scheduled-texts">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarClock className="size-4 text-brand-600" aria-hidden="true" />
          Scheduled
          <Badge variant="secondary" className="tabular">
            {data.total}
          </Badge>
        </CardTitle>
        <CardDescription>Automated texts that will go out by themselves, in each recipient’s sending hours.</CardDescription>
      </CardHeader>
      <ul className="divide-y divide-slate-100">
        {data.texts.map((text) => (
          <ScheduledRow key={text.id} text={text} />
        ))}
      </ul>
      <Pager label="Scheduled texts pages" page={data.page} hasMore={data.hasMore} onPage={setPage} />
    </Card>
  );
}

function ScheduledRow({ text }: { text: ScheduledText }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-3" data-testid="scheduled-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant="outline">{AUTOMATED_KIND_LABELS[text.kind]}</Badge>
          <span className="truncate text-sm font-medium text-slate-900">To {text.recipientName}</span>
          {text.phone && <span className="text-xs text-slate-500 tabular">{formatPhone(text.phone)}</span>}
        </div>
        {text.reason && <p className="mt-1 text-xs text-amber-800">{text.reason}</p>}
      </div>
      <time dateTime={text.dueAt} title={new Date(text.dueAt).toLocaleString('en-US')} className="shrink-0 text-xs font-medium text-slate-700 tabular">
        {text.status === 'sending' ? 'Sending now' : formatDue(text.dueAt)}
      </time>
    </li>
  );
}

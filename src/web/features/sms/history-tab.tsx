import { ArrowDownLeft, ArrowUpRight, History } from 'lucide-react';
import { useState } from 'react';
import { formatPhone, formatTimeAgo } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Pager } from './pager';
import { ScheduledTexts } from './scheduled-texts';
import type { SmsMessage } from './types';
import { useMessageHistory } from './use-sms';

/** Every message, newest first, with its direction; paged by the server. */
export function HistoryTab() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useMessageHistory(page);

  if (isPending)
    return (
      <div className="space-y-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  if (isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        Message history could not be loaded. Please try refreshing the page.
      </p>
    );
  if (data.messages.length === 0 && page === 1)
    return (
      <>
        <ScheduledTexts />
        <EmptyState icon={History} title="No messages yet" text="Every text you send and every reply you receive is listed here." />
      </>
    );

  return (
    <>
      <ScheduledTexts />
      <Card>
        <ul className="divide-y divide-slate-100" data-testid="message-history">
          {data.messages.map((m) => (
            <HistoryRow key={m.id} message={m} />
          ))}
        </ul>
        <Pager label="Message history pages" page={data.page} hasMore={data.hasMore} onPage={setPage} />
      </Card>
    </>
  );
}

function HistoryRow({ message: m }: { message: SmsMessage }) {
  const inbound = m.direction === 'inbound';
  const other = inbound ? m.fromNumber : m.toNumber;
  return (
    <li className="flex items-start gap-3 p-4" data-testid="history-row" data-direction={m.direction}>
      <span
        className={
          inbound
            ? 'flex size-8 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700'
            : 'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700'
        }
        aria-hidden="true"
      >
        {inbound ? <ArrowDownLeft className="size-4" /> : <ArrowUpRight className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant={inbound ? 'success' : 'secondary'}>{inbound ? 'Received' : 'Sent'}</Badge>
          <span className="truncate text-sm font-medium text-slate-900">
            {inbound ? 'From' : 'To'} {m.client?.name ?? formatPhone(other)}
          </span>
          {m.client?.name && <span className="text-xs text-slate-500 tabular">{formatPhone(other)}</span>}
          {m.sentBy && <span className="text-xs text-slate-500">Sent by {m.sentBy}</span>}
          {m.error ? (
            <Badge variant="destructive" data-testid="delivery-error">
              {m.error.label}
            </Badge>
          ) : (
            (m.status === 'failed' || m.status === 'undelivered') && <Badge variant="destructive">Failed</Badge>
          )}
          {m.status === 'unknown' && (
            <Badge variant="warning" title="The SMS provider's answer was lost; it is being asked whether this text went out. It is not sent twice.">
              Checking if sent
            </Badge>
          )}
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{m.messageBody}</p>
        {m.error && <p className="mt-1 text-xs text-red-700">{m.error.advice}</p>}
      </div>
      <time dateTime={m.timestamp} title={new Date(m.timestamp).toLocaleString('en-US')} className="shrink-0 text-xs text-slate-500">
        {formatTimeAgo(m.timestamp)}
      </time>
    </li>
  );
}

import { Check } from 'lucide-react';
import { useState } from 'react';
import { formatPhone, formatTimeAgo, initials } from '../../../shared/format';
import type { ReplyItem as Reply } from '../../../shared/schemas/sms-inbox';
import { LeadReply } from '../../components/sms/lead-reply';
import { ReplyBox } from '../../components/sms/reply-box';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useMarkRead } from '../../lib/sms-actions';
import { truncate } from './text';

/** One unread reply: who (the client, else the lead), the text (60 characters, show more/less), when, a reply box and Mark as Read. */
export function ReplyItem({ reply: r }: { reply: Reply }) {
  const [expanded, setExpanded] = useState(false);
  const markRead = useMarkRead();
  const who = r.client ?? r.lead;
  const name = who?.name ?? formatPhone(r.fromNumber);
  const phone = formatPhone(who?.phone ?? r.fromNumber);
  const short = truncate(r.messageBody);

  return (
    <li className="space-y-3 p-4" data-testid="unread-reply">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700" aria-hidden="true">
          {who ? initials(who.name) : '#'}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <h3 className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
              <span className="truncate">{name}</span>
              {r.lead && <Badge variant="warning">Lead</Badge>}
            </h3>
            <time dateTime={r.receivedAt} title={new Date(r.receivedAt).toLocaleString('en-US')} className="shrink-0 text-xs text-slate-500">
              {formatTimeAgo(r.receivedAt)}
            </time>
          </div>
          {who && <p className="text-xs text-slate-500 tabular">{phone}</p>}
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700" data-testid="reply-text">
            {expanded || !short.truncated ? r.messageBody : short.text}
          </p>
          {short.truncated && (
            <button
              type="button"
              className="mt-0.5 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              aria-expanded={expanded}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded ? 'show less' : 'show more'}
            </button>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {r.clientId !== null ? (
          <ReplyBox clientId={r.clientId} clientName={name} className="min-w-0 flex-1" />
        ) : r.leadId !== null ? (
          <LeadReply leadId={r.leadId} name={name} className="flex min-w-0 flex-1 items-end gap-2" />
        ) : (
          <p className="flex-1 text-xs text-slate-500">This number is not one of your clients or leads, so it can't be answered from here.</p>
        )}
        <Button
            size="sm"
            variant="outline"
            className="h-10 self-end sm:self-start"
            // Stays disabled after success: the reply leaves the list when the refreshed list arrives.
            disabled={markRead.isPending || markRead.isSuccess}
            aria-label={`Mark Read, reply from ${name}`}
            onClick={() => markRead.mutate([r.messageId])}
          >
            <Check aria-hidden="true" />
            Mark Read
          </Button>
      </div>
    </li>
  );
}

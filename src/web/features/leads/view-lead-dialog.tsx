import { Mail, MessageSquare } from 'lucide-react';
import { formatDate, formatPhone, formatTimeAgo } from '../../../shared/format';
import type { Lead } from '../../../shared/schemas/leads';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { SourceBadge, statusLabel } from './lead-labels';
import { useCommunications } from './use-leads';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The lead's details and every message sent to it (GET /api/leads/{id}/communications). */
export function ViewLead({ lead, onSms, onEmail, onDone }: { lead: Lead; onSms: () => void; onEmail: () => void; onDone: () => void }) {
  const comms = useCommunications(lead.id);
  return (
    <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <DialogHeader>
        <DialogTitle>{lead.name}</DialogTitle>
        <DialogDescription>
          Added {formatDate(lead.createdAt)} · {statusLabel(lead.status)}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Detail label="Email">{lead.email ?? '—'}</Detail>
        <Detail label="Phone">{lead.phone ? formatPhone(lead.phone) : '—'}</Detail>
        <Detail label="Source">
          <SourceBadge source={lead.source} />
        </Detail>
        <Detail label="Referrer">{lead.referrerName ?? '—'}</Detail>
        {lead.notes && (
          <div className="sm:col-span-2">
            <Detail label="Notes">
              <span className="whitespace-pre-wrap">{lead.notes}</span>
            </Detail>
          </div>
        )}
      </dl>
      <section aria-labelledby={`lead-${lead.id}-comms`} className="space-y-2">
        <h3 id={`lead-${lead.id}-comms`} className="text-sm font-semibold text-slate-900">
          Communications
        </h3>
        {comms.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : comms.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Communications could not be loaded. Please try again.
          </p>
        ) : comms.data.length === 0 ? (
          <p className="text-sm text-slate-500">No messages with this lead yet.</p>
        ) : (
          <ul className="space-y-2" data-testid="lead-communications">
            {comms.data.map((c) => (
              <li key={`${c.direction}-${c.id}`} className={`rounded-lg border p-3 ${c.direction === 'inbound' ? 'border-blue-200 bg-blue-50' : 'border-slate-200'}`}>
                <p className="flex items-center justify-between gap-2 text-xs text-slate-500">
                  <span className="flex items-center gap-1.5 font-medium text-slate-700">
                    {c.type === 'email' ? <Mail className="size-3.5" aria-hidden="true" /> : <MessageSquare className="size-3.5" aria-hidden="true" />}
                    {c.type === 'email' ? 'Email' : 'SMS'} · {c.direction === 'inbound' ? `From ${lead.name}` : c.status === 'sent' ? 'Sent' : c.status}
                  </span>
                  <time dateTime={c.sentAt} title={formatDate(c.sentAt)}>
                    {formatTimeAgo(c.sentAt)}
                  </time>
                </p>
                {c.subject && <p className="mt-1 text-sm font-medium text-slate-900">{c.subject}</p>}
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{c.content}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DialogFooter className="gap-2">
        {lead.phone && (
          <Button variant="outline" onClick={onSms}>
            <MessageSquare />
            Send SMS
          </Button>
        )}
        {lead.email && (
          <Button variant="outline" onClick={onEmail}>
            <Mail />
            Send Email
          </Button>
        )}
        <Button onClick={onDone}>Close</Button>
      </DialogFooter>
    </DialogContent>
  );
}

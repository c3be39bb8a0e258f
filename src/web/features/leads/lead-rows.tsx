import { Eye, Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatPhone, formatTimeAgo } from '../../../shared/format';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../../shared/schemas/leads';
import { NO_CONSENT_LABEL } from '../../../shared/schemas/texting';
import { Button } from '../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, ActionsHead } from '../../components/ui/table';
import { SourceBadge, statusLabel } from './lead-labels';
import { useSetStatus } from './use-leads';
import { type ReferralOffer, ConvertReferralOffer } from './convert-referral-offer';

export type LeadAction = { kind: 'sms' | 'email' | 'view'; lead: Lead };

const STATUS_TONE: Record<string, string> = {
  new: 'text-brand-700',
  contacted: 'text-amber-800',
  converted: 'text-green-700',
  lost: 'text-slate-500',
};

function StatusSelect({ lead, className }: { lead: Lead; className?: string }) {
  const set = useSetStatus();
  const [offer, setOffer] = useState<ReferralOffer | null>(null);
  // Shows the status being set while the call runs; the list shows the server's once it answers.
  const value = set.isPending && set.variables?.id === lead.id ? set.variables.status : lead.status;
  const change = (status: string) =>
    // A referral lead set to Converted offers to convert its pending referral too (docs/leads.md, "Status").
    set.mutate({ id: lead.id, status: status as LeadStatus }, { onSuccess: (reply) => reply.pendingReferral && setOffer(reply.pendingReferral) });
  return (
    <>
    <ConvertReferralOffer offer={offer} onClose={() => setOffer(null)} />
    <Select value={value} onValueChange={change} disabled={set.isPending}>
      <SelectTrigger className={`h-8 w-32 text-sm font-medium ${STATUS_TONE[value] ?? ''} ${className ?? ''}`} aria-label={`Status of ${lead.name}`}>
        <SelectValue>{statusLabel(value)}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {LEAD_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {statusLabel(s)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
    </>
  );
}

/** "Did not agree to texts" under a phone the business may not text. */
function NoConsent({ lead }: { lead: Lead }) {
  if (!lead.phone || lead.agreedToTexts) return null;
  return (
    <p className="text-xs text-amber-800" data-testid="no-consent">
      {NO_CONSENT_LABEL}
    </p>
  );
}

/** Send SMS only with a phone, Send Email only with an e-mail; View always. */
function Actions({ lead, onAction, aligned }: { lead: Lead; onAction: (a: LeadAction) => void; aligned?: boolean }) {
  // In the table each action keeps its column, so rows without a phone or an e-mail line up.
  const gap = aligned ? <span className="size-9 shrink-0" aria-hidden="true" /> : null;
  return (
    <div className="flex items-center gap-1">
      {!lead.phone && gap}
      {lead.phone && (
        // Disabled, with the reason, when the lead did not agree to texts (docs/sms.md, "Consent to text").
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Send SMS to ${lead.name}`}
          title={lead.agreedToTexts ? 'Send SMS' : NO_CONSENT_LABEL}
          disabled={!lead.agreedToTexts}
          onClick={() => onAction({ kind: 'sms', lead })}
        >
          <MessageSquare />
        </Button>
      )}
      {!lead.email && gap}
      {lead.email && (
        <Button variant="ghost" size="icon" className="size-9" aria-label={`Send email to ${lead.name}`} title="Send email" onClick={() => onAction({ kind: 'email', lead })}>
          <Mail />
        </Button>
      )}
      <Button variant="ghost" size="icon" className="size-9" aria-label={`View ${lead.name}`} title="View" onClick={() => onAction({ kind: 'view', lead })}>
        <Eye />
      </Button>
    </div>
  );
}

function Added({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={formatDate(at)} className="whitespace-nowrap tabular">
      {formatTimeAgo(at, now)}
    </time>
  );
}

export function LeadTableRows({ leads, now, onAction }: { leads: Lead[]; now: Date; onAction: (a: LeadAction) => void }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Referrer</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Date Added</TableHead>
          <ActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {leads.map((lead) => (
          <TableRow key={lead.id} data-testid="lead-row">
            <TableCell className="max-w-56">
              <p className="break-words font-medium text-slate-900">{lead.name}</p>
              {lead.notes && <p className="line-clamp-1 text-xs text-slate-500">{lead.notes}</p>}
            </TableCell>
            <TableCell className="max-w-56">
              {lead.email && (
                <p className="truncate text-slate-700" title={lead.email}>
                  {lead.email}
                </p>
              )}
              {lead.phone && <p className="whitespace-nowrap text-slate-700 tabular">{formatPhone(lead.phone)}</p>}
              <NoConsent lead={lead} />
              {!lead.email && !lead.phone && <span className="text-slate-500">—</span>}
            </TableCell>
            <TableCell>
              <SourceBadge source={lead.source} />
            </TableCell>
            <TableCell className="text-slate-700">{lead.referrerName ?? <span className="text-slate-500">—</span>}</TableCell>
            <TableCell>
              <StatusSelect lead={lead} />
            </TableCell>
            <TableCell>
              <Added at={lead.createdAt} now={now} />
            </TableCell>
            <TableCell>
              <Actions lead={lead} onAction={onAction} aligned />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phone width: one card per lead instead of a table that would scroll sideways. */
export function LeadCards({ leads, now, onAction }: { leads: Lead[]; now: Date; onAction: (a: LeadAction) => void }) {
  return (
    <ul className="divide-y divide-slate-100">
      {leads.map((lead) => (
        <li key={lead.id} className="space-y-2 px-4 py-3" data-testid="lead-row">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{lead.name}</p>
              {lead.email && <p className="break-all text-xs text-slate-500">{lead.email}</p>}
              {lead.phone && <p className="text-xs text-slate-500 tabular">{formatPhone(lead.phone)}</p>}
              <NoConsent lead={lead} />
            </div>
            <SourceBadge source={lead.source} />
          </div>
          <p className="text-xs text-slate-500">
            {lead.referrerName && <>Referred by {lead.referrerName} · </>}
            Added <Added at={lead.createdAt} now={now} />
          </p>
          <div className="flex items-center justify-between gap-2">
            <StatusSelect lead={lead} />
            <Actions lead={lead} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}

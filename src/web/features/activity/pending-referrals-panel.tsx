import { Hourglass, Send, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { formatPhone, timeAgoAfter } from '../../../shared/format';
import type { PendingReferralItem, PendingReferralsResponse } from '../../../shared/schemas/referrals';
import { NO_CONSENT_LABEL } from '../../../shared/schemas/texting';
import { Button } from '../../components/ui/button';
import { ListState, Panel, PanelEmpty } from '../../components/list-state';
import { useSendReminder } from './use-referral-activity';
import { useSending } from '../../lib/use-sending';

const daysText = (days: number) => (days <= 0 ? 'Shared today' : `Shared ${days} ${days === 1 ? 'day' : 'days'} ago`);

function PendingItem({ item }: { item: PendingReferralItem }) {
  const remind = useSending(useSendReminder().mutateAsync);
  const noPhone = !item.refereePhone;
  // Refused before the tap, with the send service's reason (docs/sms.md, "Consent to text").
  const hint = noPhone ? 'No phone number to text' : item.agreedToTexts ? null : NO_CONSENT_LABEL;
  const hintId = `follow-up-hint-${item.id}`;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="pending-referral">
      <div className="min-w-0">
        <p className="break-words text-sm font-medium text-slate-900">{item.refereeName}</p>
        <p className="break-all text-xs text-slate-500">
          {[item.refereePhone ? formatPhone(item.refereePhone) : null, item.refereeEmail].filter(Boolean).join(' · ') || 'No contact details'}
        </p>
        <p className="text-xs text-slate-500">
          Referred by {item.referrerClient?.name ?? 'a deleted client'} <span className="font-mono">({item.referrerCode})</span> ·{' '}
          <span data-testid="days-since-shared">{daysText(item.daysSinceShared)}</span>
        </p>
        {item.lastReminderAt && <p className="text-xs text-slate-500">{timeAgoAfter('Reminded', item.lastReminderAt)}</p>}
        {item.flagReason && (
          <p className="mt-1 flex items-start gap-1 text-xs text-amber-800" data-testid="flag-reason">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span>Flagged for review: {item.flagReason}</span>
          </p>
        )}
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button
          size="sm"
          variant="outline"
          disabled={hint != null || remind.sending}
          title={hint ?? undefined}
          onClick={() => remind.send(item.id)}
          aria-label={remind.sending ? `Sending follow-up to ${item.refereeName}` : `Follow Up with ${item.refereeName}`}
          aria-describedby={hint ? hintId : undefined}
        >
          <Send />
          {remind.sending ? 'Sending…' : 'Follow Up'}
        </Button>
        {hint && (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </li>
  );
}

/** Spec part 1 "Pending Referrals": the 5 newest claims (the ones worth a nudge), Follow Up texts them, and how many more wait. */
export function PendingReferralsPanel({ data, loading, failed }: { data: PendingReferralsResponse | undefined; loading: boolean; failed: boolean }) {
  const more = data ? data.total - data.referrals.length : 0;
  return (
    <Panel testId="pending-referrals" title="Pending Referrals">
      <ListState
        loading={loading}
        failed={failed}
        errorText="Pending referrals could not be loaded. Please try Refresh."
        empty={!data?.referrals.length}
        emptyContent={<PanelEmpty icon={Hourglass} title="No pending referrals" text="Friends who claimed a reward but have not booked yet show up here." />}
        rows={3}
        rowClassName="h-14"
      >
        {() => (
        <>
          <ul className="divide-y divide-slate-100">
            {data!.referrals.map((r) => (
              <PendingItem key={r.id} item={r} />
            ))}
          </ul>
          {more > 0 && (
            <p className="border-t border-slate-100 p-4 text-sm text-slate-600" data-testid="pending-more">
              +{more} more pending ·{' '}
              <Link to="/referrals" className="font-medium text-brand-700 hover:underline">
                See all in the Referral Tracker
              </Link>
            </p>
          )}
        </>
        )}
      </ListState>
    </Panel>
  );
}

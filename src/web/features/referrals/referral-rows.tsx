import { CircleCheck, TriangleAlert } from 'lucide-react';
import { formatCurrency, formatDate, formatPhone } from '../../../shared/format';
import { NO_CONSENT_LABEL } from '../../../shared/schemas/texting';
import type { ReferralListItem } from '../../../shared/schemas/referrals';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { ConvertTarget } from '../../components/referrals/mark-converted-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, ActionsHead } from '../../components/ui/table';

function StatusBadge({ r }: { r: ReferralListItem }) {
  return r.converted ? <Badge variant="success">Converted</Badge> : <Badge variant="warning">Pending</Badge>;
}

/** The referrer's reward: earned only once the friend booked. */
function RewardText({ r }: { r: ReferralListItem }) {
  const reward = r.referralReward;
  if (!r.converted) return <span className="text-slate-500">Not earned yet</span>;
  return (
    <span>
      {reward?.rewardAmount ?? 'Reward'} ·{' '}
      {reward?.rewardGiven ? <span className="text-green-700">Given</span> : <span className="text-amber-700">To give</span>}
    </span>
  );
}

/** What the referral brought: the friend's bookings, or the amount entered; a dash when unknown or pending. */
const revenueText = (r: ReferralListItem) => (r.revenue == null ? '—' : formatCurrency(r.revenue));

type RowsProps = { referrals: ReferralListItem[]; onConvert: (r: ConvertTarget) => void };

/** Mark converted: a pending referral only. In the table an icon (the columns fill the width), on a card the words. */
function ConvertButton({ r, onConvert, compact }: { r: ReferralListItem; onConvert: RowsProps['onConvert']; compact?: boolean }) {
  if (r.converted) return null;
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'sm'}
      className={compact ? 'size-8' : undefined}
      title="Mark converted"
      onClick={() => onConvert({ id: r.id, refereeName: r.refereeName })}
      aria-label={`Mark ${r.refereeName} converted`}
    >
      <CircleCheck />
      {!compact && 'Mark converted'}
    </Button>
  );
}

/** A claim the public side flagged (e.g. a burst from one address): the owner should look before rewarding it. */
export function FlagNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="mt-1 flex items-start gap-1 text-xs text-amber-800" data-testid="flag-reason">
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>Flagged for review: {reason}</span>
    </p>
  );
}

/** "Did not agree to texts" under a friend's phone the business may not text (docs/sms.md, "Consent to text"). */
function NoConsent({ r }: { r: ReferralListItem }) {
  if (!r.refereePhone || r.agreedToTexts) return null;
  return (
    <p className="text-xs text-amber-800" data-testid="no-consent">
      {NO_CONSENT_LABEL}
    </p>
  );
}

const contact = (r: ReferralListItem) => [r.refereeEmail, r.refereePhone ? formatPhone(r.refereePhone) : null].filter(Boolean).join(' · ');
const referrerName = (r: ReferralListItem) => r.referrerClient?.name ?? 'Deleted client';

export function ReferralTableRows({ referrals, onConvert }: RowsProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Friend</TableHead>
          <TableHead>Referred by</TableHead>
          <TableHead>Shared</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Converted</TableHead>
          <TableHead>Reward</TableHead>
          <TableHead className="text-right">Revenue</TableHead>
          <ActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {referrals.map((r) => (
          <TableRow key={r.id} data-testid="referral-row">
            <TableCell>
              <p className="font-medium text-slate-900">{r.refereeName}</p>
              {r.refereeEmail && <p className="text-xs text-slate-500">{r.refereeEmail}</p>}
              {r.refereePhone && <p className="text-xs text-slate-500 tabular">{formatPhone(r.refereePhone)}</p>}
              <NoConsent r={r} />
              <FlagNote reason={r.flagReason} />
            </TableCell>
            <TableCell>
              <p className="text-slate-900">{referrerName(r)}</p>
              <p className="whitespace-nowrap font-mono text-xs text-slate-500">{r.referrerCode}</p>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular">{formatDate(r.createdAt)}</TableCell>
            <TableCell>
              <StatusBadge r={r} />
            </TableCell>
            <TableCell className="whitespace-nowrap tabular">{r.convertedAt ? formatDate(r.convertedAt) : '—'}</TableCell>
            <TableCell className="whitespace-nowrap">
              <RewardText r={r} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular" data-testid="referral-revenue">
              {revenueText(r)}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <ConvertButton r={r} onConvert={onConvert} compact />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phone width: one card per referral instead of a table that would scroll sideways. */
export function ReferralCards({ referrals, onConvert }: RowsProps) {
  return (
    <ul className="divide-y divide-slate-100">
      {referrals.map((r) => (
        <li key={r.id} className="space-y-1 px-4 py-3" data-testid="referral-row">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 break-words font-medium text-slate-900">{r.refereeName}</p>
            <StatusBadge r={r} />
          </div>
          {contact(r) && <p className="break-all text-xs text-slate-500">{contact(r)}</p>}
          <NoConsent r={r} />
          <FlagNote reason={r.flagReason} />
          <p className="text-sm text-slate-700">
            Referred by {referrerName(r)} <span className="font-mono text-xs text-slate-500">({r.referrerCode})</span>
          </p>
          <p className="text-xs text-slate-500 tabular">
            Shared {formatDate(r.createdAt)}
            {r.convertedAt && ` · Converted ${formatDate(r.convertedAt)}`}
          </p>
          <p className="text-xs">
            Reward: <RewardText r={r} />
            {r.converted && (
              <>
                {' '}
                · Revenue <span data-testid="referral-revenue">{revenueText(r)}</span>
              </>
            )}
          </p>
          <ConvertButton r={r} onConvert={onConvert} />
        </li>
      ))}
    </ul>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, type LucideIcon, Gift, MessageSquare, PartyPopper, Star, Users } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import { rewardPhrase } from '../../../shared/sms-template';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth';
import { isOwnReward } from './reward';
import { apiQuery } from '../../lib/api-query';

type Row = { icon: LucideIcon; label: string; done: boolean; value: string; step: number; loading: boolean };

/** Step 6: what is set up and what is not yet, each with a way back to its step. */
export function CompleteStep({ onEdit }: { onEdit: (step: number) => void }) {
  const { business } = useAuth();
  const stats = useQuery(apiQuery('GET /api/dashboard/stats'));
  const outreach = useQuery(apiQuery('GET /api/outreach/settings'));
  const profile = useQuery(apiQuery('GET /api/business/profile'));
  const number = business?.selectedPhoneNumber ?? business?.twilioPhoneNumber ?? null;
  const clients = stats.data?.totalClients ?? 0;
  const reward = outreach.data?.referralDiscount;
  const referrerReward = outreach.data?.referrerReward;
  const link = profile.data?.googleReviewLink ?? null;

  const rows: Row[] = [
    {
      icon: Users,
      label: 'Client list',
      done: clients > 0,
      value: clients > 0 ? `${clients} ${clients === 1 ? 'client' : 'clients'} imported` : 'No clients yet',
      step: 2,
      loading: stats.isPending,
    },
    { icon: MessageSquare, label: 'SMS number', done: Boolean(number), value: number ? formatPhone(number) : 'Not chosen yet', step: 3, loading: false },
    {
      icon: Gift,
      label: 'Referral reward',
      // The reward always has a value; "done" once the owner saved their own (not the server's default).
      done: isOwnReward(reward),
      value: `${reward && !isOwnReward(reward) ? `${reward} (the default)` : (reward ?? '')}${referrerReward ? `; your client gets ${rewardPhrase(referrerReward)}` : ''}`,
      step: 4,
      loading: outreach.isPending,
    },
    { icon: Star, label: 'Google review link', done: Boolean(link), value: link ?? 'Not added yet', step: 5, loading: profile.isPending },
  ];

  const allDone = rows.every((r) => r.done && !r.loading);

  return (
    <div className="space-y-4">
      {allDone ? (
        <p className="flex items-center gap-2 font-semibold text-green-800" role="status">
          <PartyPopper className="size-5" aria-hidden="true" />
          You&apos;re all set!
        </p>
      ) : (
        <p className="text-sm text-slate-600">Here is what is ready. Anything left can be finished later: come back to this guide, or use Data Sources, SMS Management and Settings.</p>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Setup summary">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center gap-3 p-3">
            {row.done ? (
              <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-label="Done" />
            ) : (
              <Circle className="size-5 shrink-0 text-slate-300" aria-label="Not done yet" />
            )}
            <row.icon className="hidden size-4 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{row.label}</p>
              {row.loading ? <Skeleton className="mt-1 h-4 w-32" /> : <p className="truncate text-sm text-slate-600">{row.value}</p>}
            </div>
            <Button variant="ghost" size="sm" onClick={() => onEdit(row.step)} aria-label={`Edit ${row.label.toLowerCase()}`}>
              Edit
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

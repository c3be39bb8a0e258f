import { PartyPopper } from 'lucide-react';
import { formatCurrency, formatDate, timeAgoAfter } from '../../../shared/format';
import type { ConversionItem } from '../../../shared/schemas/referrals';
import { Checkbox } from '../../components/ui/checkbox';
import { useSetRewardGiven } from './use-referral-activity';
import { ListState, Panel, PanelEmpty } from '../../components/list-state';

function RewardGiven({ item }: { item: ConversionItem }) {
  const save = useSetRewardGiven();
  // A conversion recorded before rewards were has none yet: ticking the box creates it (docs/referrals.md).
  const reward = item.referralReward ?? { rewardAmount: null, rewardGiven: false, markedAt: null };
  const id = `reward-given-${item.id}`;
  const referrer = item.referrerClient?.name ?? item.referrerCode;
  return (
    <div className="flex flex-col items-start gap-0.5 sm:items-end sm:text-right">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={reward.rewardGiven}
          disabled={save.isPending}
          onCheckedChange={(checked) => save.mutate({ id: item.id, rewardGiven: checked === true })}
          aria-describedby={`${id}-what`}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Reward Given
        </label>
      </div>
      <p id={`${id}-what`} className="text-xs text-slate-500" data-testid="reward-state">
        {save.isPending
          ? 'Saving…'
          : reward.rewardGiven
            ? `${reward.rewardAmount ?? 'Reward'} given to ${referrer}${reward.markedAt ? ` on ${formatDate(reward.markedAt)}` : ''}`
            : `${reward.rewardAmount ?? 'Reward'} owed to ${referrer}`}
      </p>
    </div>
  );
}

/** Spec part 1 "Recent Conversions": the latest 10 friends who booked, each referrer's reward with a saved Reward Given box. */
export function RecentConversionsPanel({ data, loading, failed }: { data: ConversionItem[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <Panel testId="recent-conversions" title="Recent Conversions">
      <ListState
        loading={loading}
        failed={failed}
        errorText="Recent conversions could not be loaded. Please try Refresh."
        empty={!data?.length}
        emptyContent={<PanelEmpty icon={PartyPopper} title="No conversions yet" text="When a referred friend books, they show up here with their referrer's reward." />}
        rows={3}
        rowClassName="h-14"
      >
        {() => (
        <ul className="divide-y divide-slate-100">
          {data!.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="conversion-item">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-slate-900">{c.refereeName}</p>
                <p className="text-xs text-slate-500">
                  Referred by {c.referrerClient?.name ?? 'a deleted client'} <span className="font-mono">({c.referrerCode})</span> ·{' '}
                  <span data-testid="conversion-when">{c.bookedOn ? `booked ${formatDate(c.bookedOn)}` : timeAgoAfter('converted', c.convertedAt)}</span>
                  {c.revenue != null && (
                    <>
                      {' '}
                      · <span data-testid="conversion-revenue">{formatCurrency(c.revenue)} revenue</span>
                    </>
                  )}
                </p>
              </div>
              <RewardGiven item={c} />
            </li>
          ))}
        </ul>
        )}
      </ListState>
    </Panel>
  );
}

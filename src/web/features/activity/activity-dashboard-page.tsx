import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { PendingReferralsPanel } from './pending-referrals-panel';
import { RecentConversionsPanel } from './recent-conversions-panel';
import { RevenueCards } from './revenue-cards';
import { SmsActivityPanel } from './sms-activity-panel';
import { SmsSetupBanner } from './sms-setup-banner';
import { UnreadRepliesPanel } from './unread-replies-panel';
import type { FeedFilter } from './text';
import { useBusinessProfile, useDashboardStats, useSmsFeed, useUnreadReplies } from './use-activity';
import { useConversions, usePendingReferrals } from './use-referral-activity';

const DEFAULT_DAYS = 7;

const timeOfDay = (ms: number) => new Date(ms).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * Spec part 1 "Activity Dashboard": the SMS set-up banner, revenue and pending-referral cards, unread replies,
 * recent texts, recent conversions with their rewards and the pending referrals to follow up.
 */
export function ActivityDashboardPage() {
  const [filter, setFilter] = useState<FeedFilter>('all');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const profile = useBusinessProfile();
  const stats = useDashboardStats();
  const replies = useUnreadReplies();
  const feed = useSmsFeed(filter, days);
  const conversions = useConversions();
  const pending = usePendingReferrals();
  const reads = [profile, stats, replies, feed, conversions, pending];
  // The time of the newest answer the screen shows: it moves with every refresh, polled or asked for.
  const updatedAt = Math.max(...reads.map((q) => q.dataUpdatedAt));
  const refreshing = reads.some((q) => q.isFetching);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader
        title="Activity Dashboard"
        description={
          <span data-testid="last-updated">
            Last updated{' '}
            {updatedAt > 0 ? <time dateTime={new Date(updatedAt).toISOString()}>{timeOfDay(updatedAt)}</time> : '…'}
          </span>
        }
        actions={
          <Button variant="outline" disabled={refreshing} onClick={() => reads.forEach((q) => void q.refetch())}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
        }
      />

      {profile.data && !profile.data.twilioPhoneNumber && <SmsSetupBanner />}

      <RevenueCards
        stats={stats.data}
        loading={stats.isPending}
        failed={stats.isError && !stats.data}
        pending={{ total: pending.data?.total, loading: pending.isPending, failed: pending.isError && !pending.data }}
      />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UnreadRepliesPanel data={replies.data} loading={replies.isPending} failed={replies.isError && !replies.data} />
        <SmsActivityPanel
          data={feed.data}
          loading={feed.isPending}
          failed={feed.isError && !feed.data}
          filter={filter}
          days={days}
          onFilter={setFilter}
          onDays={setDays}
        />
        <RecentConversionsPanel data={conversions.data} loading={conversions.isPending} failed={conversions.isError && !conversions.data} />
        <PendingReferralsPanel data={pending.data} loading={pending.isPending} failed={pending.isError && !pending.data} />
      </div>
    </div>
  );
}

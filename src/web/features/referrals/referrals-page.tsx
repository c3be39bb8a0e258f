import { Gift, Users } from 'lucide-react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ExportButton } from '../../components/export-button';
import { ReferralMetricCards } from './referral-metric-cards';
import { AfterReviewNote } from './after-review-note';
import { ReferralsTable } from './referrals-table';
import { SummaryCard } from './summary-card';
import { TopReferrers } from './top-referrers';
import { useBusinessProfile, useReferralPage, useTopReferrers } from './use-referrals';
import { REFERRALS_EXPORT_URL } from '../../lib/query-keys/referrals';

/** Spec part 2 "Referral Tracker": metric cards, the referrals table, Top Referrers with Share, Summary, Export CSV. */
export function ReferralsPage() {
  // The first page, unfiltered: its summary is the whole business's figures (the table asks for the same page).
  const overview = useReferralPage({ page: 1, search: '', status: 'all', sort: 'newest' });
  const top = useTopReferrers();
  const profile = useBusinessProfile();
  const summary = overview.data?.summary;
  const empty = summary?.totalReferrals === 0;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader
        title="Referral Tracker"
        description="Who referred whom, who booked, and the rewards referrers have earned."
        actions={!empty && summary && <ExportButton url={REFERRALS_EXPORT_URL} fileName="referrals-export.csv" />}
      />
      {overview.isError && !overview.data ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Referrals could not be loaded. Please reload the page.
        </p>
      ) : empty ? (
        <EmptyState
          icon={Gift}
          title="No referrals yet"
          text="When a client shares their referral link and a friend claims the reward, the referral shows up here. Every client already has a referral code: send them their link with a thank-you text."
          link={{ to: '/clients', label: 'See your clients and their codes', icon: Users }}
        />
      ) : (
        <>
          <ReferralMetricCards summary={summary} loading={overview.isPending} />
          <AfterReviewNote />
          <ReferralsTable />
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <TopReferrers data={top.data} loading={top.isPending} failed={top.isError && !top.data} websiteUrl={profile.data?.websiteUrl} />
            </div>
            {summary && <SummaryCard summary={summary} top={top.data?.[0]} />}
          </div>
        </>
      )}
    </div>
  );
}

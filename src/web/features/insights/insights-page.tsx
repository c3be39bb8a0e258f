import { AlertCircle, BarChart3, RefreshCw, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OverdueClient } from '../../../shared/schemas/insights';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { FollowUpDialog } from './follow-up-dialog';
import { LoyaltySection, TrendsSection, ValueSection } from './sections';
import { ReviewSection } from './review-section';
import { useInsights } from './use-insights';

// Spec part 2 "Insights": loyalty and retention, client value, operational trends (docs/insights.md).

export function InsightsPage() {
  const insights = useInsights();
  const [followUp, setFollowUp] = useState<OverdueClient | null>(null);

  useEffect(() => {
    if (insights.isError) toast({ title: 'Failed to load insights', description: 'Please try again.', variant: 'destructive' });
  }, [insights.isError]);

  return (
    <>
      <PageHeader title="Insights" description="Retention, client value and booking trends from your completed bookings." />
      {insights.isLoading ? (
        <InsightsSkeleton />
      ) : insights.isError || !insights.data ? (
        <EmptyState
          icon={AlertCircle}
          title="Failed to load insights"
          text="Your figures could not be loaded just now."
          action={
            <Button variant="outline" onClick={() => void insights.refetch()}>
              <RefreshCw /> Try again
            </Button>
          }
        />
      ) : !insights.data.hasData ? (
        <EmptyState
          icon={BarChart3}
          title="No insights yet"
          text="Import your completed bookings to see your repeat rate, your most valuable clients and loyal clients who are overdue."
          action={
            <Button asChild>
              <Link to="/data-sources">
                <Upload /> Upload your client list
              </Link>
            </Button>
          }
        />
      ) : (
        <div className="space-y-10">
          <LoyaltySection data={insights.data} onFollowUp={setFollowUp} />
          <ValueSection data={insights.data} />
          <TrendsSection data={insights.data} />
          <ReviewSection />
        </div>
      )}
      <FollowUpDialog client={followUp} onClose={() => setFollowUp(null)} />
    </>
  );
}

function InsightsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading insights">
      {[0, 1, 2].map((s) => (
        <div key={s} className="space-y-4">
          <Skeleton className="h-6 w-48" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Card className="p-5">
              <Skeleton className="h-16 w-full" />
            </Card>
            <Card className="p-5">
              <Skeleton className="h-16 w-full" />
            </Card>
          </div>
        </div>
      ))}
    </div>
  );
}

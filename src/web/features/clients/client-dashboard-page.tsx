import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { AddClientDialog } from './add-client-dialog';
import { BookingTrendsChart } from './booking-trends-chart';
import { ClientDetailDialog } from './client-detail-dialog';
import { ClientTable } from './client-table';
import { DashboardStatCards } from './dashboard-stat-cards';
import { ExportButton } from './export-button';
import { GiftDialog } from './gift-dialog';
import { LoyaltyDistribution } from './loyalty-distribution';
import { MostLoyalClients } from './most-loyal-clients';
import { ThanksDialog } from './thanks-dialog';
import type { Client } from './types';
import { useDashboardStats } from './use-client-data';

export function ClientDashboardPage() {
  const stats = useDashboardStats();
  const [thanksFor, setThanksFor] = useState<Client | null>(null);
  const [giftFor, setGiftFor] = useState<Client | null>(null);
  const [detailsFor, setDetailsFor] = useState<Client | null>(null);
  const noClients = stats.data?.totalClients === 0;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader
        title="Client Dashboard"
        description="See who your loyal clients are and thank them."
        actions={
          <>
            <ExportButton />
            <AddClientDialog />
          </>
        }
      />

      <DashboardStatCards />

      {stats.isPending ? (
        <Skeleton className="h-80 w-full rounded-xl" />
      ) : noClients ? (
        <EmptyState
          icon={Upload}
          title="No clients yet"
          text="Import your booking history and Referloop finds your most loyal clients for you."
          action={
            <Link to="/data-sources" className={buttonVariants()}>
              Upload your client list
            </Link>
          }
        />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <BookingTrendsChart className="lg:col-span-2" />
            <MostLoyalClients />
          </div>
          <ClientTable onThanks={setThanksFor} onGift={setGiftFor} onDetails={setDetailsFor} />
          <LoyaltyDistribution />
        </>
      )}

      <ThanksDialog client={thanksFor} onClose={() => setThanksFor(null)} />
      <GiftDialog client={giftFor} onClose={() => setGiftFor(null)} />
      <ClientDetailDialog client={detailsFor} onClose={() => setDetailsFor(null)} />
    </div>
  );
}

import { Upload } from 'lucide-react';
import { lazy, memo, Suspense, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { AddClientDialog as AddClientDialogEach } from './add-client-dialog';
import { BookingTrendsChart as BookingTrendsChartEach } from './booking-trends-chart';
import { ClientTable as ClientTableEach } from './client-table';
import { DashboardStatCards as DashboardStatCardsEach } from './dashboard-stat-cards';
import { ExportButton as ExportButtonEach } from '../../components/export-button';
import { LoyaltyDistribution as LoyaltyDistributionEach } from './loyalty-distribution';
import { MostLoyalClients as MostLoyalClientsEach } from './most-loyal-clients';
import type { Client } from './types';
import { useDashboardStats } from './use-client-data';
import { apiUrl } from '../../lib/api-client';

// Each part reads its own query and takes only stable props (setState functions, constant strings): memoised,
// the stats arriving or a dialog opening re-renders the page without rendering every part (and the client rows)
// again.
const AddClientDialog = memo(AddClientDialogEach);
const BookingTrendsChart = memo(BookingTrendsChartEach);
const ClientTable = memo(ClientTableEach);
const DashboardStatCards = memo(DashboardStatCardsEach);
const ExportButton = memo(ExportButtonEach);
const LoyaltyDistribution = memo(LoyaltyDistributionEach);
const MostLoyalClients = memo(MostLoyalClientsEach);

// The dialogs (and the shared zod schemas they check with) load the first time one opens.
const ThanksDialog = lazy(async () => ({ default: (await import('./thanks-dialog')).ThanksDialog }));
const GiftDialog = lazy(async () => ({ default: (await import('./gift-dialog')).GiftDialog }));
const ClientDetailDialog = lazy(async () => ({ default: (await import('./client-detail-dialog')).ClientDetailDialog }));

/** Stays true once `value` has been set: a dialog stays mounted after its first use, so it can animate closed. */
function useOpenedOnce(value: unknown): boolean {
  const [opened, setOpened] = useState(false);
  if (value && !opened) setOpened(true);
  return opened || Boolean(value);
}

export function ClientDashboardPage() {
  const stats = useDashboardStats();
  const [thanksFor, setThanksFor] = useState<Client | null>(null);
  const [giftFor, setGiftFor] = useState<Client | null>(null);
  const [detailsFor, setDetailsFor] = useState<Client | null>(null);
  const noClients = stats.data?.totalClients === 0;
  const thanksUsed = useOpenedOnce(thanksFor);
  const giftUsed = useOpenedOnce(giftFor);
  const detailsUsed = useOpenedOnce(detailsFor);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader
        title="Client Dashboard"
        description="See who your loyal clients are and thank them."
        actions={
          <>
            <ExportButton url={apiUrl('GET /api/admin/export')} fileName="clients-export.csv" />
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
          link={{ to: '/data-sources', label: 'Upload your client list' }}
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

      <Suspense fallback={null}>
        {thanksUsed && <ThanksDialog client={thanksFor} onClose={() => setThanksFor(null)} />}
        {giftUsed && <GiftDialog client={giftFor} onClose={() => setGiftFor(null)} />}
        {detailsUsed && <ClientDetailDialog client={detailsFor} onClose={() => setDetailsFor(null)} />}
      </Suspense>
    </div>
  );
}

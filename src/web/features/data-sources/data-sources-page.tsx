import { Database } from 'lucide-react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function DataSourcesPage() {
  return (
    <>
      <PageHeader title="Data Sources" />
      <EmptyState icon={Database} title="Data sources" text="Upload your client list or connect your booking tool here." />
    </>
  );
}

import { FileSpreadsheet, Zap } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { CsvUploadCard } from './csv-upload-card';
import { UploadHistory } from './upload-history';
import { ZapierTab } from './zapier-tab';

export function DataSourcesPage() {
  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader title="Data Sources" description="Bring in your booking history: upload a file or connect your booking tool." />
      <Tabs defaultValue="csv">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="csv" className="flex-1 sm:flex-none">
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            CSV Upload
          </TabsTrigger>
          <TabsTrigger value="zapier" className="flex-1 sm:flex-none">
            <Zap className="size-4" aria-hidden="true" />
            Zapier Integration
          </TabsTrigger>
        </TabsList>
        <TabsContent value="csv" className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <CsvUploadCard />
          <UploadHistory />
        </TabsContent>
        <TabsContent value="zapier">
          <ZapierTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

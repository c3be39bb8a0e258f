import { ChevronDown, FileText, FileX, History } from 'lucide-react';
import { useState } from 'react';
import { formatCurrency, formatDate, formatPercent, formatPhone, formatTimeAgo, plural } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { ListCard } from '../../components/list-card';
import { Badge } from '../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { bookingsSummary, clientsInFile, clientsSummary, withoutStatusSentence } from '../../../shared/import-summary';
import type { CsvUploadRecord } from './types';
import { useUploadHistory } from './use-data-sources';

export function UploadHistory() {
  const read = useUploadHistory();
  return (
    <ListCard
      title="Upload history"
      icon={<History className="size-5 text-brand-600" aria-hidden="true" />}
      read={read}
      errorText="Failed to load upload history. Please try refreshing the page."
      emptyContent={
        <EmptyState icon={FileText} title="No uploads yet" text="Files you upload show up here with what was imported." className="py-8" />
      }
      rows={2}
      rowClassName="h-16"
    >
      {(items) => (
        <ul className="space-y-3" data-testid="upload-history">
          {items.map((u) => (
            <UploadEntry key={u.id} upload={u} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}

/** A refused upload: nothing was imported; the reason is the sentence the upload answered. */
function FailedUploadEntry({ upload }: { upload: CsvUploadRecord }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50/40 p-3" data-testid="failed-upload">
      <FileX className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate text-sm font-medium text-slate-900">{upload.fileName}</p>
          <Badge variant="destructive">Failed</Badge>
        </div>
        <p className="text-xs text-slate-500">
          <time dateTime={upload.timestamp} title={new Date(upload.timestamp).toLocaleString('en-US')}>
            {formatTimeAgo(upload.timestamp)}
          </time>
        </p>
        <p className="mt-1 text-sm text-red-800">{upload.failureReason}</p>
        <p className="mt-0.5 text-xs text-slate-600">Nothing from this file was imported.</p>
      </div>
    </li>
  );
}

/** Bookings and clients as they are: new, or already imported / already there (docs/clients-api.md). */
function UploadCounts({ upload }: { upload: CsvUploadRecord }) {
  if (upload.newBookings == null || upload.duplicateBookings == null || upload.newClients == null || upload.updatedClients == null) return null;
  const counts = { newBookings: upload.newBookings, duplicateBookings: upload.duplicateBookings, newClients: upload.newClients, updatedClients: upload.updatedClients };
  const noStatus = withoutStatusSentence(upload.rowsWithoutStatus ?? 0);
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-700" data-testid="upload-counts">
      {upload.rowsProcessed === 0 ? (
        <p>No completed bookings in this file.</p>
      ) : (
        <>
          <p>
            <span className="font-medium">{plural(upload.rowsProcessed, 'booking')}:</span> {bookingsSummary(counts)}
          </p>
          <p>
            <span className="font-medium">{plural(clientsInFile(counts), 'client')}:</span> {clientsSummary(counts)}
          </p>
        </>
      )}
      {noStatus && <p className="text-amber-800">{noStatus}.</p>}
    </div>
  );
}


function UploadEntry({ upload }: { upload: CsvUploadRecord }) {
  const [open, setOpen] = useState(false);
  if (upload.failureReason) return <FailedUploadEntry upload={upload} />;
  const previews = upload.clientPreviews ?? [];
  const errors = upload.errors ?? [];
  const coverage = upload.phoneStats?.coverage;
  const detailsId = `upload-${upload.id}`;
  return (
    <li className="rounded-lg border border-slate-200">
      <button
        type="button"
        className="flex w-full items-start gap-3 p-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded-lg"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
      >
        <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{upload.fileName}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={upload.timestamp} title={new Date(upload.timestamp).toLocaleString('en-US')}>
              {formatTimeAgo(upload.timestamp)}
            </time>
          </p>
          <UploadCounts upload={upload} />
          <div className="mt-2 flex flex-wrap gap-1.5">
            {upload.newBookings == null && <Badge variant="success">{plural(upload.rowsProcessed, 'booking')} processed</Badge>}
            <Badge variant="secondary">{upload.rowsSkipped} skipped</Badge>
            <Badge variant="outline">{upload.totalRows} total</Badge>
            {coverage != null && <Badge variant={coverage >= 80 ? 'success' : 'warning'}>{formatPercent(coverage)} with phone</Badge>}
            {errors.length > 0 && <Badge variant="destructive">{plural(errors.length, 'error')}</Badge>}
          </div>
        </div>
        <ChevronDown className={`mt-1 size-4 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {open && (
        <div id={detailsId} className="border-t border-slate-100 p-3">
          <Tabs defaultValue="clients">
            <TabsList>
              <TabsTrigger value="clients">Clients ({previews.length})</TabsTrigger>
              <TabsTrigger value="errors">Errors ({errors.length})</TabsTrigger>
            </TabsList>
            <TabsContent value="clients">
              {previews.length === 0 ? (
                <p className="text-sm text-slate-500">No clients from this file.</p>
              ) : (
                <ul className="divide-y divide-slate-100 text-sm">
                  {previews.map((p, i) => (
                    <li key={i} className="py-2">
                      <p className="font-medium text-slate-900">{p.name}</p>
                      <p className="truncate text-xs text-slate-500">{[p.email, formatPhone(p.phone)].filter(Boolean).join(' · ') || 'No contact details'}</p>
                      <p className="text-xs text-slate-500 tabular">
                        {formatDate(p.serviceDate)}
                        {p.amount != null && ` · ${formatCurrency(p.amount)}`}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
            <TabsContent value="errors">
              {errors.length === 0 ? (
                <p className="text-sm text-slate-500">No errors.</p>
              ) : (
                <ul className="max-h-60 space-y-1 overflow-auto text-xs text-amber-900">
                  {errors.map((e, i) => (
                    <li key={i}>{e}</li>
                  ))}
                </ul>
              )}
            </TabsContent>
          </Tabs>
        </div>
      )}
    </li>
  );
}

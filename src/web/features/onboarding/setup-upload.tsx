import { CheckCircle2 } from 'lucide-react';
import { plural } from '../../../shared/format';
import { bookingsSummary, clientsInFile, clientsSummary, withoutStatusSentence } from '../../../shared/import-summary';
import type { UploadResult } from '../../../shared/schemas/imports';
import { useBookingUpload } from '../../lib/use-booking-upload';
import { ONBOARDING_COLUMNS, REQUIRED_COLUMNS } from './onboarding-columns';
import { BookingFilePicker } from '../../components/booking-file-picker';

/** The spec's sentence, with the clients the file's completed bookings belong to (not its rows). */
const processedText = (result: UploadResult) => `Processed ${plural(clientsInFile(result), 'client')} from your booking history`;

/** The data step's upload: idle, processing (with the upload's progress), done (the processed count). */
export function SetupUpload({ toolName }: { toolName?: string }) {
  const picker = useBookingUpload(processedText);
  const { upload } = picker;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Export your completed appointments from {toolName ?? 'your booking tool'} as a CSV or Excel file (up to 10 MB) and upload it here.
        Every client gets a personal referral link.
      </p>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p className="text-xs font-semibold text-slate-700">Columns we read</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Columns we read">
          {ONBOARDING_COLUMNS.map((c) => (
            <li key={c} className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700">
              {c}
              {!REQUIRED_COLUMNS.has(c) && <span className="text-slate-500"> (optional)</span>}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">Only appointments with status Completed are imported; a phone number lets you text the client.</p>
      </div>
      <BookingFilePicker upload={picker} buttonLabel="Upload and Import" hint="Up to 10 MB." />
      {upload.isSuccess && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800" data-testid="setup-upload-done">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {processedText(upload.data)}
            {upload.data.skipped > 0 && <span className="font-normal text-green-900">, skipped {upload.data.skipped} (not completed).</span>}
            {upload.data.processed > 0 && (
              <span className="block font-normal text-green-900" data-testid="setup-upload-counts">
                {plural(upload.data.processed, 'booking')}: {bookingsSummary(upload.data)}. Clients: {clientsSummary(upload.data)}.
              </span>
            )}
            {upload.data.rowsWithoutStatus > 0 && (
              <span className="block font-normal text-amber-900">{withoutStatusSentence(upload.data.rowsWithoutStatus)}.</span>
            )}
          </span>
        </p>
      )}
    </div>
  );
}

import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { UPLOAD_ERROR_LINES } from '../../../shared/constants';
import type { UploadResult } from './types';

export function UploadResultPanel({ result }: { result: UploadResult }) {
  const shown = result.errors.slice(0, UPLOAD_ERROR_LINES);
  const more = result.errors.length - shown.length;
  return (
    <section aria-label="Upload result" className="rounded-lg border border-green-200 bg-green-50 p-4" data-testid="upload-result">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        Upload complete
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-md bg-white p-3">
          <dt className="text-xs text-slate-500">Processed</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular" data-testid="processed-count">
            {result.processed}
          </dd>
        </div>
        <div className="rounded-md bg-white p-3">
          <dt className="text-xs text-slate-500">Skipped (not completed)</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular" data-testid="skipped-count">
            {result.skipped}
          </dd>
        </div>
      </dl>
      {result.message && <p className="mt-3 text-sm text-slate-700">{result.message}</p>}
      {result.rowsWithoutStatus > 0 && (
        <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="no-status-note">
          <span className="font-medium">No status column:</span> every row was taken as a completed appointment. Export the file with the
          appointment status to leave out cancelled and no-show ones.
        </p>
      )}
      {shown.length > 0 && (
        <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {result.errors.length} {result.errors.length === 1 ? 'row had a problem' : 'rows had problems'}
          </p>
          <ul className="mt-2 space-y-1 text-xs text-amber-900">
            {shown.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
            {more > 0 && <li className="font-medium">and {more} more</li>}
          </ul>
        </div>
      )}
    </section>
  );
}

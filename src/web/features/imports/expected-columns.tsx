import { Download, FileSpreadsheet, Phone } from 'lucide-react';
import { EXPECTED_COLUMNS, SAMPLE_CSV_NAME, sampleCsvHref } from './sample-csv';

const PHONE_FORMATS = ['(555) 123-4567', '+1-555-123-4567', '5551234567'];

export function ExpectedColumns() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <FileSpreadsheet className="size-4 text-brand-600" aria-hidden="true" />
          Expected columns
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Expected columns">
          {EXPECTED_COLUMNS.map((c) => (
            <li key={c} className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700">
              {c}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">Only appointments with status Completed are processed; others are skipped.</p>
        <a
          href={sampleCsvHref()}
          download={SAMPLE_CSV_NAME}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded"
        >
          <Download className="size-4" aria-hidden="true" />
          Download a sample CSV
        </a>
      </div>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Phone className="size-4 text-brand-600" aria-hidden="true" />
          Phone formats
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Accepted phone formats">
          {PHONE_FORMATS.map((p) => (
            <li key={p} className="rounded-md border border-slate-200 bg-white px-2 py-0.5 font-mono text-xs text-slate-700">
              {p}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">Phone is required for automated messaging.</p>
      </div>
    </div>
  );
}

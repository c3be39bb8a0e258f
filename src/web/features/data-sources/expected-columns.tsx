import { FileSpreadsheet, Phone } from 'lucide-react';

const COLUMNS = ['Client Name', 'Client Email', 'Client Phone', 'Service Date (YYYY-MM-DD)', 'Amount Charged (optional)', 'Appointment Status'];
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
          {COLUMNS.map((c) => (
            <li key={c} className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700">
              {c}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">Only appointments with status Completed are processed; others are skipped.</p>
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

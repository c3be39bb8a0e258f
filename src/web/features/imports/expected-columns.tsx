import type { ReactNode } from 'react';
import { Download, FileSpreadsheet, Phone, type LucideIcon } from 'lucide-react';
import { EXPECTED_COLUMNS, SAMPLE_CSV_NAME, sampleCsvHref } from './sample-csv';

const PHONE_FORMATS = ['(555) 123-4567', '+1-555-123-4567', '5551234567'];

/** A titled box listing values as chips, with a note and anything else under it. */
function ChipCard(props: { icon: LucideIcon; title: string; listLabel: string; items: string[]; mono?: boolean; note: string; children?: ReactNode }) {
  const Icon = props.icon;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        {props.title}
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={props.listLabel}>
        {props.items.map((item) => (
          <li key={item} className={`rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700${props.mono ? ' font-mono' : ''}`}>
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">{props.note}</p>
      {props.children}
    </div>
  );
}

export function ExpectedColumns() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChipCard
        icon={FileSpreadsheet}
        title="Expected columns"
        listLabel="Expected columns"
        items={[...EXPECTED_COLUMNS]}
        note="Only appointments with status Completed are processed; others are skipped."
      >
        <a
          href={sampleCsvHref()}
          download={SAMPLE_CSV_NAME}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded"
        >
          <Download className="size-4" aria-hidden="true" />
          Download a sample CSV
        </a>
      </ChipCard>
      <ChipCard icon={Phone} title="Phone formats" listLabel="Accepted phone formats" items={PHONE_FORMATS} mono note="Phone is required for automated messaging." />
    </div>
  );
}

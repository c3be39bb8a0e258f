import { cn } from '../../lib/utils';
import type { BulkProgress } from './use-bulk-send';

/** Sent and failed counts as the server answered them, and who was not reached, with why. */
export function BulkResult({ progress: p }: { progress: BulkProgress }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="bulk-result"
      className={cn('rounded-lg border p-3 text-sm', p.failed.length ? 'border-amber-200 bg-amber-50' : 'border-green-200 bg-green-50')}
    >
      <p className="font-medium text-slate-900 tabular">
        {p.finished ? 'Done: ' : `Sending ${Math.min(p.done + 1, p.total)} of ${p.total}... `}
        <span data-testid="bulk-sent">{p.sent} sent</span>, <span data-testid="bulk-failed">{p.failed.length} failed</span>
      </p>
      {p.failed.length > 0 && (
        <ul className="mt-2 space-y-1 text-slate-700">
          {p.failed.map((f) => (
            <li key={f.clientId}>
              <span className="font-medium">{f.name}</span>: {f.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Clock, Loader2, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { currentNumber, doneCount, nextAtLabel, onlyHeld, waitLine, type BulkBatch } from './bulk-batch';

/**
 * A bulk send as the server counts it: how far it is, how many wait for their recipient's quiet hours and
 * when the next goes out, then the final counts and who was not reached, with why.
 */
export function BulkResult({ batch: b, onDismiss }: { batch: BulkBatch; onDismiss: () => void }) {
  const done = doneCount(b);
  const unreached = b.failed + b.skipped;
  const share = (n: number) => (b.total ? (n / b.total) * 100 : 0);
  // The next text's time is news only when it is a while off (quiet hours); paced texts follow within seconds.
  const nextAt = b.nextAt && new Date(b.nextAt).getTime() - Date.now() > 60_000 ? b.nextAt : null;
  const unlisted = b.held - b.waits.reduce((n, w) => n + w.count, 0);
  const tone = !b.finished ? 'border-brand-200 bg-brand-50' : unreached ? 'border-amber-200 bg-amber-50' : 'border-green-200 bg-green-50';

  return (
    <section aria-label="Bulk send" data-testid="bulk-result" data-finished={b.finished} className={cn('rounded-lg border p-4 text-sm', tone)}>
      <div className="flex items-start justify-between gap-3">
        <div role="status" aria-live="polite" className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-slate-900 tabular" data-testid="bulk-headline">
            {!b.finished && !onlyHeld(b) && <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />}
            {b.finished ? 'Done' : onlyHeld(b) ? `Waiting: ${done} of ${b.total} done` : `Sending ${currentNumber(b)} of ${b.total}...`}
          </p>
          <p className="mt-0.5 text-slate-700 tabular">
            <span data-testid="bulk-sent">{b.sent} sent</span>, <span data-testid="bulk-failed">{b.failed} failed</span>
            {b.skipped > 0 && (
              <>
                , <span data-testid="bulk-skipped">{b.skipped} skipped</span>
              </>
            )}
            {!b.finished && `, ${b.total - done} to go`}
          </p>
        </div>
        {b.finished && (
          <Button variant="ghost" size="icon" className="-m-2 size-9 shrink-0" aria-label="Dismiss the bulk send result" onClick={onDismiss}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>

      <div
        role="progressbar"
        aria-label="Texts done"
        aria-valuemin={0}
        aria-valuemax={b.total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${b.total}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-200"
      >
        <div className="flex h-full">
          <div className="h-full bg-brand-600 transition-[width] duration-500" style={{ width: `${share(b.sent)}%` }} />
          <div className="h-full bg-amber-500 transition-[width] duration-500" style={{ width: `${share(unreached)}%` }} />
        </div>
      </div>

      {!b.finished && b.waits.length > 0 && (
        <div className="mt-2 flex items-start gap-1.5 text-slate-700" data-testid="bulk-waiting">
          <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p>Outside their sending hours now:</p>
            <ul className="tabular">
              {b.waits.map((w) => (
                <li key={`${w.at}-${w.timeZone}`} data-testid="bulk-wait">
                  {waitLine(w)}
                </li>
              ))}
              {unlisted > 0 && <li>{`${unlisted} more ${unlisted === 1 ? 'waits' : 'wait'} for their sending hours`}</li>}
            </ul>
          </div>
        </div>
      )}
      {!b.finished && b.waits.length === 0 && (b.held > 0 || nextAt) && (
        <p className="mt-2 flex items-start gap-1.5 text-slate-700" data-testid="bulk-waiting">
          <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            {b.held > 0 && `${b.held} ${b.held === 1 ? 'waits' : 'wait'} for the recipient's quiet hours to end. `}
            {nextAt && `Next text at ${nextAtLabel(nextAt)}.`}
          </span>
        </p>
      )}

      <p className="mt-2 line-clamp-2 text-xs break-words text-slate-600">
        <span className="font-medium">Message:</span> {b.message}
      </p>

      {b.problems.length > 0 && (
        <ul className="mt-2 space-y-1 border-t border-black/5 pt-2 text-slate-700" data-testid="bulk-problems">
          {b.problems.map((p, i) => (
            <li key={`${p.clientId}-${i}`} className="break-words">
              <span className="font-medium">{p.name}</span>: {p.reason}
            </li>
          ))}
          {unreached > b.problems.length && <li className="text-slate-600">and {unreached - b.problems.length} more</li>}
        </ul>
      )}
    </section>
  );
}

import type { UseFormReturn } from 'react-hook-form';
import { type AutoMessageSettingsOut, MAX_REFER_AFTER_REVIEW_DAYS, MAX_REVIEW_REMINDER_DAYS, MIN_REVIEW_REMINDER_DAYS } from '../../../shared/schemas/sms';
import { cn } from '../../lib/utils';

// Under the review request's switch: its one reminder, and the referral ask after the review link was opened
// (docs/reviews.md). Both apply to every review request, sent by the automation or by hand.

const selectClass = 'h-9 rounded-md border border-slate-200 bg-white px-2 text-sm';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function ReviewFollowUps({ form, baseId }: { form: UseFormReturn<AutoMessageSettingsOut>; baseId: string }) {
  const reminder = form.watch('reviewReminderDays');
  const ask = form.watch('askReviewersToRefer');
  const referDays = form.watch('referAfterReviewDays');
  const how = { shouldDirty: true, shouldValidate: true } as const;
  return (
    <div className="space-y-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="review-follow-ups">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${baseId}-reminder`}>Remind once if the link is not opened</label>
        <select
          id={`${baseId}-reminder`}
          className={selectClass}
          value={reminder == null ? 'off' : String(reminder)}
          onChange={(e) => form.setValue('reviewReminderDays', e.target.value === 'off' ? null : Number(e.target.value), how)}
        >
          <option value="off">Off</option>
          {range(MIN_REVIEW_REMINDER_DAYS, MAX_REVIEW_REMINDER_DAYS).map((d) => (
            <option key={d} value={d}>
              after {d} days
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={ask}
          aria-labelledby={`${baseId}-ask`}
          onClick={() => form.setValue('askReviewersToRefer', !ask, how)}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
            ask ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', ask ? 'translate-x-5' : 'translate-x-0.5')} />
        </button>
        <span id={`${baseId}-ask`} className="font-medium text-slate-900">
          Ask reviewers to refer
        </span>
        <label htmlFor={`${baseId}-refer-days`} className="sr-only">
          Days after the review link was opened
        </label>
        <select
          id={`${baseId}-refer-days`}
          className={selectClass}
          disabled={!ask}
          value={String(referDays)}
          onChange={(e) => form.setValue('referAfterReviewDays', Number(e.target.value), how)}
        >
          {range(1, MAX_REFER_AFTER_REVIEW_DAYS).map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`} after the link was opened
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-slate-500">Your Referral Request text goes once to a client who opened their review link, inside their sending hours.</p>
    </div>
  );
}

import { SMS_COUNTER_CHARS } from '../../../shared/constants';
import { cn } from '../../lib/utils';
import { countSegments } from '../../../shared/sms-segments';

/** 'N/160 characters' (spec: display only) and how many texts it takes. */
export function SegmentCounter({ text, className, id }: { text: string; className?: string; id?: string }) {
  const { segments, encoding } = countSegments(text);
  return (
    <p id={id} className={cn('flex flex-wrap justify-between gap-x-3 text-xs text-slate-500 tabular', className)} data-testid="sms-counter">
      <span>
        {text.length}/{SMS_COUNTER_CHARS} characters
      </span>
      <span>
        {segments} {segments === 1 ? 'segment' : 'segments'}
        {encoding === 'UCS-2' && ' (special characters: 70 per segment)'}
      </span>
    </p>
  );
}

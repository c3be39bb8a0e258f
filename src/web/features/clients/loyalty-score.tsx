import { loyaltyPercent } from '../../../shared/format';
import { loyaltyBand, type LoyaltyBand } from '../../../shared/loyalty';
import { cn } from '../../lib/utils';

export const BAND_STYLES: Record<LoyaltyBand, { text: string; bar: string; soft: string; label: string }> = {
  high: { text: 'text-green-700', bar: 'bg-green-500', soft: 'bg-green-50', label: 'High' },
  medium: { text: 'text-amber-700', bar: 'bg-amber-500', soft: 'bg-amber-50', label: 'Medium' },
  low: { text: 'text-red-700', bar: 'bg-red-500', soft: 'bg-red-50', label: 'Low' },
};

/** The score in its band colour with a bar of score × 10 percent (clamped 5–100). */
export function LoyaltyScore({ score, className }: { score: number; className?: string }) {
  const style = BAND_STYLES[loyaltyBand(score)];
  const value = Number(score ?? 0);
  return (
    <div className={cn('flex min-w-24 items-center gap-2', className)}>
      <span className={cn('w-8 text-sm font-semibold tabular', style.text)}>{value.toFixed(1)}</span>
      <div
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-label="Loyalty score"
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={value}
      >
        <div className={cn('h-full rounded-full', style.bar)} style={{ width: `${loyaltyPercent(value)}%` }} />
      </div>
    </div>
  );
}

/** Just the score, in its band colour: for narrow lists. */
export function LoyaltyBadge({ score }: { score: number }) {
  const style = BAND_STYLES[loyaltyBand(score)];
  return (
    <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold tabular', style.soft, style.text)} title="Loyalty score">
      {Number(score ?? 0).toFixed(1)}
    </span>
  );
}

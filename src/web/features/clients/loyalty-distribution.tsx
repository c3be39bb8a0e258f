import { formatPercent } from '../../../shared/format';
import { LOYALTY_BAND_RANGES, type LoyaltyBand } from '../../../shared/loyalty';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { BAND_STYLES } from './loyalty-score';
import { useLoyaltyDistribution } from './use-client-data';

const BANDS: { band: LoyaltyBand; title: string; range: string; recommendation: string }[] = [
  { band: 'high', title: 'High loyalty', range: LOYALTY_BAND_RANGES.high, recommendation: 'Ask these clients for referrals: they already love your service.' },
  {
    band: 'medium',
    title: 'Medium loyalty',
    range: LOYALTY_BAND_RANGES.medium,
    recommendation: 'New clients, and clients on their usual rhythm or a little late: a thank-you or a small discount brings them back sooner.',
  },
  {
    band: 'low',
    title: 'Low loyalty',
    range: LOYALTY_BAND_RANGES.low,
    recommendation: 'Past their usual booking rhythm: win them back with a special offer or a friendly check-in.',
  },
];

export function LoyaltyDistribution() {
  const { data, isPending, isError } = useLoyaltyDistribution();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Loyalty Score Distribution</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3 md:grid-cols-3">
            {BANDS.map((b) => (
              <Skeleton key={b.band} className="h-24 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Failed to load the loyalty distribution.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-3" data-testid="loyalty-distribution">
            {BANDS.map(({ band, title, range, recommendation }) => {
              const count = data[band];
              const share = data.total > 0 ? (count / data.total) * 100 : 0;
              const style = BAND_STYLES[band];
              return (
                <li key={band} className={cn('rounded-lg p-3', style.soft)}>
                  <div className="flex items-baseline justify-between gap-2">
                    <p className={cn('text-sm font-semibold', style.text)}>
                      {title} <span className="font-normal text-slate-600">({range})</span>
                    </p>
                    <p className="text-sm font-semibold text-slate-900 tabular">
                      {count.toLocaleString('en-US')} <span className="font-normal text-slate-600">· {formatPercent(share)}</span>
                    </p>
                  </div>
                  <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white">
                    <div className={cn('h-full rounded-full', style.bar)} style={{ width: `${share}%` }} />
                  </div>
                  <p className="mt-2 text-xs text-slate-600">{recommendation}</p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { Trophy } from 'lucide-react';
import { formatFrequency } from '../../../shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ClientAvatar } from './client-avatar';
import { LoyaltyBadge } from './loyalty-score';
import { useTopClients } from './use-client-data';
import { ListState } from '../../components/list-state';

export function MostLoyalClients() {
  const { data, isPending, isError } = useTopClients();
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Trophy className="size-5 text-amber-500" aria-hidden="true" />
        <CardTitle>Most Loyal Clients</CardTitle>
      </CardHeader>
      <CardContent>
        <ListState
          loading={isPending}
          failed={isError}
          errorText="Failed to load your most loyal clients."
          empty={data?.length === 0}
          emptyContent={<p className="text-sm text-slate-500">No clients yet.</p>}
          rowClassName="h-10"
          inset=""
        >
          {() => (
          <ol className="space-y-3" data-testid="most-loyal-clients">
            {data!.map((c, i) => (
              <li key={c.id} className="flex items-center gap-3">
                <span className="w-4 text-sm font-semibold text-slate-400 tabular">{i + 1}</span>
                <ClientAvatar name={c.name} className="size-8" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{c.name}</p>
                  <p className="truncate text-xs text-slate-500 tabular">
                    {c.totalBookings} {c.totalBookings === 1 ? 'booking' : 'bookings'} · {formatFrequency(c.frequency)}
                  </p>
                </div>
                <LoyaltyBadge score={c.loyaltyScore} />
              </li>
            ))}
          </ol>
          )}
        </ListState>
      </CardContent>
    </Card>
  );
}

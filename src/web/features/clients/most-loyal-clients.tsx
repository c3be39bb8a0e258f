import { Trophy } from 'lucide-react';
import { formatFrequency } from '../../../shared/format';
import { ClientAvatar } from './client-avatar';
import { LoyaltyBadge } from './loyalty-score';
import { useTopClients } from './use-client-data';
import { ListCard } from '../../components/list-card';

export function MostLoyalClients() {
  const read = useTopClients();
  return (
    <ListCard
      title="Most Loyal Clients"
      icon={<Trophy className="size-5 text-amber-500" aria-hidden="true" />}
      read={read}
      errorText="Failed to load your most loyal clients."
      emptyContent={<p className="text-sm text-slate-500">No clients yet.</p>}
      rowClassName="h-10"
    >
      {(items) => (
        <ol className="space-y-3" data-testid="most-loyal-clients">
          {items.map((c, i) => (
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
    </ListCard>
  );
}

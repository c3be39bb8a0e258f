import { explainLoyalty } from '../../../shared/loyalty';
import type { ClientBooking, ClientTotals } from '../../../shared/schemas/client-detail';
import { formatCurrency, formatDate } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Input } from '../../components/ui/input';
import { CopyButton } from './copy-button';
import { lastSentDate } from './last-sent';
import { LoyaltyScore } from './loyalty-score';
import type { Client } from './types';
import { referralLink } from './use-client-detail';

const h3 = 'text-sm font-semibold text-slate-900';

export function ClientLoyaltySummary({ client, today }: { client: Client; today: string }) {
  return (
    <section aria-labelledby="client-loyalty-title" className="rounded-lg bg-slate-50 p-3">
      <h3 id="client-loyalty-title" className={h3}>
        Loyalty
      </h3>
      <LoyaltyScore score={client.loyaltyScore} className="mt-2 max-w-xs" />
      <p className="mt-2 text-sm text-slate-700" data-testid="loyalty-explanation">
        {explainLoyalty(client, today)}
      </p>
    </section>
  );
}

export function ClientTotalsGrid({ totals, firstBooking }: { totals: ClientTotals; firstBooking: string | null }) {
  const items = [
    ['Completed bookings', totals.completedBookings.toLocaleString('en-US')],
    ['Total spent', formatCurrency(totals.totalSpent)],
    ['Average booking', formatCurrency(totals.averageBooking)],
    ['Client since', formatDate(firstBooking)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="client-totals">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="mt-1 text-base font-semibold text-slate-900 tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When the client was last thanked and gifted (texts the provider took), with the latest reward. */
export function ClientThanksAndGifts({ client }: { client: Client }) {
  const items = [
    ['Last thanked', lastSentDate(client.lastThankedAt), 'last-thanked-at'],
    ['Last gifted', lastSentDate(client.lastGiftedAt), 'last-gifted-at'],
  ];
  return (
    <section aria-labelledby="client-thanks-gifts-title">
      <h3 id="client-thanks-gifts-title" className={h3}>
        Thanks and gifts
      </h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {items.map(([label, value, testId]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-1 text-sm font-medium text-slate-900 tabular" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {client.hasReward && client.rewardEarned && <p className="mt-1 text-xs text-slate-600">Latest reward: {client.rewardEarned}</p>}
    </section>
  );
}

export function ClientReferralFields({ code }: { code: string }) {
  const link = referralLink(code);
  return (
    <section aria-labelledby="client-referral-title" className="space-y-2">
      <h3 id="client-referral-title" className={h3}>
        Referral
      </h3>
      <div className="flex items-center gap-2">
        <Input readOnly aria-label="Referral code" value={code} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={code} label="Copy referral code" />
      </div>
      <div className="flex items-center gap-2">
        <Input readOnly aria-label="Referral link" value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={link} label="Copy referral link" />
      </div>
    </section>
  );
}

const STATUS_VARIANT: Record<string, 'success' | 'secondary' | 'destructive'> = { completed: 'success', cancelled: 'destructive' };

export function ClientBookingsList({ bookings, total }: { bookings: ClientBooking[]; total: number }) {
  return (
    <section aria-labelledby="client-bookings-title">
      <h3 id="client-bookings-title" className={h3}>
        Bookings ({total.toLocaleString('en-US')})
      </h3>
      {bookings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No bookings.</p>
      ) : (
        <ul className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" data-testid="client-bookings">
          {bookings.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 tabular">{formatDate(b.serviceDate)}</p>
                <p className="truncate text-xs text-slate-600">{b.serviceType || 'Service'}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="tabular text-slate-900">{b.amount == null ? '—' : formatCurrency(b.amount)}</span>
                <Badge variant={STATUS_VARIANT[b.status] ?? 'secondary'} className="capitalize">
                  {b.status}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > bookings.length && <p className="mt-1 text-xs text-slate-600">Showing the latest {bookings.length}.</p>}
    </section>
  );
}

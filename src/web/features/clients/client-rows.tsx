import { Gift, MessageSquareHeart } from 'lucide-react';
import { formatDate, formatFrequency, formatPhone } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, ActionsHead } from '../../components/ui/table';
import { ClientAvatar } from './client-avatar';
import { lastSentLabel } from './last-sent';
import { LoyaltyBadge, LoyaltyScore } from './loyalty-score';
import type { Client } from './types';
import { TextingMarks } from '../../components/sms/texting-marks';
import { ReviewStateNote, useReviewStates } from '../../components/reviews/review-state';
import type { ReviewState } from '../../../shared/schemas/reviews';

export type ClientActions = { onThanks: (c: Client) => void; onGift: (c: Client) => void; onDetails: (c: Client) => void };

function RowActions({ client, onThanks, onGift }: { client: Client } & Omit<ClientActions, 'onDetails'>) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onThanks(client)} aria-label={`Send thanks to ${client.name}`}>
          <MessageSquareHeart className="hidden 2xl:block" />
          Thanks
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onGift(client)} aria-label={`Send a gift to ${client.name}`}>
          <Gift className="hidden 2xl:block" />
          Gift
        </Button>
      </div>
      <LastSentNotes client={client} />
    </div>
  );
}

/** When the client was last thanked and gifted, beside the buttons (below them when the cell is narrow). */
function LastSentNotes({ client }: { client: Client }) {
  const thanked = lastSentLabel('Thanked', client.lastThankedAt);
  const gifted = lastSentLabel('Gifted', client.lastGiftedAt);
  if (!thanked && !gifted) return null;
  return (
    <p className="flex flex-wrap gap-x-3 text-xs leading-4 text-slate-500">
      {thanked && <Note testId="last-thanked" label={thanked} />}
      {gifted && <Note testId="last-gifted" label={gifted} />}
    </p>
  );
}

/** 'Thanked Oct 13, 2026' may break after the verb only, so a narrow table cell need not grow for it. */
function Note({ testId, label }: { testId: string; label: string }) {
  const space = label.indexOf(' ');
  return (
    <span data-testid={testId}>
      {label.slice(0, space)} <span className="whitespace-nowrap">{label.slice(space + 1)}</span>
    </span>
  );
}

/** The client's name opens their detail view (bookings, totals, referral link, delete). */
function NameCell({ client, onDetails, review }: { client: Client; onDetails: (c: Client) => void; review?: ReviewState }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ClientAvatar name={client.name} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          <button
            type="button"
            onClick={() => onDetails(client)}
            aria-label={`View details for ${client.name}`}
            className="max-w-full truncate rounded text-left hover:text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {client.name}
          </button>
        </p>
        {client.texting && (client.texting.optedOut || client.texting.unreachable) && (
          <p className="mt-0.5 flex flex-wrap gap-1">
            <TextingMarks texting={client.texting} />
          </p>
        )}
        <p className="truncate text-xs text-slate-500">{client.email || 'No email'}</p>
        <ReviewStateNote state={review} />
      </div>
    </div>
  );
}

/** Desktop and tablet: a table whose header stays in view while the body scrolls. */
export function ClientTableRows({ clients, ...actions }: { clients: Client[] } & ClientActions) {
  const reviews = useReviewStates(clients.map((c) => c.id));
  return (
    <Table className="hidden md:table" data-testid="client-table">
      <TableHeader className="sticky top-0 z-10 bg-white shadow-[0_1px_0_#e2e8f0]">
        <TableRow className="hover:bg-transparent">
          <TableHead>Client</TableHead>
          <TableHead>Phone</TableHead>
          <TableHead className="text-right">Bookings</TableHead>
          <TableHead>Last Booking</TableHead>
          <TableHead>Frequency</TableHead>
          <TableHead>Loyalty Score</TableHead>
          <ActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((c) => (
          <TableRow key={c.id} data-testid="client-row">
            <TableCell className="max-w-52">
              <NameCell client={c} onDetails={actions.onDetails} review={reviews.get(c.id)} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-slate-600 tabular">{formatPhone(c.phone) || '—'}</TableCell>
            <TableCell className="text-right tabular">{c.totalBookings}</TableCell>
            <TableCell className="whitespace-nowrap text-slate-600">{formatDate(c.lastBooking)}</TableCell>
            <TableCell className="whitespace-nowrap text-slate-600">{formatFrequency(c.frequency)}</TableCell>
            <TableCell>
              <LoyaltyScore score={c.loyaltyScore} />
            </TableCell>
            <TableCell>
              <RowActions client={c} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one compact card per client, the same facts. */
export function ClientCards({ clients, ...actions }: { clients: Client[] } & ClientActions) {
  const reviews = useReviewStates(clients.map((c) => c.id));
  return (
    <ul className="divide-y divide-slate-100 md:hidden" data-testid="client-cards">
      {clients.map((c) => (
        <li key={c.id} className="space-y-2 px-4 py-3">
          <div className="flex items-center justify-between gap-3">
            <NameCell client={c} onDetails={actions.onDetails} review={reviews.get(c.id)} />
            <LoyaltyBadge score={c.loyaltyScore} />
          </div>
          <p className="text-xs text-slate-500 tabular">
            {[formatPhone(c.phone) || 'No phone', `${c.totalBookings} ${c.totalBookings === 1 ? 'booking' : 'bookings'}`, formatFrequency(c.frequency)].join(' · ')}
            <br />
            Last booking {formatDate(c.lastBooking)}
          </p>
          <RowActions client={c} {...actions} />
        </li>
      ))}
    </ul>
  );
}

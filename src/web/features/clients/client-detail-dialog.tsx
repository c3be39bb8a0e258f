import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ClientBookingsList, ClientLoyaltySummary, ClientReferralFields, ClientThanksAndGifts, ClientTotalsGrid } from './client-detail-sections';
import { ClientEditForm } from './client-edit-form';
import { DeleteClientDialog } from './delete-client-dialog';
import type { Client } from './types';
import { useClientDetail } from './use-client-detail';
import { TextingMarks } from '../../components/sms/texting-marks';
import { ClientReviewSection } from '../../components/reviews/review-state';

type Target = { id: number; name: string; bookings: number };

/** The client detail view: bookings, totals, loyalty in a sentence, referral code and link; Edit; delete with a confirmation. */
export function ClientDetailDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const [deleting, setDeleting] = useState<Target | null>(null);
  return (
    <>
      <Dialog open={client !== null && deleting === null} onOpenChange={(open) => !open && onClose()}>
        {client && <ClientDetailContent key={client.id} client={client} onDelete={setDeleting} />}
      </Dialog>
      <DeleteClientDialog
        client={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          onClose();
        }}
      />
    </>
  );
}

function ClientDetailContent({ client, onDelete }: { client: Client; onDelete: (target: Target) => void }) {
  const { data, isPending, isError } = useClientDetail(client.id);
  const [editing, setEditing] = useState(false);
  // The saved answer once there is one: an edit shows at once in the title and the contact line.
  const shown = data?.client ?? client;
  const contact = [shown.email, formatPhone(shown.phone)].filter(Boolean).join(' · ');
  return (
    <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto" data-testid="client-detail">
      <DialogHeader>
        <DialogTitle>{editing ? `Edit ${shown.name}` : shown.name}</DialogTitle>
        <DialogDescription>{editing ? 'Change the name, e-mail, phone or notes.' : contact || 'No contact details'}</DialogDescription>
        {client.texting && (client.texting.optedOut || client.texting.unreachable) && (
          <div className="flex flex-wrap gap-1.5" data-testid="client-texting">
            <TextingMarks texting={client.texting} />
            {client.texting.unreachable && <p className="w-full text-xs text-slate-600">{client.texting.unreachable.advice}</p>}
          </div>
        )}
      </DialogHeader>
      {isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-600">
          Failed to load this client. Please try again.
        </p>
      ) : editing ? (
        <ClientEditForm detail={data} onDone={() => setEditing(false)} />
      ) : (
        <div className="space-y-5">
          <ClientLoyaltySummary client={data.client} today={data.today} />
          {data.notes && (
            <section aria-label="Notes" className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-700">
              <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Notes</h3>
              {data.notes}
            </section>
          )}
          <ClientTotalsGrid totals={data.totals} firstBooking={data.client.firstBooking} />
          <ClientThanksAndGifts client={data.client} />
          <ClientReviewSection clientId={data.client.id} name={data.client.name} />
          <ClientReferralFields code={data.client.referralCode} />
          <ClientBookingsList bookings={data.bookings} total={data.totals.allBookings} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil />
              Edit
            </Button>
            <Button
              variant="outline"
              className="border-red-200 text-red-700 hover:bg-red-50"
              onClick={() => onDelete({ id: data.client.id, name: data.client.name, bookings: data.totals.allBookings })}
            >
              <Trash2 />
              Delete client
            </Button>
          </div>
        </div>
      )}
    </DialogContent>
  );
}

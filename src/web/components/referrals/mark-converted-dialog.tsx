import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCurrency, formatDate } from '../../../shared/format';
import { cleanAmount, markConvertedFormSchema } from '../../../shared/schemas/referral-conversion';
import { Button } from '../ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Input } from '../ui/input';
import { FieldError, Label } from '../ui/label';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useBookingCandidates, useMarkConverted } from './use-mark-converted';
import { ItemDialog } from '../item-dialog';
import { FormActions } from '../form-actions';

export type ConvertTarget = { id: number; refereeName: string };

/**
 * Mark converted (docs/referrals.md, "Referral credit"): the owner picks the friend's booking (its client becomes
 * the referred friend and its bookings the referral's revenue), or enters what the booking brought when it is not
 * in the app.
 */
export const MarkConvertedDialog = ({ referral, onClose }: { referral: ConvertTarget | null; onClose: () => void }) => (
  <ItemDialog item={referral} onClose={onClose}>{(item) => <MarkConvertedForm referral={item} onClose={onClose} />}</ItemDialog>
);

function MarkConvertedForm({ referral, onClose }: { referral: ConvertTarget; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(markConvertedFormSchema), defaultValues: { mode: 'booking' as 'booking' | 'amount', bookingId: null as number | null, amount: '' } });
  const [mode, bookingId] = form.watch(['mode', 'bookingId']);
  const { errors } = form.formState;
  const error = errors.bookingId?.message ?? errors.amount?.message;
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const candidates = useBookingCandidates(referral.id, debounced);
  const convert = useMarkConverted(referral, onClose);
  const id = useId();
  const submit = form.handleSubmit((values) =>
    values.mode === 'booking' && values.bookingId !== null ? convert.mutate({ bookingId: values.bookingId }) : convert.mutate({ amount: cleanAmount(values.amount) }),
  );
  const bookings = candidates.data?.bookings ?? [];
  const claimedOn = candidates.data ? formatDate(candidates.data.claimedOn) : '';
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto">
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <DialogHeader>
          <DialogTitle>Mark {referral.refereeName} converted</DialogTitle>
          <DialogDescription>Pick {referral.refereeName}&apos;s booking, or enter what it brought if it isn&apos;t in Referloop.</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label="How to credit the referral" className="grid grid-cols-2 gap-2">
          {(
            [
              ['booking', 'Pick the booking'],
              ['amount', 'Enter the amount'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              variant={mode === value ? 'default' : 'outline'}
              onClick={() => {
                form.setValue('mode', value);
                form.clearErrors();
              }}
            >
              {label}
            </Button>
          ))}
        </div>
        {mode === 'booking' ? (
          <div className="space-y-2">
            <Label htmlFor={`${id}-search`}>Find the client</Label>
            <Input id={`${id}-search`} type="search" placeholder="Name, email or phone" value={search} onChange={(e) => setSearch(e.target.value)} />
            <fieldset className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-label="Bookings">
              {candidates.isLoading ? (
                <p className="p-2 text-sm text-slate-500">Loading bookings…</p>
              ) : candidates.isError ? (
                <p role="alert" className="p-2 text-sm text-red-600">
                  Bookings could not be loaded. Please try again.
                </p>
              ) : bookings.length === 0 ? (
                <p className="p-2 text-sm text-slate-500">
                  {debounced
                    ? `No completed booking since ${claimedOn} matches “${debounced}”.`
                    : `${referral.refereeName} has no completed booking since the claim on ${claimedOn}.`}{' '}
                  Search for the client if they booked under another name, or enter the amount.
                </p>
              ) : (
                bookings.map((b) => (
                  <label
                    key={b.id}
                    data-testid="booking-candidate"
                    className="flex cursor-pointer items-start gap-2 rounded-md p-2 text-sm hover:bg-slate-50 has-[:checked]:bg-blue-50"
                  >
                    <input
                      type="radio"
                      name={`${id}-booking`}
                      className="mt-1"
                      checked={bookingId === b.id}
                      onChange={() => form.setValue('bookingId', b.id, { shouldValidate: form.formState.isSubmitted })}
                    />
                    <span className="min-w-0">
                      <span className="font-medium text-slate-900">{b.client.name}</span>
                      {b.suggested && <span className="ml-1 text-xs text-green-700">(matches the friend)</span>}
                      <span className="block text-xs text-slate-500">
                        {formatDate(b.serviceDate)}
                        {b.serviceType ? ` · ${b.serviceType}` : ''} · {formatCurrency(b.amountCharged)}
                      </span>
                    </span>
                  </label>
                ))
              )}
            </fieldset>
          </div>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-amount`}>Amount of the booking</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              placeholder="0.00"
              aria-invalid={!!errors.amount}
              {...form.register('amount')}
            />
          </div>
        )}
        <FieldError id={`${id}-error`} message={error} />
        <FormActions onCancel={onClose} pending={convert.isPending} submitLabel="Mark converted" pendingLabel="Saving…" />
      </form>
    </DialogContent>
  );
}

import { useId, useState } from 'react';
import { GIFT_TYPES, type GiftType } from '../../../shared/constants';
import { sendGiftSchema } from '../../../shared/schemas/clients';
import { formatCurrency } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/utils';
import type { Client } from './types';
import { useSendGift } from './use-client-mutations';

export function GiftDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()}>
      {client && <GiftForm key={client.id} client={client} onClose={onClose} />}
    </Dialog>
  );
}

function GiftForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const [giftType, setGiftType] = useState<GiftType>('discount');
  const [amount, setAmount] = useState<string>('');
  const [error, setError] = useState<string>();
  const send = useSendGift(onClose);
  const typeId = useId();
  const amountId = useId();
  const presets: readonly number[] = GIFT_TYPES.find((g) => g.value === giftType)?.presets ?? [];
  const parsed = sendGiftSchema.safeParse({ clientId: client.id, giftType, amount: amount === '' ? undefined : amount });
  const valid = parsed.success;
  const value = parsed.success ? parsed.data.amount : 0;

  return (
    <DialogContent>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed.success) return setError(parsed.error.issues[0].message);
          send.mutate(parsed.data);
        }}
      >
        <DialogHeader>
          <DialogTitle>Send Gift</DialogTitle>
          <DialogDescription>Reward {client.name} for their loyalty.</DialogDescription>
        </DialogHeader>

        <div className="space-y-1.5">
          <Label htmlFor={typeId}>Gift type</Label>
          <Select
            value={giftType}
            onValueChange={(v) => {
              setGiftType(v as GiftType);
              setAmount('');
              setError(undefined);
            }}
          >
            <SelectTrigger id={typeId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {GIFT_TYPES.map((g) => (
                <SelectItem key={g.value} value={g.value}>
                  {g.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        {giftType === 'custom' ? (
          <div className="space-y-1.5">
            <Label htmlFor={amountId}>Amount ($)</Label>
            <Input
              id={amountId}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              aria-invalid={!!error}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(undefined);
              }}
            />
          </div>
        ) : (
          <fieldset className="space-y-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">Amount</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {presets.map((p) => {
                const selected = amount === String(p);
                return (
                  <Button
                    key={p}
                    variant="outline"
                    aria-pressed={selected}
                    className={cn('tabular', selected && 'border-brand-500 bg-brand-50 text-brand-700 hover:bg-brand-50')}
                    onClick={() => {
                      setAmount(String(p));
                      setError(undefined);
                    }}
                  >
                    {formatCurrency(p).replace('.00', '')}
                  </Button>
                );
              })}
            </div>
          </fieldset>
        )}
        <FieldError message={error} />

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !valid}>
            {send.isPending ? 'Sending...' : valid ? `Send ${formatCurrency(value)} Gift` : 'Send Gift'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

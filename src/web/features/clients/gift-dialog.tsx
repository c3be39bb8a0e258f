import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { GIFT_TYPES, type GiftType } from '../../../shared/constants';
import { giftLabel, giftMessage, sendGiftSchema } from '../../../shared/schemas/clients';
import { firstName, renderMessage } from '../../../shared/sms-template';
import { useAuth } from '../../lib/auth';
import { SendTimeNote } from '../../components/sms/send-time-note';
import { formatCurrency } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { FormActions } from '../../components/form-actions';
import { FormField } from '../../components/form-field';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/utils';
import type { Client } from './types';
import { useSendGift } from './use-client-mutations';
import { ItemDialog } from '../../components/item-dialog';
import { useSending } from '../../lib/use-sending';
import { KeptDraftNote } from '../../components/kept-draft-note';
import { useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';

/** What a gift dialog keeps through a sign-in: the type chosen (the send's own rule) and the amount as typed. */
const giftDraft = z.object({ giftType: sendGiftSchema.shape.giftType, amount: z.string() });

export const GiftDialog = ({ client, onClose }: { client: Client | null; onClose: () => void }) => (
  <ItemDialog item={client} onClose={onClose}>{(item) => <GiftForm client={item} onClose={onClose} />}</ItemDialog>
);

function GiftForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const draftKey = `gift:client:${client.id}`;
  const kept = useKeptDraft(draftKey, giftDraft);
  const form = useForm({ resolver: zodResolver(sendGiftSchema), defaultValues: { clientId: client.id, giftType: kept?.giftType ?? ('discount' as GiftType), amount: kept?.amount ?? '' } });
  const [giftType, amount] = form.watch(['giftType', 'amount']);
  useKeepDraftOnSessionEnd(draftKey, () => {
    const { giftType: type, amount: chosen } = form.getValues();
    return chosen ? { giftType: type, amount: chosen } : null;
  });
  // isValid is the schema's verdict on what is chosen now: the button names the gift only when it can be sent.
  const { isValid, errors } = form.formState;
  const send = useSending(useSendGift(onClose).mutateAsync);
  const typeId = useId();
  const amountId = useId();
  const presets: readonly number[] = GIFT_TYPES.find((g) => g.value === giftType)?.presets ?? [];
  const choose = (value: string) => form.setValue('amount', value, { shouldValidate: true });

  return (
    <DialogContent>
      <form className="grid gap-4" onSubmit={form.handleSubmit(send.send)}>
        <DialogHeader>
          <DialogTitle>Send Gift</DialogTitle>
          <DialogDescription>Reward {client.name} for their loyalty.</DialogDescription>
        </DialogHeader>

        <div className="space-y-1.5">
          <Label htmlFor={typeId}>Gift type</Label>
          <Select
            value={giftType}
            onValueChange={(v) => {
              form.setValue('giftType', v as GiftType);
              choose('');
              form.clearErrors();
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
          <FormField
            id={amountId}
            label="Amount ($)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0.00"
            aria-invalid={!!errors.amount}
            {...form.register('amount')}
          />
        ) : (
          <fieldset className="space-y-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">Amount</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {presets.map((p) => {
                const selected = amount === String(p);
                return (
                  <Button
                    key={p}
                    type="button"
                    variant="outline"
                    aria-pressed={selected}
                    className={cn('tabular', selected && 'border-brand-500 bg-brand-50 text-brand-700 hover:bg-brand-50')}
                    onClick={() => choose(String(p))}
                  >
                    {formatCurrency(p).replace('.00', '')}
                  </Button>
                );
              })}
            </div>
          </fieldset>
        )}
        <FieldError message={errors.amount?.message ?? errors.giftType?.message} />
        {kept && <KeptDraftNote />}
        <GiftText client={client} text={isValid ? giftMessage(giftLabel(giftType, Number(amount))) : null} />
        <SendTimeNote clientId={client.id} />

        <FormActions
          onCancel={onClose}
          pending={send.sending}
          canSubmit={isValid}
          submitLabel={isValid ? `Send ${formatCurrency(Number(amount))} Gift` : 'Send Gift'}
          pendingLabel="Sending..."
        />
      </form>
    </DialogContent>
  );
}

/** The text the client will get, filled in as the server fills it (the client's first name, the business's name). */
function GiftText({ client, text }: { client: Client; text: string | null }) {
  const { business } = useAuth();
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-700">Text to {client.name}</p>
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="gift-text">
        {text ? renderMessage(text, { clientName: firstName(client.name), businessName: business?.name }).text : 'Choose an amount to see the text.'}
      </p>
    </div>
  );
}

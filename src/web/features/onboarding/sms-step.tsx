import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, Phone } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatPhone } from '../../../shared/format';
import { assignLocalNumberSchema } from '../../../shared/schemas/sms';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/form-field';
import { FieldError, Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { assignLocalNumber, refreshAfterNumber } from '../../lib/query-keys/sms';
import { errorMessages } from '../../lib/form-errors';
import { Switch } from './forwarding-switch';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Step 3: a local number from an area code (max 3) or ZIP (max 5), replies forwarded to the owner's phone. */
export function SmsStep() {
  const qc = useQueryClient();
  const { business } = useAuth();
  const form = useForm({
    resolver: zodResolver(assignLocalNumberSchema),
    defaultValues: { preferredAreaCode: '', businessZipCode: '', forwardingNumber: business?.phone ?? '', enableForwarding: true },
  });
  const [forwarding, personal] = form.watch(['enableForwarding', 'forwardingNumber']);
  const error = errorMessages(form.formState.errors)[0];
  const id = useId();
  const number = business?.selectedPhoneNumber ?? business?.twilioPhoneNumber ?? null;

  const assign = useMutation({
    mutationFn: assignLocalNumber,
    onSuccess: (result) => {
      toast({ title: 'SMS Number Assigned!', description: `Your business number is ${result.friendlyNumber}.` });
      return refreshAfterNumber(qc);
    },
    onError: (e) => toast({ title: 'SMS Setup Failed', description: errorMessage(e, 'Failed to assign phone number'), variant: 'destructive' }),
  });

  if (number) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4" data-testid="setup-sms-ready">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <p className="font-semibold text-green-900">
            Your business SMS number is <span className="tabular">{formatPhone(number)}</span>
          </p>
          <p className="mt-1 text-sm text-green-900">
            Thank-you and referral texts come from this number once US carriers approve your business: register it under SMS Management (Setup). Replies
            arrive in SMS Management. Your first 100 texts are free.
          </p>
        </div>
      </div>
    );
  }

  // The body as typed (the server trims and checks it again); no forwarding number when forwarding is off.
  const setUp = form.handleSubmit(() => {
    const body = form.getValues();
    assign.mutate({ ...body, forwardingNumber: body.enableForwarding ? body.forwardingNumber : '' });
  });
  const blocked = forwarding && !personal?.trim();

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Pick a local number so your texts come from your business. Enter the area code you want, or your ZIP code. Texts wait until US carriers approve
        your business (A2P 10DLC registration under SMS Management, Setup).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="preferredAreaCode"
          render={({ field }) => (
            <FormField id={`${id}-area`} label="Preferred area code" inputMode="numeric" maxLength={3} placeholder="512" {...field} value={field.value ?? ''} onChange={(e) => field.onChange(digits(e.target.value, 3))} />
          )}
        />
        <Controller
          control={form.control}
          name="businessZipCode"
          render={({ field }) => (
            <FormField id={`${id}-zip`} label="Business ZIP code" inputMode="numeric" maxLength={5} placeholder="78701" {...field} value={field.value ?? ''} onChange={(e) => field.onChange(digits(e.target.value, 5))} />
          )}
        />
      </div>
      <div className="space-y-3 rounded-lg border border-slate-200 p-4">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={`${id}-fwd`}>Forward replies to my phone</Label>
            <p id={`${id}-fwd-hint`} className="mt-1 text-xs text-slate-500">
              When a client texts back, we forward the reply to your personal phone. Replies also show in SMS Management.
            </p>
          </div>
          <Switch id={`${id}-fwd`} checked={forwarding ?? true} onCheckedChange={(on) => form.setValue('enableForwarding', on)} describedBy={`${id}-fwd-hint`} />
        </div>
        {forwarding && (
          <FormField
            id={`${id}-personal`}
            label="Your personal phone number"
            type="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            maxLength={30}
            required
            {...form.register('forwardingNumber')}
          />
        )}
      </div>
      <FieldError message={error} />
      <Button onClick={() => void setUp()} disabled={blocked || assign.isPending} className="w-full sm:w-auto">
        {assign.isPending ? <Loader2 className="animate-spin" /> : <Phone />}
        {assign.isPending ? 'Setting up your number...' : 'Get My SMS Number'}
      </Button>
      {blocked && <p className="text-xs text-slate-500">Enter your personal phone number to forward replies, or turn forwarding off.</p>}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, MapPin, Phone, Search } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatPhone } from '../../../shared/format';
import { AREA_CODE_OR_ZIP_REQUIRED, searchNumbersSchema } from '../../../shared/schemas/sms';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { errorMessages } from '../../lib/form-errors';
import { typedField } from '../../lib/typed-field';
import { useNumberSetup } from './use-number-setup';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Spec part 2: search by area code (max 3) or ZIP (max 5), pick a number, and it is the business's. */
export function NumberSearch({ onReady }: { onReady: () => void }) {
  const setup = useNumberSetup(onReady);
  // Checked again only on the next search: typing clears the message, as the spec's form does.
  const form = useForm({ resolver: zodResolver(searchNumbersSchema), defaultValues: { areaCode: '', businessZipCode: '' }, reValidateMode: 'onSubmit' });
  const error = errorMessages(form.formState.errors)[0];
  const id = useId();

  if (setup.step === 'selecting' || setup.step === 'purchasing') {
    const where = setup.searched.areaCode ? `area code ${setup.searched.areaCode}` : `ZIP ${setup.searched.businessZipCode}`;
    return (
      <Card>
        <CardHeader>
          <CardTitle>Choose your business SMS number</CardTitle>
          <CardDescription>Numbers available near {where}. Clients will see this number on every text.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Available numbers" data-testid="available-numbers">
            {setup.numbers.map((n) => {
              const buying = setup.pendingNumber === n.phoneNumber;
              return (
                <li key={n.phoneNumber} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 tabular">{n.friendlyName || formatPhone(n.phoneNumber)}</p>
                    {(n.locality || n.region) && (
                      <p className="flex items-center gap-1 text-xs text-slate-500">
                        <MapPin className="size-3" aria-hidden="true" />
                        {[n.locality, n.region].filter(Boolean).join(', ')}
                      </p>
                    )}
                  </div>
                  <Button
                    size="sm"
                    disabled={setup.step === 'purchasing'}
                    onClick={() => setup.purchase(n.phoneNumber)}
                    aria-label={`Choose ${n.friendlyName || formatPhone(n.phoneNumber)}`}
                  >
                    {buying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {buying ? 'Setting up...' : 'Choose'}
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button variant="outline" onClick={setup.searchAgain} disabled={setup.step === 'purchasing'}>
            Search Again
          </Button>
        </CardContent>
      </Card>
    );
  }

  const searching = setup.step === 'searching';
  // One message for both boxes (the schema asks for either), so both point at it.
  const digitsInput = (name: 'areaCode' | 'businessZipCode', label: string, max: number, autoComplete: string, placeholder: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={max}
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...typedField(form, name, { tidy: (v) => digits(v, max), clearAll: true })}
      />
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <div className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Phone className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>Choose your business SMS number</CardTitle>
        <CardDescription>A local number your clients will recognise. Your first 100 messages are free.</CardDescription>
        <p className="text-sm text-amber-800" data-testid="registration-notice">
          Before your number can text, US carriers must approve your business (A2P 10DLC registration). You register it here right after
          choosing the number; texts wait until it is approved.
        </p>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(
            (v) => setup.search({ areaCode: v.areaCode ?? '', businessZipCode: v.businessZipCode ?? '' }),
            () =>
              toast({
                title: AREA_CODE_OR_ZIP_REQUIRED,
                description: 'Please enter an area code or ZIP code to search for available numbers.',
                variant: 'destructive',
              }),
          )}
        >
          <div className="grid gap-4 sm:grid-cols-[1fr_auto_1fr] sm:items-end">
            {digitsInput('areaCode', 'Area code', 3, 'off', 'e.g. 512')}
            <span className="hidden pb-2.5 text-sm text-slate-500 sm:block">or</span>
            {digitsInput('businessZipCode', 'Business ZIP code', 5, 'postal-code', 'e.g. 78701')}
          </div>
          <FieldError id={`${id}-error`} message={error} />
          <Button type="submit" disabled={searching} className="w-full sm:w-auto sm:justify-self-start">
            {searching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            {searching ? 'Searching...' : 'Search Numbers'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

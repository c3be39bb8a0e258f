import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  existingServiceSchema,
  REGISTRATION_FEES as FEES,
  REGISTRATION_SUBMISSIONS_PER_DAY,
  registrationDetailsSchema,
  type Registration,
  type RegistrationDetailsInput,
  US_STATES,
} from '../../../shared/schemas/sms-registration';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { typedField } from '../../lib/typed-field';
import { useAuth } from '../../lib/auth';
import { apiQuery } from '../../lib/api-query';
import { contactOf, stateOfTimeZone } from './registration-defaults';
import { RegistrationSteps } from './registration-steps';
import { useRegistration, useSubmitRegistration } from './use-registration';

type Field = 'legalName' | 'ein' | 'street' | 'city' | 'postalCode' | 'website' | 'firstName' | 'lastName' | 'email' | 'phone' | 'title';
const FIELDS: { name: Field; label: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'url' }[] = [
  { name: 'legalName', label: 'Legal business name (as the IRS has it)', autoComplete: 'organization' },
  { name: 'ein', label: 'EIN', inputMode: 'numeric' },
  { name: 'street', label: 'Street address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'ZIP code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'website', label: 'Website', autoComplete: 'url', inputMode: 'url' },
  { name: 'firstName', label: 'Contact first name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Contact last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Contact email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Contact mobile phone', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'title', label: 'Contact job title', autoComplete: 'organization-title' },
];
const selectClass = 'flex h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

/** Carrier registration (A2P 10DLC) of the business's number: its steps, the form, or the business's own messaging service. */
export function RegistrationCard() {
  const { data, isPending, isError } = useRegistration();
  const profile = useQuery(apiQuery('GET /api/business/profile'));
  if (isPending || profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (isError || !data) {
    return (
      <p role="alert" className="text-sm text-red-600">
        The texting registration could not be loaded. Please try refreshing the page.
      </p>
    );
  }
  const approved = data.status === 'approved';
  const editable = data.status === 'none' || data.status === 'draft' || data.status === 'failed';
  return (
    <Card className={approved ? 'border-green-200' : 'border-amber-200'} data-testid="registration-card">
      <CardHeader>
        <div className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>{approved ? 'Registered for texting' : 'Register your business for texting'}</CardTitle>
        <CardDescription>
          {approved
            ? data.mode === 'existing'
              ? `Your texts go out through your own messaging service ${data.messagingServiceSid ?? ''}.`
              : 'US carriers approved your business: your texts can go out.'
            : 'US carriers only deliver texts from businesses registered for A2P 10DLC. We register yours with Twilio; texts wait until it is approved.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {data.status !== 'none' && <RegistrationSteps registration={data} />}
        {data.status !== 'none' && data.steps.brand.status === 'approved' && data.steps.campaign.status === 'draft' && (
          <p className="text-sm text-slate-600">The campaign is submitted once your business has its SMS number.</p>
        )}
        {editable && <RegistrationForm registration={data} timeZone={profile.data?.timeZone} />}
        {editable && <ExistingServiceForm />}
      </CardContent>
    </Card>
  );
}

function Fees() {
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700" data-testid="registration-fees">
      <p className="font-medium text-slate-900">Twilio's fees and review times</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>Brand registration: ${FEES.brandOneTime} once; review {FEES.brandReview}.</li>
        <li>Campaign vetting: ${FEES.campaignVettingOneTime} once; review {FEES.campaignReview}.</li>
        <li>
          Campaign: ${FEES.monthlyLowVolume.toFixed(2)} a month (low-volume), ${FEES.monthlySoleProprietor} a month for a sole proprietor.
        </li>
      </ul>
    </div>
  );
}

/** What a resubmission costs again, shown beside its button: a new brand, or a new campaign's vetting. */
function ResubmissionFee({ registration }: { registration: Registration }) {
  const { profile, brand, campaign } = registration.steps;
  if (registration.status !== 'failed') return null;
  const brandAgain = profile.status === 'failed' || brand.status === 'failed';
  if (!brandAgain && campaign.status !== 'failed') return null;
  return (
    <p className="text-sm text-slate-700" data-testid="resubmission-fee">
      {brandAgain
        ? `Resubmitting registers a new brand: Twilio charges the $${FEES.brandOneTime} brand fee again.`
        : `Resubmitting submits a new campaign: Twilio charges the $${FEES.campaignVettingOneTime} vetting fee again.`}{' '}
      At most {REGISTRATION_SUBMISSIONS_PER_DAY} submissions a day.
    </p>
  );
}

const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Record<Field, string>;

function RegistrationForm({ registration, timeZone }: { registration: Registration; timeZone: string | undefined }) {
  const id = useId();
  const { business } = useAuth();
  const { submit } = useSubmitRegistration();
  // Every message at once under its field; each goes away while the owner changes that field.
  const form = useForm({
    resolver: zodResolver(registrationDetailsSchema),
    // The saved details are the ones this form sent (the server keeps them as text).
    // Otherwise the contact given at sign-up, and the State only where the time zone names it (registration-defaults.ts).
    defaultValues: { ...EMPTY, businessType: 'llc', state: stateOfTimeZone(timeZone), ...contactOf(business), ...registration.details } as RegistrationDetailsInput,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const sole = form.watch('businessType') === 'sole_proprietor';
  // A sole proprietor has no EIN: the hidden field is emptied, so a half-typed one is neither checked nor sent.
  useEffect(() => {
    if (sole) form.setValue('ein', '');
  }, [sole, form]);
  const field = (f: (typeof FIELDS)[number]) => (
    <FormField
      key={f.name}
      id={`${id}-${f.name}`}
      label={f.label}
      autoComplete={f.autoComplete}
      inputMode={f.inputMode}
      error={errors[f.name]?.message}
      {...typedField(form, f.name)}
    />
  );
  const select = (name: 'businessType' | 'state', label: string, options: ReactNode) => (
    <div className="space-y-1.5">
      {/* Framed as FormField frames its label, so the row's labels line up. */}
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
      </div>
      <select id={`${id}-${name}`} className={selectClass} {...typedField(form, name)}>
        {options}
      </select>
      <FieldError message={errors[name]?.message} />
    </div>
  );
  // The details as typed: the server tidies them (EIN digits, phone format) and checks them again.
  const send = () =>
    submit.mutate(form.getValues(), {
      onSuccess: (res) => toast({ title: res.message, variant: res.registration.status === 'failed' ? 'destructive' : undefined }),
      onError: (error) => toast({ title: 'Registration not submitted', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <form noValidate aria-label="Business registration" className="space-y-4" onSubmit={form.handleSubmit(send)}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {select(
          'businessType',
          'Business type',
          BUSINESS_TYPES.map((t) => (
            <option key={t} value={t}>
              {BUSINESS_TYPE_LABELS[t]}
            </option>
          )),
        )}
        {FIELDS.filter((f) => !(sole && f.name === 'ein')).slice(0, 4).map(field)}
        {select(
          'state',
          'State',
          [
            <option key="" value="">
              Choose a state
            </option>,
            ...US_STATES.map((s) => <option key={s}>{s}</option>),
          ],
        )}
        {FIELDS.filter((f) => !(sole && f.name === 'ein')).slice(4).map(field)}
      </div>
      <Fees />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {submit.isPending ? 'Submitting...' : registration.status === 'failed' ? 'Resubmit Registration' : 'Submit Registration'}
        </Button>
        <ResubmissionFee registration={registration} />
      </div>
    </form>
  );
}

function ExistingServiceForm() {
  const id = useId();
  const { existing } = useSubmitRegistration();
  const form = useForm({ resolver: zodResolver(existingServiceSchema), defaultValues: { messagingServiceSid: '' }, reValidateMode: 'onSubmit' });
  const error = form.formState.errors.messagingServiceSid?.message;
  const use = ({ messagingServiceSid }: { messagingServiceSid: string }) =>
    existing.mutate(messagingServiceSid, {
      onSuccess: (res) => toast({ title: res.message }),
      onError: (err) => form.setError('messagingServiceSid', { message: errorMessage(err, 'The messaging service could not be checked. Please try again.') }),
    });
  return (
    <form noValidate aria-label="Existing messaging service" className="max-w-3xl space-y-2 border-t border-slate-200 pt-4" onSubmit={form.handleSubmit(use)}>
      <Label htmlFor={`${id}-sid`}>Already registered? Your messaging service SID</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-sid`}
          placeholder="MG..."
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-sid-error` : undefined}
          {...typedField(form, 'messagingServiceSid', { tidy: (v) => v.trim() })}
        />
        <Button type="submit" variant="outline" disabled={existing.isPending}>
          {existing.isPending ? 'Checking...' : 'Use This Service'}
        </Button>
      </div>
      <FieldError id={`${id}-sid-error`} message={error} />
    </form>
  );
}

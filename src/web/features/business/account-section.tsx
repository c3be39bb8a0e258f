import { LifeBuoy, Mail, Phone, UserRound } from 'lucide-react';
import { FREE_SMS_MESSAGES } from '../../../shared/constants';
import { formatPhone } from '../../../shared/format';
import type { BusinessProfile } from '../../../shared/schemas/business';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { ReadOnlyField, SectionCard } from './section-card';
import { useSmsUsage } from './use-settings';

/** Account Information: status 'Active', plan 'Free Plan', the free texts used (spec part 2 "Settings"). */
export function AccountSection({ profile }: { profile: BusinessProfile }) {
  const usage = useSmsUsage();
  const used = usage.data?.used ?? 0;
  const free = usage.data?.free ?? FREE_SMS_MESSAGES;
  const share = Math.min(100, Math.round((used / free) * 100));
  return (
    <SectionCard title="Account Information" description="Your plan and what it includes." icon={UserRound}>
      <dl className="grid gap-4 sm:grid-cols-3">
        <ReadOnlyField label="Status">
          <Badge variant="success">Active</Badge>
        </ReadOnlyField>
        <ReadOnlyField label="Plan">Free Plan</ReadOnlyField>
        <ReadOnlyField label="Member Since">
          {new Date(profile.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}
        </ReadOnlyField>
        <div className="space-y-2 sm:col-span-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">SMS Usage</dt>
          <dd className="space-y-2 text-sm text-slate-900">
            {usage.isLoading ? (
              <Skeleton className="h-5 w-56" />
            ) : usage.isError ? (
              <span className="text-slate-500">SMS usage could not be loaded.</span>
            ) : (
              <>
                <p className="tabular">
                  {used} of {free} free messages used
                  {used >= free ? ' (free messages used up)' : ` (${free - used} left)`}
                </p>
                <div
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                  role="progressbar"
                  aria-label="Free SMS messages used"
                  aria-valuemin={0}
                  aria-valuemax={free}
                  aria-valuenow={Math.min(used, free)}
                >
                  <div className={used >= free ? 'h-full bg-amber-500' : 'h-full bg-brand-600'} style={{ width: `${share}%` }} />
                </div>
                <p className="text-slate-500">
                  {profile.selectedPhoneNumber ? `Your business number: ${formatPhone(profile.selectedPhoneNumber)}` : 'No business SMS number yet.'}
                </p>
              </>
            )}
          </dd>
        </div>
      </dl>
      <HelpLinks phone={profile.supportPhone} email={profile.supportEmail} />
    </SectionCard>
  );
}

/** Help: a phone link on a phone, a mailto link on a desktop (spec); the values come from SUPPORT_PHONE and SUPPORT_EMAIL. */
function HelpLinks({ phone, email }: { phone: string; email: string }) {
  const desktop = useMediaQuery(MD_UP);
  const link = 'inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline';
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <LifeBuoy className="size-4 text-slate-500" aria-hidden="true" />
      <span>Need help with your account?</span>
      {desktop ? (
        <a className={link} href={`mailto:${email}?subject=${encodeURIComponent('Referloop support request')}`}>
          <Mail className="size-4" aria-hidden="true" />
          Email support ({email})
        </a>
      ) : (
        <a className={link} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          <Phone className="size-4" aria-hidden="true" />
          Call support {formatPhone(phone)}
        </a>
      )}
    </div>
  );
}

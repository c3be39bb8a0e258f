import { MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';

/** Spec part 1: shown while the business profile has no twilioPhoneNumber. */
export function SmsSetupBanner() {
  return (
    <section
      aria-labelledby="sms-setup-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="sms-setup-banner"
    >
      <div className="flex items-start gap-3">
        <MessageSquareWarning className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <h2 id="sms-setup-title" className="text-sm font-semibold text-amber-900">
            SMS Not Set Up
          </h2>
          <p className="text-sm text-amber-800">Choose a business number to text your clients and see their replies here.</p>
        </div>
      </div>
      <Link to="/sms" className={buttonVariants({ className: 'self-start sm:self-auto' })}>
        Set Up SMS
      </Link>
    </section>
  );
}

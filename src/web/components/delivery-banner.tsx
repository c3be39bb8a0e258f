import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/utils';
import { apiQuery } from '../lib/api-query';

type DeliveryKind = 'sms' | 'email';

const NOTES = {
  sms: {
    title: 'Texts go to the SMS simulator',
    body: 'No Twilio account is connected, so texts are kept in the app and never reach a phone.',
    fix: 'To text real phones, set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (with APP_URL, for replies) on the server and restart it.',
  },
  email: {
    title: 'E-mail is saved as files',
    body: "No mail server is connected, so e-mails are written to the server's data folder (DATA_DIR/mail) and never reach an inbox.",
    fix: 'To send real e-mail, set SMTP_URL (e.g. smtp://user:pass@mail.example.com:587) on the server and restart it.',
  },
} as const;

/** The one-line banner's sentence, by what is simulated. */
function shortNote(kinds: DeliveryKind[]): string {
  if (kinds.length === 2) return 'Texts and e-mail are simulated.';
  return `${NOTES[kinds[0]].title}.`;
}

/** The simulated drivers among `show`; none until the drivers are known. */
function useSimulated(show: DeliveryKind[]): DeliveryKind[] {
  const { data } = useQuery(apiQuery('GET /api/business/delivery'));
  if (!data) return [];
  return show.filter((kind) => (kind === 'sms' ? data.sms === 'simulator' : data.email === 'files'));
}

const BANNER = 'rounded-xl border border-sky-200 bg-sky-50 text-sm text-sky-900';

/**
 * One line on the screens that text or e-mail (SMS, Leads) while the server runs without Twilio or without SMTP:
 * "sent" then means sent to the simulator or to a file. What to set on the server is on Settings, where "Details"
 * leads (docs/settings.md "Delivery banner").
 */
export function DeliveryBanner({ show, className = 'mb-6' }: { show: DeliveryKind[]; className?: string }) {
  const kinds = useSimulated(show);
  if (!kinds.length) return null;
  return (
    <section aria-label="Delivery is simulated" className={cn(className, BANNER, 'flex items-center gap-2 px-3 py-2')}>
      <FlaskConical className="size-4 shrink-0 text-sky-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 truncate">{shortNote(kinds)}</p>
      <Link to="/settings#delivery" className="shrink-0 font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900">
        Details<span className="sr-only"> on Settings</span>
      </Link>
    </section>
  );
}

/** Settings: what is simulated, why, and which server variables make it real. */
export function DeliveryDetails({ className = 'mb-6' }: { className?: string }) {
  const kinds = useSimulated(['sms', 'email']);
  if (!kinds.length) return null;
  return (
    <section id="delivery" aria-label="Delivery is simulated" className={cn(className, BANNER, 'flex items-start gap-3 p-4')}>
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-sky-600" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        {kinds.map((kind) => (
          <p key={kind}>
            <strong className="font-semibold">{NOTES[kind].title}.</strong> {NOTES[kind].body} {NOTES[kind].fix}
          </p>
        ))}
      </div>
    </section>
  );
}

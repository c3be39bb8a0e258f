import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import type { DeliveryDrivers } from '../../shared/schemas/delivery';
import { cn } from '../lib/utils';
import { DELIVERY_KEY } from '../lib/query-keys/business';


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

/**
 * A visible note on the screens that text or e-mail (SMS, Leads, Settings) while the server runs without Twilio
 * or without SMTP: "sent" then means sent to the simulator or to a file (docs/settings.md "Delivery banner").
 */
export function DeliveryBanner({ show, className = 'mb-6' }: { show: ('sms' | 'email')[]; className?: string }) {
  const { data } = useQuery<DeliveryDrivers>({ queryKey: [DELIVERY_KEY] });
  if (!data) return null;
  const notes = show.filter((kind) => (kind === 'sms' ? data.sms === 'simulator' : data.email === 'files'));
  if (!notes.length) return null;
  return (
    <section
      aria-label="Delivery is simulated"
      className={cn(className, 'flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900')}
      data-testid="delivery-banner"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-sky-600" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        {notes.map((kind) => (
          <p key={kind}>
            <strong className="font-semibold">{NOTES[kind].title}.</strong> {NOTES[kind].body} {NOTES[kind].fix}
          </p>
        ))}
      </div>
    </section>
  );
}

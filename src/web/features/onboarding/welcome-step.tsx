import { Gift, MessageSquare, Star, Upload, type LucideIcon } from 'lucide-react';
import { TimeZoneConfirm } from './time-zone-confirm';

const AHEAD: { icon: LucideIcon; text: string }[] = [
  { icon: Upload, text: 'Bring in your clients from your booking tool or a CSV/Excel file' },
  { icon: MessageSquare, text: 'Get a local business number for thank-you and referral texts' },
  { icon: Gift, text: 'Choose the reward friends get when your clients refer them' },
  { icon: Star, text: 'Add your Google review link so happy clients can review you' },
];

/** Step 1: what the guide does, in about five minutes. */
export function WelcomeStep({ businessName, typeLabel }: { businessName?: string; typeLabel?: string }) {
  return (
    <div className="space-y-4">
      <p className="text-slate-600">
        {businessName ? `Hi ${businessName}! ` : ''}Let&apos;s get your referral system set up
        {typeLabel ? ` for your ${typeLabel.toLowerCase()} business` : ''}. It takes about 5 minutes, and you can skip any step and come back to it
        later.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {AHEAD.map((item) => (
          <li key={item.text} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            <item.icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {item.text}
          </li>
        ))}
      </ul>
      <TimeZoneConfirm />
    </div>
  );
}

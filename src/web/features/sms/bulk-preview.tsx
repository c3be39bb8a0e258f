import { AlertTriangle } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { firstName, referralLink, renderPreview } from './preview';
import type { BulkClient } from './types';
import { useOutreachSettings } from './use-sms';

/** The text the first selected client would read, with the placeholders that have no value yet. */
export function BulkPreview({ message, client }: { message: string; client: BulkClient | undefined }) {
  const { business } = useAuth();
  const settings = useOutreachSettings();
  const { text, missing } = renderPreview(message.trim(), {
    clientName: client ? firstName(client.name) : undefined,
    referralCode: client?.referralCode,
    referralLink: client ? referralLink(window.location.origin, client.referralCode) : undefined,
    referralDiscount: settings.data?.referralDiscount,
    googleReviewLink: settings.data?.googleReviewLink,
    businessName: business?.name,
  });
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="bulk-preview">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Preview{client ? ` for ${client.name}` : ''}</p>
      <p className="mt-1 max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm whitespace-pre-wrap break-words text-white">{text}</p>
      {client && settings.data && missing.length > 0 && (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-amber-800" data-testid="bulk-preview-missing">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            {missing.join(', ')} {missing.length === 1 ? 'has' : 'have'} no value yet (Settings): a text that uses {missing.length === 1 ? 'it' : 'them'} is not
            sent.
          </span>
        </p>
      )}
    </div>
  );
}

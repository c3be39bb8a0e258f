import { AlertTriangle } from 'lucide-react';
import { unsetSettingsSentence } from '../../../shared/sms-template';
import { useAuth } from '../../lib/auth';
import { firstName, referralLink, renderPreview } from './preview';
import type { BulkClient } from './use-sms';
import { useOutreachSettings } from './use-sms';

/**
 * The text the chosen client would read and, when the message uses a Settings value that has none yet, the
 * sentence bulk send refuses it with (`unset`, read by the tab, which disables Send then).
 */
export function BulkPreview({ message, client, unset, unsetId }: { message: string; client: BulkClient | undefined; unset: string[]; unsetId: string }) {
  const { business } = useAuth();
  const settings = useOutreachSettings();
  const { text } = renderPreview(message.trim(), {
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
      {unset.length > 0 && (
        <p id={unsetId} className="mt-2 flex items-start gap-1.5 text-xs text-amber-800" data-testid="bulk-preview-missing">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{unsetSettingsSentence(unset)}</span>
        </p>
      )}
    </div>
  );
}

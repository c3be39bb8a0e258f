import { MessageSquare, Phone } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import { useUnreadReplies } from '../../components/app-shell/use-nav-counts';
import { usePageTitle } from '../../lib/use-page-title';
import { Button } from '../../components/ui/button';

interface SmsHeaderProps {
  number: string | null;
  onChooseNumber: () => void;
  onOpenInbox: () => void;
}

/** The business number, formatted (xxx) xxx-xxxx, or the call to choose one; and the unread badge. */
export function SmsHeader({ number, onChooseNumber, onOpenInbox }: SmsHeaderProps) {
  usePageTitle('SMS Management');
  const unread = useUnreadReplies();
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">SMS Management</h1>
        {number ? (
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <Phone className="size-4 text-brand-600" aria-hidden="true" />
            <span>
              Your business number <span className="font-semibold text-slate-900 tabular" data-testid="sms-number">{formatPhone(number)}</span>
            </span>
          </p>
        ) : (
          <Button variant="link" className="mt-1 h-auto p-0" onClick={onChooseNumber}>
            Choose your business SMS number
          </Button>
        )}
      </div>
      <Button variant="outline" onClick={onOpenInbox} className="self-start sm:self-auto" data-testid="sms-unread">
        <MessageSquare aria-hidden="true" />
        Unread replies
        <span
          className={
            unread > 0
              ? 'min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white tabular'
              : 'min-w-5 rounded-full bg-slate-100 px-1.5 py-0.5 text-center text-xs font-semibold text-slate-700 tabular'
          }
          data-testid="sms-unread-count"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      </Button>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { willBeSentAt } from '../../../shared/schemas/send-time';
import { apiQuery } from '../../lib/api-query';

/**
 * "Will be sent at 8:00 am their time" in a one-tap dialog (thank-you, gift, follow-up) when the client's hours
 * are closed now: the server's answer, from the rule it sends by (docs/sms-send-window.md). Nothing while it
 * loads or when the text goes at once.
 */
export function SendTimeNote({ clientId }: { clientId: number }) {
  const { data } = useQuery({ ...apiQuery('GET /api/sms/send-time', { query: { clientId } }), staleTime: 0 });
  if (!data?.scheduled) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="send-time">
      <Clock className="size-4 shrink-0" aria-hidden />
      {willBeSentAt(data.scheduled)}
    </p>
  );
}

import { ToastAction } from '../../components/ui/toast';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';

/** The send service's answer when the business has no SMS number yet (server features/sms/send/send.ts). */
const NO_NUMBER = /no SMS number yet/i;

/**
 * A Thanks or Gift that did not go: the spec's title, and the server's sentence when it says what
 * happened (a refusal, 4xx, or the provider's failure, 502); otherwise the fallback. Without a business
 * number the toast links to the SMS set-up.
 */
export function sendFailureToast(title: string, error: unknown, fallback?: string) {
  const said = error instanceof ApiError && (error.status < 500 || error.status === 502) ? error.serverMessage : undefined;
  const description = said ?? fallback;
  const action = said && NO_NUMBER.test(said) ? (
    <ToastAction altText="Set up SMS" asChild>
      <a href="/outreach">Set up SMS</a>
    </ToastAction>
  ) : undefined;
  toast({ title, description, action, variant: 'destructive' });
}

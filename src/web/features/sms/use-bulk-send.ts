import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { refreshMessaging } from './use-sms';

export interface BulkProgress {
  total: number;
  done: number;
  sent: number;
  failed: { clientId: number; name: string; reason: string }[];
  finished: boolean;
}

/**
 * One POST /api/sms/reply per selected client (spec part 2 section 7), one after another so the counts on
 * screen are the server's answers: sent is what it accepted, failed what it refused, with its reason.
 */
export function useBulkSend() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);

  const send = async (recipients: { id: number; name: string }[], message: string) => {
    let state: BulkProgress = { total: recipients.length, done: 0, sent: 0, failed: [], finished: false };
    setProgress(state);
    for (const r of recipients) {
      try {
        await apiJson<unknown>('POST', '/api/sms/reply', { clientId: r.id, message });
        state = { ...state, done: state.done + 1, sent: state.sent + 1 };
      } catch (error) {
        state = { ...state, done: state.done + 1, failed: [...state.failed, { clientId: r.id, name: r.name, reason: errorMessage(error, 'Not sent') }] };
      }
      setProgress(state);
    }
    state = { ...state, finished: true };
    setProgress(state);
    void refreshMessaging(qc);
    if (state.failed.length === 0) {
      toast({ title: 'Messages sent successfully', description: `Sent to ${state.sent} ${state.sent === 1 ? 'client' : 'clients'}.` });
    } else {
      toast({
        title: 'Failed to send messages',
        description: `${state.sent} sent, ${state.failed.length} failed: ${state.failed[0].reason}`,
        variant: 'destructive',
      });
    }
    return state;
  };

  return { progress, sending: progress !== null && !progress.finished, send, clear: () => setProgress(null) };
}

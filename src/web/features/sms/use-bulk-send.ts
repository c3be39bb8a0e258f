import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BulkBatch, BulkSendResponse } from '../../../shared/schemas/sms-bulk';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { useAuth } from '../../lib/auth';
import { toast } from '../../components/ui/use-toast';
import { finishedToast, pickBatch, readDismissed, writeDismissed } from './bulk-batch';
import { refreshMessaging } from './use-sms';
import { BULK_KEY } from '../../lib/query-keys/sms';

/** How often a batch still going out is read again. */
export const BULK_POLL_MS = 2000;

/**
 * A bulk send is server work (POST /api/sms/bulk queues one text per client); the tab follows the batch it
 * started, or on opening the newest one still going out, reading GET /api/sms/bulk/:id every 2 s until it is
 * finished. The tab's content unmounts when another tab is chosen, which stops the polling.
 */
export function useBulkSend(opts: { onFinished?: (batch: BulkBatch) => void } = {}) {
  const qc = useQueryClient();
  const { business } = useAuth();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dismissedId, setDismissedId] = useState<number | null>(() => readDismissed(business?.id));
  const [posting, setPosting] = useState(false);
  // A second tap before the button is drawn disabled starts nothing (the server would answer it with the same batch).
  const postingNow = useRef(false);

  // Read again on every visit: texts went out while the tab was closed.
  const list = useQuery({ ...apiQuery('GET /api/sms/bulk'), refetchOnMount: 'always', enabled: chosenId == null });
  const batchId = chosenId ?? (list.data ? pickBatch(list.data.batches, dismissedId) : null);
  // The list names only each batch's first problems: its entry stands in for the batch only when that is all of them.
  const listed = list.data?.batches.find((b) => b.id === batchId);
  const fromList = listed && listed.problems.length === listed.failed + listed.skipped ? listed : undefined;

  const batch = useQuery({
    ...apiQuery('GET /api/sms/bulk/:id', { params: { id: batchId ?? 0 } }),
    enabled: batchId != null,
    initialData: fromList,
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data && !q.state.data.finished ? BULK_POLL_MS : false),
  });
  const current = batchId != null ? batch.data : undefined;

  // The toast is for a batch seen going out here and then finishing, not for one that ended while away.
  const seenGoing = useRef(new Set<number>());
  const onFinished = useRef(opts.onFinished);
  onFinished.current = opts.onFinished;
  useEffect(() => {
    if (!current) return;
    if (!current.finished) {
      seenGoing.current.add(current.id);
      return;
    }
    if (!seenGoing.current.delete(current.id)) return;
    const t = finishedToast(current);
    toast({ title: t.title, description: t.description, variant: t.ok ? undefined : 'destructive' });
    onFinished.current?.(current);
  }, [current]);

  // History, usage and the dashboard's feed change as texts go out.
  const outcomes = current ? `${current.id}:${current.sent}:${current.failed}:${current.skipped}` : '';
  useEffect(() => {
    if (outcomes) void refreshMessaging(qc);
  }, [outcomes, qc]);

  /**
   * Starts a bulk send; the server's answer (its batch and what it did: queued, or "already started" for the same
   * send moments ago, which the server answers with that batch) is returned, its refusal thrown for the caller to
   * show; undefined for a tap while a send is being posted.
   */
  const send = async (clientIds: number[], message: string): Promise<BulkSendResponse | undefined> => {
    if (postingNow.current) return undefined;
    postingNow.current = true;
    setPosting(true);
    try {
      const res = await callApi('POST /api/sms/bulk', { body: { clientIds, message } });
      qc.setQueryData(apiQuery('GET /api/sms/bulk/:id', { params: { id: res.batch.id } }).queryKey, res.batch);
      if (res.batch.finished) seenGoing.current.add(res.batch.id); // every text skipped at once: still toast it
      setChosenId(res.batch.id);
      void qc.invalidateQueries({ queryKey: [BULK_KEY], exact: true });
      return res;
    } finally {
      postingNow.current = false;
      setPosting(false);
    }
  };

  const dismiss = () => {
    if (!current?.finished) return;
    writeDismissed(business?.id, current.id);
    setDismissedId(current.id);
    setChosenId(null);
    void qc.invalidateQueries({ queryKey: [BULK_KEY], exact: true });
  };

  return { batch: current, posting, send, dismiss };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import type { ReviewState } from '../../../shared/schemas/reviews';
import { apiQuery } from '../../lib/api-query';
import { markReviewed, refreshReviews, requestReview } from '../../lib/query-keys/reviews';
import { useSending } from '../../lib/use-sending';
import { toastFailure } from '../../lib/toast-failure';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';

// A client's review state (docs/reviews.md): not asked, asked (date), opened (date), reminded, reviewed (marked by
// the owner). The client list reads the states of its page at once; the client view reads one and offers the mark.

/** The states of a page of clients, by client id (empty while loading or when the read failed: the list still shows). */
export function useReviewStates(ids: number[]): Map<number, ReviewState> {
  const { data } = useQuery({ ...apiQuery('GET /api/reviews/states', { query: { ids: ids.join(',') } }), enabled: ids.length > 0 });
  return new Map((data?.states ?? []).map((s) => [s.clientId, s]));
}

/** 'Review asked Nov 3, 2026', 'Review link opened Nov 5, 2026', ... */
export function reviewStateLabel(s: ReviewState): string {
  switch (s.state) {
    case 'notAsked':
      return 'Review not asked';
    case 'asked':
      return `Review asked ${formatDate(s.askedAt)}`;
    case 'reminded':
      return `Review asked ${formatDate(s.askedAt)}, reminded ${formatDate(s.remindedAt)}`;
    case 'opened':
      return `Review link opened ${formatDate(s.openedAt)}`;
    case 'reviewed':
      return `Left a review (marked ${formatDate(s.reviewedAt)})`;
  }
}

export function ReviewStateNote({ state }: { state: ReviewState | undefined }) {
  if (!state) return null;
  return (
    <span className="text-xs text-slate-500" data-testid="review-state">
      {reviewStateLabel(state)}
    </span>
  );
}

/** The client view's review line, with the owner's "left a review" mark (Google's own list is not reachable). */
export function ClientReviewSection({ clientId, name }: { clientId: number; name: string }) {
  const qc = useQueryClient();
  const state = useReviewStates([clientId]).get(clientId);
  const mark = useMutation({
    mutationFn: (reviewed: boolean) => markReviewed(clientId, reviewed),
    onSuccess: (saved) => {
      void refreshReviews(qc);
      toast({ title: saved.state === 'reviewed' ? `${name} marked as reviewed` : `Review mark removed for ${name}` });
    },
    onError: (error) => toastFailure('Review mark not saved', error, 'Please try again.'),
  });
  const ask = useSending(() =>
    requestReview(clientId).then(
      (r) => {
        void refreshReviews(qc);
        toast({ title: 'Review request queued', description: r.message });
      },
      (error: unknown) => toastFailure('Review request not sent', error, 'Please try again.'),
    ),
  );
  if (!state) return null;
  const reviewed = state.state === 'reviewed';
  return (
    <section aria-label="Review" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3" data-testid="client-review">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Star className="size-4 text-amber-500" aria-hidden="true" />
        <span data-testid="client-review-state">{reviewStateLabel(state)}</span>
      </p>
      <span className="flex flex-wrap gap-2">
        {!reviewed && (
          <Button variant="secondary" size="sm" disabled={ask.sending} onClick={() => ask.send(undefined)}>
            {ask.sending ? 'Sending…' : 'Send review request'}
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={mark.isPending} onClick={() => mark.mutate(!reviewed)}>
          {reviewed ? 'Remove review mark' : 'Mark as reviewed'}
        </Button>
      </span>
    </section>
  );
}

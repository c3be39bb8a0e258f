import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatPhone } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { apiQuery } from '../../lib/api-query';

// Insights' review section (docs/reviews.md): per month for the last 12, the review requests sent, opened, reminded,
// marked reviewed and the referral asks after a review, with the open rate; and the clients asked but not opened.

const monthName = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });
};

export function ReviewSection() {
  const insights = useQuery(apiQuery('GET /api/reviews/insights'));
  return (
    <section aria-labelledby="insights-reviews" className="space-y-4" data-testid="insights-reviews">
      <div>
        <h2 id="insights-reviews" className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        <p className="text-sm text-slate-500">Review requests by month in your time zone: each event counted in the month it happened. Open rate: of the requests sent that month, the share opened since.</p>
      </div>
      <Card className="overflow-x-auto p-0">
        {insights.isPending ? (
          <Skeleton className="m-4 h-40" />
        ) : insights.isError ? (
          <p role="alert" className="p-4 text-sm text-red-600">
            Review figures could not be loaded. Please try again.
          </p>
        ) : (
          <table className="w-full min-w-[36rem] text-sm" data-testid="review-months">
            <thead className="bg-slate-50 text-left text-xs text-slate-500">
              <tr>
                {['Month', 'Sent', 'Opened', 'Reminded', 'Marked reviewed', 'Asked to refer', 'Open rate'].map((h) => (
                  <th key={h} className="px-3 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular">
              {[...insights.data.months].reverse().map((m) => (
                <tr key={m.month}>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{monthName(m.month)}</td>
                  <td className="px-3 py-2">{m.sent}</td>
                  <td className="px-3 py-2">{m.opened}</td>
                  <td className="px-3 py-2">{m.reminded}</td>
                  <td className="px-3 py-2">{m.reviewed}</td>
                  <td className="px-3 py-2">{m.referralAsks}</td>
                  <td className="px-3 py-2">{m.openRate == null ? '—' : `${m.openRate}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <NotOpenedList />
    </section>
  );
}

/** Clients asked whose link was not opened, to follow up by hand; 20 a page. */
function NotOpenedList() {
  const [page, setPage] = useState(1);
  const read = useQuery(apiQuery('GET /api/reviews/not-opened', { query: { page } }));
  return (
    <Card className="p-5" data-testid="reviews-not-opened">
      <h3 className="text-base font-semibold text-slate-900">Asked, not opened yet</h3>
      <p className="mb-3 text-sm text-slate-500">Clients whose latest review request was not opened and not marked reviewed, newest first.</p>
      {read.isPending ? (
        <Skeleton className="h-24" />
      ) : read.isError ? (
        <p role="alert" className="text-sm text-red-600">
          This list could not be loaded. Please try again.
        </p>
      ) : read.data.total === 0 ? (
        <p className="text-sm text-slate-600">Every client asked has opened their link or was marked reviewed.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {read.data.clients.map((c) => (
              <li key={c.clientId} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="text-slate-500">
                  {[formatPhone(c.phone) || 'No phone', `asked ${formatDate(c.askedAt)}`, c.remindedAt ? `reminded ${formatDate(c.remindedAt)}` : null].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
            <span>
              {(page - 1) * read.data.pageSize + 1}–{(page - 1) * read.data.pageSize + read.data.clients.length} of {read.data.total}
            </span>
            <span className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={!read.data.hasMore} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </span>
          </div>
        </>
      )}
    </Card>
  );
}

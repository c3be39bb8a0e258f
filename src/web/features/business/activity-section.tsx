import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { ListState } from '../../components/list-state';
import { Button } from '../../components/ui/button';
import { apiQuery } from '../../lib/api-query';
import { formatDate } from '../../../shared/format';
import { ACTIVITY_KIND_LIST, ACTIVITY_KINDS, type ActivityKind } from '../../../shared/schemas/activity-record';
import { SectionCard } from './section-card';

// Settings → Activity, for owners (docs/accounts.md, "What the record keeps"): who of the team did what, newest
// first, filtered by person and kind, 25 a page (the server pages it).

const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

export function ActivitySection() {
  const [person, setPerson] = useState('');
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const [page, setPage] = useState(1);
  const team = useQuery(apiQuery('GET /api/team'));
  const record = useQuery({ ...apiQuery('GET /api/team/activity', { query: { person, kind, page } }), placeholderData: keepPreviousData });
  const entries = record.data?.entries ?? [];
  return (
    <SectionCard title="Activity" description="Who of your team did what: sign-ins, texts sent by hand, exports, edits and settings." icon={ScrollText}>
      <div className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <select aria-label="Person" className={selectClass} value={person} onChange={(e) => (setPerson(e.target.value), setPage(1))}>
            <option value="">Everyone</option>
            {(team.data?.people ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <select aria-label="Kind of activity" className={selectClass} value={kind} onChange={(e) => (setKind(e.target.value as ActivityKind | ''), setPage(1))}>
            <option value="">Every kind</option>
            {ACTIVITY_KIND_LIST.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KINDS[k]}
              </option>
            ))}
          </select>
        </div>
        <ListState
          loading={record.isLoading}
          failed={record.isError}
          errorText="The activity could not be loaded. Please try again."
          empty={entries.length === 0}
          emptyContent={<p className="text-sm text-slate-500">No activity {person || kind ? 'matches these filters' : 'yet'}.</p>}
          rows={3}
          inset="p-0"
        >
          {() => (
            <ul className="divide-y divide-slate-100" aria-label="Activity" data-testid="activity-record">
              {entries.map((e) => (
                <li key={e.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3" data-testid="activity-entry">
                  <span className="shrink-0 text-xs text-slate-500 tabular sm:w-36">
                    {formatDate(e.createdAt)}, {timeOf(e.createdAt)}
                  </span>
                  <span className="min-w-0 text-slate-800">
                    <span className="font-medium">{e.personName}</span> · {ACTIVITY_KINDS[e.kind]}: {e.summary}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ListState>
        {(page > 1 || record.data?.hasMore) && (
          <div className="flex items-center justify-between">
            <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span className="text-xs text-slate-500">Page {page}</span>
            <Button variant="outline" size="sm" disabled={!record.data?.hasMore} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </div>
        )}
      </div>
    </SectionCard>
  );
}

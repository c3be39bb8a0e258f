import { Webhook } from 'lucide-react';
import { WEBHOOK_LOG_LIMIT } from '../../../shared/constants';
import { formatTimeAgo } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { ListCard } from '../../components/list-card';
import { Badge } from '../../components/ui/badge';
import type { WebhookLogEntry } from './types';
import { useWebhookLogs } from './use-data-sources';

function clientName(entry: WebhookLogEntry): string {
  if (entry.clientName) return entry.clientName;
  const p = entry.payload as { client?: { name?: unknown }; client_name?: unknown } | null;
  const name = p?.client?.name ?? p?.client_name;
  return typeof name === 'string' && name ? name : 'Unknown client';
}

const STATUS_VARIANT = { success: 'success', skipped: 'secondary', test: 'outline' } as const;

export function WebhookLog() {
  const read = useWebhookLogs();
  return (
    <ListCard
      title="Webhook activity"
      read={read}
      errorText="Failed to load webhook activity."
      emptyContent={
        <EmptyState
          icon={Webhook}
          title="No webhook activity yet"
          text="Once your Zap runs, or you send a test, each booking it sends shows up here."
          className="py-8"
        />
      }
      rows={2}
      rowClassName="h-12"
    >
      {(items) => (
        <ul className="divide-y divide-slate-100" data-testid="webhook-log">
          {items.slice(0, WEBHOOK_LOG_LIMIT).map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{clientName(entry)}</p>
                <p className="text-xs text-slate-500">
                  <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
                    {formatTimeAgo(entry.createdAt)}
                  </time>
                </p>
                {entry.status !== 'success' && entry.errorMessage && (
                  <p className={`mt-1 text-xs ${entry.status === 'error' ? 'text-red-600' : 'text-slate-600'}`}>{entry.errorMessage}</p>
                )}
              </div>
              <Badge variant={STATUS_VARIANT[entry.status as keyof typeof STATUS_VARIANT] ?? 'destructive'} className="capitalize">
                {entry.status}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

import { Webhook } from 'lucide-react';
import { WEBHOOK_LOG_LIMIT } from '../../../shared/constants';
import { formatTimeAgo } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
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
  const { data, isPending, isError } = useWebhookLogs();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook activity</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Failed to load webhook activity.
          </p>
        ) : data.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title="No webhook activity yet"
            text="Once your Zap runs, or you send a test, each booking it sends shows up here."
            className="py-8"
          />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="webhook-log">
            {data.slice(0, WEBHOOK_LOG_LIMIT).map((entry) => (
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
      </CardContent>
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { timeZoneLabel } from '../../lib/time-zones';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

/**
 * The welcome step's time zone: the one sign-up took from the browser, to confirm or change (docs/setup-guide.md).
 * Saved with the Settings profile call, so Settings shows the same zone.
 */
export function TimeZoneConfirm() {
  const qc = useQueryClient();
  const profile = useQuery(apiQuery('GET /api/business/profile'));
  const [editing, setEditing] = useState(false);
  const [zone, setZone] = useState('');
  const save = useMutation({
    mutationFn: (p: { name: string; email: string }) => callApi('PATCH /api/business/profile', { body: { name: p.name, email: p.email, timeZone: zone } }),
    onSuccess: (saved) => {
      qc.setQueryData(apiQuery('GET /api/business/profile').queryKey, saved);
      setEditing(false);
      toast({ title: 'Time zone saved', description: `${timeZoneLabel(saved.timeZone)} (${saved.timeZone}).` });
    },
    onError: (error) => toast({ title: 'Save Failed', description: errorMessage(error, 'Failed to save the time zone'), variant: 'destructive' }),
  });

  if (profile.isPending) return <Skeleton className="h-16 w-full" />;
  if (!profile.data) return null;
  const current = profile.data.timeZone;

  return (
    <section aria-labelledby="setup-time-zone-title" className="rounded-lg border border-slate-200 p-3" data-testid="setup-time-zone">
      <div className="flex flex-wrap items-start gap-3">
        <Clock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id="setup-time-zone-title" className="text-sm font-medium text-slate-900">
            Your time zone
          </h3>
          {!editing && (
            <p className="text-sm text-slate-700">
              <span className="font-medium" data-testid="setup-time-zone-value">
                {timeZoneLabel(current)}
              </span>{' '}
              <span className="text-slate-500">({current})</span>
            </p>
          )}
          <p className="mt-0.5 text-xs text-slate-500">Texts wait for daytime there, and &ldquo;this week&rdquo; and loyalty scores follow its calendar.</p>
        </div>
        {!editing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setZone(current);
              setEditing(true);
            }}
          >
            Change
          </Button>
        )}
      </div>
      {editing && (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center"
          onSubmit={(e) => {
            e.preventDefault();
            if (zone === current) return setEditing(false);
            save.mutate(profile.data);
          }}
        >
          <label htmlFor="setup-time-zone-picker" className="sr-only">
            Time zone
          </label>
          <div className="min-w-0 flex-1">
            <TimeZonePicker id="setup-time-zone-picker" value={zone} onChange={setZone} />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" />}
              Save time zone
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

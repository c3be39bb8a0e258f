import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatTimeAgo } from '../../../shared/format';
import type { AccountSession } from '../../../shared/schemas/account-sessions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListState } from '../../components/list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { toastFailure } from '../../lib/toast-failure';
import { PasswordSection } from './password-section';
import { SectionCard } from './section-card';

// Settings → Your sessions and Password, for every person (docs/accounts.md, "Sessions and password"): where they
// are signed in, ending one or every other, and changing their own password.

const sessionsQuery = () => apiQuery('GET /api/account/sessions');

function SessionRow({ session, onEnded }: { session: AccountSession; onEnded: () => Promise<unknown> }) {
  const end = useMutation({
    mutationFn: () => callApi('DELETE /api/account/sessions/:id', { params: { id: session.id } }),
    onSuccess: async () => {
      toast({ title: 'Signed out', description: `${session.device} is signed out.` });
      await onEnded();
    },
    onError: (error) => toastFailure('Not signed out', error, 'That session could not be signed out.'),
  });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="account-session">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {session.device}
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-sm text-slate-500">
          Signed in {formatDate(session.createdAt)} · {session.current ? 'Active now' : `Last used ${formatTimeAgo(session.lastSeenAt).toLowerCase()}`}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="self-start sm:self-auto" disabled={end.isPending} onClick={() => end.mutate()} aria-label={`Sign out ${session.device}, signed in ${formatDate(session.createdAt)}`}>
          {end.isPending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

function SessionsSection() {
  const qc = useQueryClient();
  const query = sessionsQuery();
  const sessions = useQuery(query);
  const refresh = () => qc.invalidateQueries({ queryKey: query.queryKey });
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data?.sessions ?? []).filter((s) => !s.current).length;
  const endOthers = useMutation({
    mutationFn: () => callApi('POST /api/account/sessions/sign-out-others'),
    onSuccess: async ({ message }) => {
      setConfirming(false);
      toast({ title: 'Signed out everywhere else', description: message });
      await refresh();
    },
    onError: (error) => {
      setConfirming(false);
      toastFailure('Not signed out', error, 'Your other sessions could not be signed out.');
    },
  });
  return (
    <SectionCard
      title="Your sessions"
      description="Where you are signed in. Sign out a device you don't recognise, then change your password."
      icon={MonitorSmartphone}
    >
      <ListState loading={sessions.isLoading} failed={sessions.isError} errorText="Your sessions could not be loaded." empty={false} emptyContent={null} rows={2} inset="p-0">
        {() => (
          <ul className="divide-y divide-slate-100" aria-label="Signed-in sessions">
            {(sessions.data?.sessions ?? []).map((s) => (
              <SessionRow key={s.id} session={s} onEnded={refresh} />
            ))}
          </ul>
        )}
      </ListState>
      {/* Under the list, not in the header: on a phone the header has no room for it beside the title. */}
      {others > 0 && (
        <div className="mt-3 border-t border-slate-100 pt-4 sm:flex sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <LogOut aria-hidden="true" />
            Sign out everywhere else
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else?"
        description={`Your ${others === 1 ? 'other session ends' : `${others} other sessions end`} at once; this device stays signed in.`}
        confirmLabel="Sign out everywhere else"
        pendingLabel="Signing out…"
        icon={<LogOut />}
        pending={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}

/** The signed-in person's own sections of Settings: their sessions and their password. */
export function OwnAccountSections() {
  return (
    <>
      <SessionsSection />
      <PasswordSection />
    </>
  );
}

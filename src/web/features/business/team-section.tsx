import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { ListState } from '../../components/list-state';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { toastFailure } from '../../lib/toast-failure';
import { changeRole, invitePerson, removePerson, revokeInvitation, TEAM_KEY } from '../../lib/query-keys/team';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/roles';
import { inviteSchema, type InviteInput, type TeamPerson } from '../../../shared/schemas/team';
import { SectionCard } from './section-card';
import { apiQuery } from '../../lib/api-query';

// Settings → Team, for owners (docs/accounts.md, "People and roles"): the people and their roles, the open
// invitations, and a form to invite someone by e-mail.

const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function RoleSelect({ id, value, onChange, label, disabled }: { id: string; value: Role; onChange: (role: Role) => void; label: string; disabled?: boolean }) {
  return (
    <select id={id} aria-label={label} className={selectClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as Role)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

function InviteForm({ onSent }: { onSent: () => Promise<unknown> }) {
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'staff' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await invitePerson(values.email, values.role);
      form.reset({ email: '', role: values.role });
      toast({ title: message, description: `We e-mailed ${values.email.trim().toLowerCase()} a link to join.` });
      await onSent();
    } catch (error) {
      toastFailure('Invitation not sent', error, 'The invitation could not be sent.');
    }
  });
  const role = form.watch('role');
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <div className="flex-1">
        <FormField id="invite-email" label="E-mail" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
          Role
        </label>
        <RoleSelect id="invite-role" label="Role" value={role} onChange={(r) => form.setValue('role', r)} />
      </div>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}

function PersonRow({ person, onChanged }: { person: TeamPerson; onChanged: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const roleChange = useMutation({
    mutationFn: (role: Role) => changeRole(person.id, role),
    onSuccess: async (_r, role) => {
      toast({ title: 'Role saved', description: `${person.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
      await onChanged();
    },
    onError: (error) => toastFailure('Role not changed', error, 'The role could not be changed.'),
  });
  const removal = useMutation({
    mutationFn: () => removePerson(person.id),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: 'Removed', description: `${person.name} was removed and signed out.` });
      await onChanged();
    },
    onError: (error) => {
      setConfirming(false);
      toastFailure('Not removed', error, 'The person could not be removed.');
    },
  });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="team-person">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">
          {person.name}
          {person.you && <span className="font-normal text-slate-500"> (you)</span>}
        </p>
        <p className="truncate text-sm text-slate-500">{person.email}</p>
      </div>
      <div className="flex items-center gap-2">
        <RoleSelect id={`role-${person.id}`} label={`Role of ${person.name}`} value={person.role} disabled={roleChange.isPending} onChange={(role) => roleChange.mutate(role)} />
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${person.name}?`}
        description={`${person.name} can no longer sign in to this business, and is signed out everywhere at once.`}
        confirmLabel="Remove"
        pending={removal.isPending}
        onConfirm={() => removal.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

export function TeamSection() {
  const qc = useQueryClient();
  const team = useQuery(apiQuery('GET /api/team'));
  const refresh = () => qc.invalidateQueries({ queryKey: [TEAM_KEY] });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async () => {
      toast({ title: 'Invitation revoked', description: 'Its link no longer works.' });
      await refresh();
    },
    onError: (error) => toastFailure('Not revoked', error, 'The invitation could not be revoked.'),
  });
  return (
    <SectionCard title="Team" description="The people who sign in to this business, and what each may do." icon={UsersRound}>
      <div className="space-y-5">
        <ListState loading={team.isLoading} failed={team.isError} errorText="Your team could not be loaded." empty={false} emptyContent={null} rows={2} inset="p-0">
          {() => {
            const data = team.data!;
            return (
            <>
              <ul className="divide-y divide-slate-100" aria-label="People">
                {data.people.map((p) => (
                  <PersonRow key={p.id} person={p} onChanged={refresh} />
                ))}
              </ul>
              {data.invitations.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold text-slate-900">Invitations</h3>
                  <ul className="divide-y divide-slate-100" aria-label="Invitations">
                    {data.invitations.map((i) => (
                      <li key={i.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                        <span className="min-w-0 truncate text-slate-700">
                          {i.email} · {ROLE_LABELS[i.role]} · expires {new Date(i.expiresAt).toLocaleDateString()}
                        </span>
                        <Button variant="outline" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)}>
                          Revoke
                        </Button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
            );
          }}
        </ListState>
        <InviteForm onSent={refresh} />
      </div>
    </SectionCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/form-actions';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { apiQuery } from '../../lib/api-query';
import { joinTeam } from '../../lib/query-keys/team';
import { toastFailure } from '../../lib/toast-failure';
import { ROLE_LABELS } from '../../../shared/roles';
import { acceptInvitationSchema, TEAM_MESSAGES} from '../../../shared/schemas/team';
import { AuthLayout } from './auth-layout';
import { NewPasswordFields } from './new-password-fields';

type JoinValues = { token: string; name: string; password: string; confirmPassword: string };

/** The invitation link (/join?token=…): the invited person sets a name and password and is signed in (docs/accounts.md). */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signIn } = useAuth();
  // A link is single-use: never answer from an earlier check.
  const preview = useQuery({ ...apiQuery('GET /api/team/join/:token', { params: { token } }), enabled: token !== '', gcTime: 0 });
  const form = useForm<JoinValues>({ resolver: zodResolver(acceptInvitationSchema), defaultValues: { token, name: '', password: '', confirmPassword: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { business, person } = await joinTeam(values);
      toast({ title: `Welcome to ${business.name}!` });
      signIn(business, person);
      navigate('/', { replace: true });
    } catch (error) {
      toastFailure('Could not join', error, TEAM_MESSAGES.invitationExpired);
    }
  });

  if (token && preview.isLoading) return <AuthLayout title="Join your team">{null}</AuthLayout>;
  const invitation = preview.data;
  if (!token || !invitation?.valid) {
    return (
      <AuthLayout title="Invitation Expired">
        <div className="space-y-5 text-center">
          <p className="text-sm text-slate-600">{TEAM_MESSAGES.invitationExpired}</p>
          <Button asChild className="w-full">
            <Link to="/login">Go to Login</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  const { errors } = form.formState;
  return (
    <AuthLayout title={`Join ${invitation.businessName}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-600">
          You were invited as {invitation.role ? ROLE_LABELS[invitation.role].toLowerCase() : ''} with {invitation.email}. Choose your name and a password to sign in.
        </p>
        <FormField id="name" label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <NewPasswordFields
          password={form.register('password')}
          confirmPassword={form.register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
          labels={{ password: 'Password', confirmPassword: 'Confirm Password' }}
          reveal
        />
        <SubmitButton pending={form.formState.isSubmitting} label="Join" pendingLabel="Joining…" />
      </form>
    </AuthLayout>
  );
}

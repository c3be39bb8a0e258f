import { AuthLayout } from './auth-layout';
import { useAuth } from '../../lib/auth';
import { Button } from '../../components/ui/button';
import { TwoFactorSetup } from './two-factor-setup';
import { refreshTwoFactor } from './use-two-factor';

/** The business requires a second factor this person has not set up: nothing else opens until they do. */
export function RequiredSetupScreen() {
  const { signOut } = useAuth();
  return (
    <AuthLayout
      title="Set up two-factor"
      description="Your business requires a code from an authenticator app at sign-in. Set it up to continue."
      footer={
        <Button variant="link" onClick={() => void signOut()}>
          Log out
        </Button>
      }
    >
      <TwoFactorSetup onDone={() => void refreshTwoFactor()} />
    </AuthLayout>
  );
}

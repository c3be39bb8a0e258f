import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { NotFoundPage } from './components/not-found-page';
import { FullPageSkeleton } from './components/page-skeleton';
import { useAuth } from './lib/auth';
import { startsPrerendered, startsSignedIn } from './lib/prerender';
import { SessionEndedOnFrame, SessionExpiryWatcher } from './lib/session-expiry';

function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType<any>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AppShell = lazyPage(() => import('./components/app-shell/app-shell'), 'AppShell');
const LandingPage = lazyPage(() => import('./features/accounts/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('./features/accounts/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('./features/accounts/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(() => import('./features/accounts/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./features/accounts/reset-password-page'), 'ResetPasswordPage');
const JoinPage = lazyPage(() => import('./features/accounts/join-page'), 'JoinPage');
const ReferPage = lazyPage(() => import('./features/referrals-public/refer-page'), 'ReferPage');
const SetupPage = lazyPage(() => import('./features/onboarding/setup-page'), 'SetupPage');
const LeadsPage = lazyPage(() => import('./features/leads/leads-page'), 'LeadsPage');
const ClientDashboardPage = lazyPage(() => import('./features/clients/client-dashboard-page'), 'ClientDashboardPage');
const ActivityDashboardPage = lazyPage(() => import('./features/activity/activity-dashboard-page'), 'ActivityDashboardPage');
const ReferralsPage = lazyPage(() => import('./features/referrals/referrals-page'), 'ReferralsPage');
const InsightsPage = lazyPage(() => import('./features/insights/insights-page'), 'InsightsPage');
const DataSourcesPage = lazyPage(() => import('./features/imports/data-sources-page'), 'DataSourcesPage');
const SmsPage = lazyPage(() => import('./features/sms/sms-page'), 'SmsPage');
const FormsPage = lazyPage(() => import('./features/forms/forms-page'), 'FormsPage');
const SettingsPage = lazyPage(() => import('./features/business/settings-page'), 'SettingsPage');
const SecurityPage = lazyPage(() => import('./features/accounts/security-page'), 'SecurityPage');
const RequiredSetupScreen = lazyPage(() => import('./features/accounts/required-setup-screen'), 'RequiredSetupScreen');

// Spec part 2 "Top-level routing". Signed out, any unknown path shows the landing page.
function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/join" element={<JoinPage />} />
      <Route path="/refer" element={<ReferPage />} />
      <Route path="*" element={<LandingPage />} />
    </Routes>
  );
}

// React Router has no partial segments, so /setup-{product} is matched here.
function SetupOrNotFound() {
  const { pathname } = useLocation();
  const match = /^\/setup-([a-z0-9-]+)\/?$/i.exec(pathname);
  if (match) return <SetupPage product={match[1]} />;
  return <AppShellNotFound />;
}

function AppShellNotFound() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/refer" element={<ReferPage />} />
      <Route element={<AppShell />}>
        {/* The signed-in home (sign-in, "Go to Dashboard", the logo): the Lead Inbox, at / and /leads. */}
        <Route path="/" element={<LeadsPage />} />
        <Route path="/leads" element={<LeadsPage />} />
        <Route path="/clients" element={<ClientDashboardPage />} />
        <Route path="/dashboard" element={<ActivityDashboardPage />} />
        <Route path="/referrals" element={<ReferralsPage />} />
        <Route path="/insights" element={<InsightsPage />} />
        <Route path="/data-sources" element={<DataSourcesPage />} />
        <Route path="/outreach" element={<SmsPage />} />
        <Route path="/sms" element={<SmsPage />} />
        <Route path="/forms" element={<FormsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/security" element={<SecurityPage />} />
      </Route>
      <Route path="*" element={<SetupOrNotFound />} />
    </Routes>
  );
}

export function AppRoutes() {
  const { signedIn, isLoading, sessionEndedOnFrame, person } = useAuth();
  // A prerendered landing page stays on screen (and hydrates) while the session check runs.
  if (isLoading && !startsPrerendered) return <FullPageSkeleton />;
  if (sessionEndedOnFrame) return <SessionEndedOnFrame />;
  return (
    <ErrorBoundary>
      <SessionExpiryWatcher />
      <Suspense fallback={<FullPageSkeleton />}>{signedIn ? person?.twoFactorSetupRequired ? <RequiredSetupScreen /> : <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
    </ErrorBoundary>
  );
}

// Each screen's code by path, so main.tsx can fetch it beside the session check instead of after it.
// import() of the same module is one request, shared with the lazy pages above.
const screens: [RegExp, () => Promise<unknown>][] = [
  [/^\/login\/?$/, () => import('./features/accounts/login-page')],
  [/^\/signup\/?$/, () => import('./features/accounts/signup-page')],
  [/^\/forgot-password\/?$/, () => import('./features/accounts/forgot-password-page')],
  [/^\/reset-password\/?$/, () => import('./features/accounts/reset-password-page')],
  [/^\/refer\/?$/, () => import('./features/referrals-public/refer-page')],
  [/^\/setup/, () => import('./features/onboarding/setup-page')],
  [/^\/clients\/?$/, () => import('./features/clients/client-dashboard-page')],
  [/^\/dashboard\/?$/, () => import('./features/activity/activity-dashboard-page')],
  [/^\/data-sources\/?$/, () => import('./features/imports/data-sources-page')],
  // The signed-in home; a signed-out visitor at / without a query string gets the prerendered landing page, which preloads nothing here.
  [/^\/(leads\/?)?$/, () => import('./features/leads/leads-page')],
  [/^\/(|leads|referrals|insights|outreach|sms|forms|settings|clients|dashboard|data-sources)\/?$/, () => import('./components/app-shell/app-shell')],
];

/** The current screen's code, loading; nothing on a signed-out prerendered page (it preloads its own). */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (startsPrerendered && !startsSignedIn) return Promise.resolve();
  return Promise.all(screens.filter(([path]) => path.test(pathname)).map(([, load]) => load().catch(() => undefined)));
}

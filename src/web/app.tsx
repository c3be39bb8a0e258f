import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from './components/lazy-toaster';
import { queryClient } from './lib/api';
import { AuthProvider } from './lib/auth';
import { startsSignedIn } from './lib/prerender';
import { AppRoutes } from './router';

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

/**
 * The whole app. The prerender at build wraps the routes in a StaticRouter (no browser history there);
 * `signedInFrame`: rendered (and hydrated) as signed in before the session check has answered.
 */
export function App({ router = browserRouter, signedInFrame = startsSignedIn }: { router?: (routes: ReactNode) => ReactNode; signedInFrame?: boolean }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider signedInFrame={signedInFrame}>
          {router(<AppRoutes />)}
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

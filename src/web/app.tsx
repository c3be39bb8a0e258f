import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from './components/lazy-toaster';
import { queryClient } from './lib/api';
import { AuthProvider } from './lib/auth';
import { AppRoutes } from './router';

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

/** The whole app. The prerender at build wraps the routes in a StaticRouter (no browser history there). */
export function App({ router = browserRouter }: { router?: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {router(<AppRoutes />)}
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

import { QueryClient } from '@tanstack/react-query';

// The request helper lives in http.ts (no TanStack Query there, for the landing page's sign-up form).
export { ApiError, apiRequest, errorMessage, onUnauthorized, reportUnauthorized } from './http';

// Every read names its route and brings its own queryFn (apiQuery, lib/api-query.ts): there is no default one.
// Reads are not retried, never go stale on their own, and are not refetched on focus or by interval.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

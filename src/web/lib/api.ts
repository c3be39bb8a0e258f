import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './http';

// The request helper lives in http.ts (no TanStack Query there, for the landing page's sign-up form).
export { ApiError, apiJson, apiRequest, errorMessage, onUnauthorized, reportUnauthorized } from './http';

type On401 = 'returnNull' | 'throw';

/** The default data read: a GET to the first element of the key. */
export const getQueryFn =
  <T,>({ on401 }: { on401: On401 }): QueryFunction<T> =>
  async ({ queryKey }) => {
    const res = await fetch(queryKey[0] as string, { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };

// Reads are not retried, never go stale on their own, and are not refetched on focus or by interval.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

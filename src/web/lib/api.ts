import { QueryClient, type QueryFunction } from '@tanstack/react-query';

// The spec's request helper (part 1 section 7): credentials always sent, a body goes as JSON, and a
// non-OK response throws "{status}: {body text or status text}".

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
  ) {
    super(`${status}: ${body}`);
  }
  /** The server's { message }, when the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body);
      return typeof parsed?.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

// A 401 from any call outside /api/auth/ means the session ended (expired, or ended elsewhere): the
// SessionExpiryWatcher (lib/session-expiry.tsx) leaves the signed-in screens at once and opens sign-in.
type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

export function onUnauthorized(listener: UnauthorizedListener | null) {
  unauthorizedListener = listener;
}

/** Tell the app a call answered 401; calls to /api/auth/ (sign-in itself, the session check) don't count. */
export function reportUnauthorized(url: string, status: number) {
  if (status !== 401) return;
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  if (path.startsWith('/api/auth/')) return;
  unauthorizedListener?.();
}

async function throwIfNotOk(res: Response) {
  if (!res.ok) {
    reportUnauthorized(res.url || '', res.status);
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest and read the JSON reply. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** The server's message from an error, or the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

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

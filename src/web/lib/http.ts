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

export async function throwIfNotOk(res: Response) {
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

/** The server's message from an error, or the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

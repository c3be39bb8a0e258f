import { useQuery } from '@tanstack/react-query';
import { POLL_NEW_COUNTS_MS, POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import type { NavCountKey } from './nav-items';

/** A count from a reply of any known shape: a number, a list, or { count }. Anything else is 0. */
export function readCount(body: unknown): number {
  if (typeof body === 'number' && Number.isFinite(body)) return Math.max(0, body);
  if (Array.isArray(body)) return body.length;
  if (body && typeof body === 'object' && 'count' in body) {
    const n = Number((body as { count: unknown }).count);
    return Number.isFinite(n) ? Math.max(0, n) : 0;
  }
  return 0;
}

async function fetchCount(url: string): Promise<number> {
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) return 0;
    return readCount(await res.json());
  } catch {
    return 0;
  }
}

function useCount(url: string, intervalMs: number) {
  const { data } = useQuery({
    queryKey: [url],
    queryFn: () => fetchCount(url),
    refetchInterval: intervalMs,
  });
  return data ?? 0;
}

export function useNavCounts(): Record<NavCountKey, number> {
  return {
    newClients: useCount('/api/clients?new=true', POLL_NEW_COUNTS_MS),
    newReferrals: useCount('/api/referrals?new=true', POLL_NEW_COUNTS_MS),
    unreadReplies: useCount('/api/activities/replies?unread=true', POLL_UNREAD_REPLIES_MS),
  };
}

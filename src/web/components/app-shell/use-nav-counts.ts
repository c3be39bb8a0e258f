import { useQuery } from '@tanstack/react-query';
import { POLL_NEW_COUNTS_MS, POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import { reportUnauthorized } from '../../lib/api';
import { UNREAD_REPLIES_COUNT_URL } from '../../lib/query-keys/activity';
import { NEW_CLIENTS_COUNT_URL } from '../../lib/query-keys/clients';
import { NEW_LEADS_COUNT_URL } from '../../lib/query-keys/leads';
import { NEW_REFERRALS_COUNT_URL } from '../../lib/query-keys/referrals';
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
    // Counter queries answer 0 when not OK (spec part 2 section 8); a 401 still ends the session.
    reportUnauthorized(url, res.status);
    if (!res.ok) return 0;
    return readCount(await res.json());
  } catch {
    return 0;
  }
}

/**
 * The badge counts and the spec's polling intervals (part 2 section 9). `url: null` is a count whose
 * route does not exist yet: it is not polled (a 404 every few seconds helps no one) and shows no badge.
 * The referrals and SMS features set their URL when they add the route.
 */
export const NAV_COUNT_SOURCES: Record<NavCountKey, { url: string | null; intervalMs: number }> = {
  newLeads: { url: NEW_LEADS_COUNT_URL, intervalMs: POLL_NEW_COUNTS_MS },
  newClients: { url: NEW_CLIENTS_COUNT_URL, intervalMs: POLL_NEW_COUNTS_MS },
  newReferrals: { url: NEW_REFERRALS_COUNT_URL, intervalMs: POLL_NEW_COUNTS_MS },
  unreadReplies: { url: UNREAD_REPLIES_COUNT_URL, intervalMs: POLL_UNREAD_REPLIES_MS },
};

function useCount({ url, intervalMs }: { url: string | null; intervalMs: number }) {
  const { data } = useQuery({
    queryKey: [url ?? 'nav-count:none'],
    queryFn: () => fetchCount(url!),
    enabled: url !== null,
    refetchInterval: intervalMs,
  });
  return data ?? 0;
}

/** The unread-replies count, shared with the shell's badge (one query, one poll). */
export const useUnreadReplies = () => useCount(NAV_COUNT_SOURCES.unreadReplies);

export function useNavCounts(): Record<NavCountKey, number> {
  return {
    newLeads: useCount(NAV_COUNT_SOURCES.newLeads),
    newClients: useCount(NAV_COUNT_SOURCES.newClients),
    newReferrals: useCount(NAV_COUNT_SOURCES.newReferrals),
    unreadReplies: useCount(NAV_COUNT_SOURCES.unreadReplies),
  };
}

import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import { SCHEDULED_KEY } from '../../lib/query-keys/sms';
import { apiQuery } from '../../lib/api-query';

/**
 * A page of conversations, the latest first; the server matches `search` on the name or the phone.
 * Refreshed as often as the unread badge, so a reply that arrives while the tab is open shows up.
 */
export const useConversations = (opts: { page: number; search: string }) =>
  useQuery({
    ...apiQuery('GET /api/sms/conversations', { query: { page: opts.page, search: opts.search.trim() || undefined } }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_UNREAD_REPLIES_MS,
  });

/** A page of every message, newest first. */
export const useMessageHistory = (page: number) =>
  useQuery({ ...apiQuery('GET /api/sms/messages', { query: { page } }), placeholderData: keepPreviousData });

export const useTemplates = () => useQuery(apiQuery('GET /api/sms/templates'));
export const useSmsUsage = () => useQuery(apiQuery('GET /api/sms/usage'));
export const useOutreachSettings = () => useQuery(apiQuery('GET /api/outreach/settings'));

/** Every page of the scheduled list (the key is the URL with its page). */
export const refreshScheduled = (qc: QueryClient) => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(SCHEDULED_KEY) });

/** A page of the automated texts still to go, soonest first (GET /api/sms/scheduled). */
export const useScheduledTexts = (page: number) =>
  useQuery({ ...apiQuery('GET /api/sms/scheduled', { query: { page } }), placeholderData: keepPreviousData, refetchInterval: POLL_UNREAD_REPLIES_MS });
export const useClientsForBulk = () => useQuery({ ...apiQuery('GET /api/clients'), select: (r) => (Array.isArray(r) ? r : []) });
/** A client as the Bulk Messaging tab reads it. */
export type BulkClient = NonNullable<ReturnType<typeof useClientsForBulk>['data']>[number];

export { refreshMessaging } from '../../lib/query-keys/sms';

/** After a number was bought: the session and profile carry it. */
export { refreshAfterNumber as refreshBusiness } from '../../lib/query-keys/sms';

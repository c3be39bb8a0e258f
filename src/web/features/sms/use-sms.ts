import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import type { BulkClient, OutreachSettings, ScheduledTexts, SmsConversationsPage, SmsHistoryPage, SmsTemplate, SmsUsage } from './types';
import { CONVERSATIONS_KEY, MESSAGES_KEY, OUTREACH_SETTINGS_KEY, SCHEDULED_KEY, TEMPLATES_KEY, USAGE_KEY } from '../../lib/query-keys/sms';
import { CLIENTS_KEY } from '../../lib/query-keys/clients';


const withQuery = (url: string, params: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
};

/**
 * A page of conversations, the latest first; the server matches `search` on the name or the phone.
 * Refreshed as often as the unread badge, so a reply that arrives while the tab is open shows up.
 */
export const useConversations = (opts: { page: number; search: string }) =>
  useQuery<SmsConversationsPage>({
    queryKey: [withQuery(CONVERSATIONS_KEY, { page: opts.page, search: opts.search.trim() || undefined })],
    placeholderData: keepPreviousData,
    refetchInterval: POLL_UNREAD_REPLIES_MS,
  });

/** A page of every message, newest first. */
export const useMessageHistory = (page: number) =>
  useQuery<SmsHistoryPage>({ queryKey: [withQuery(MESSAGES_KEY, { page })], placeholderData: keepPreviousData });

export const useTemplates = () => useQuery<SmsTemplate[]>({ queryKey: [TEMPLATES_KEY] });
export const useSmsUsage = () => useQuery<SmsUsage>({ queryKey: [USAGE_KEY] });
export const useOutreachSettings = () => useQuery<OutreachSettings>({ queryKey: [OUTREACH_SETTINGS_KEY] });

/** Every page of the scheduled list (the key is the URL with its page). */
export const refreshScheduled = (qc: QueryClient) => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(SCHEDULED_KEY) });

/** A page of the automated texts still to go, soonest first (GET /api/sms/scheduled). */
export const useScheduledTexts = (page: number) =>
  useQuery<ScheduledTexts>({ queryKey: [withQuery(SCHEDULED_KEY, { page })], placeholderData: keepPreviousData, refetchInterval: POLL_UNREAD_REPLIES_MS });
export const useClientsForBulk = () => useQuery<BulkClient[]>({ queryKey: [CLIENTS_KEY] });

export { refreshMessaging } from '../../lib/query-keys/sms';

/** After a number was bought: the session and profile carry it. */
export { refreshAfterNumber as refreshBusiness } from '../../lib/query-keys/sms';

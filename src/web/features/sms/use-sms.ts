import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import { SESSION_URL } from '../../lib/auth';
import type { BulkClient, OutreachSettings, ScheduledTexts, SmsConversationsPage, SmsHistoryPage, SmsTemplate, SmsUsage } from './types';

export const CONVERSATIONS_URL = '/api/sms/conversations';
export const MESSAGES_URL = '/api/sms/messages';
export const TEMPLATES_URL = '/api/sms/templates';
export const CLIENTS_URL = '/api/clients';
export const USAGE_URL = '/api/sms/usage';
export const OUTREACH_SETTINGS_URL = '/api/outreach/settings';
export const SCHEDULED_URL = '/api/sms/scheduled';

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
    queryKey: [withQuery(CONVERSATIONS_URL, { page: opts.page, search: opts.search.trim() || undefined })],
    placeholderData: keepPreviousData,
    refetchInterval: POLL_UNREAD_REPLIES_MS,
  });

/** A page of every message, newest first. */
export const useMessageHistory = (page: number) =>
  useQuery<SmsHistoryPage>({ queryKey: [withQuery(MESSAGES_URL, { page })], placeholderData: keepPreviousData });

export const useTemplates = () => useQuery<SmsTemplate[]>({ queryKey: [TEMPLATES_URL] });
export const useSmsUsage = () => useQuery<SmsUsage>({ queryKey: [USAGE_URL] });
export const useOutreachSettings = () => useQuery<OutreachSettings>({ queryKey: [OUTREACH_SETTINGS_URL] });

/** Every page of the scheduled list (the key is the URL with its page). */
export const refreshScheduled = (qc: QueryClient) => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(SCHEDULED_URL) });

/** A page of the automated texts still to go, soonest first (GET /api/sms/scheduled). */
export const useScheduledTexts = (page: number) =>
  useQuery<ScheduledTexts>({ queryKey: [withQuery(SCHEDULED_URL, { page })], placeholderData: keepPreviousData, refetchInterval: POLL_UNREAD_REPLIES_MS });
export const useClientsForBulk = () => useQuery<BulkClient[]>({ queryKey: [CLIENTS_URL] });

// Kept in lib (the Activity Dashboard refreshes the same reads); simulator-panel and use-bulk-send import it from here.
export { refreshMessaging } from '../../lib/sms-actions';

/** After a number was bought: the session and profile carry it. */
export const refreshBusiness = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: [SESSION_URL] }),
    qc.invalidateQueries({ queryKey: ['/api/business/profile'] }),
    qc.invalidateQueries({ queryKey: [USAGE_URL] }),
  ]);

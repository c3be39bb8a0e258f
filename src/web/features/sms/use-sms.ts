import { useQuery, type QueryClient } from '@tanstack/react-query';
import { SESSION_URL } from '../../lib/auth';
import { UNREAD_REPLIES_URL } from '../../components/app-shell/use-nav-counts';
import type { BulkClient, SmsConversation, SmsMessage, SmsTemplate } from './types';

export const CONVERSATIONS_KEY = '/api/sms/conversations';
export const MESSAGES_KEY = '/api/sms/messages';
export const TEMPLATES_KEY = '/api/sms/templates';
export const CLIENTS_KEY = '/api/clients';

export const useConversations = () => useQuery<SmsConversation[]>({ queryKey: [CONVERSATIONS_KEY] });
export const useTemplates = () => useQuery<SmsTemplate[]>({ queryKey: [TEMPLATES_KEY] });
export const useClientsForBulk = () => useQuery<BulkClient[]>({ queryKey: [CLIENTS_KEY] });

/** Every message, newest first. The reply is a list, or a page { messages } (read either). */
export const useMessageHistory = () =>
  useQuery<SmsMessage[]>({
    queryKey: [MESSAGES_KEY],
    select: (data: unknown) => (Array.isArray(data) ? data : ((data as { messages?: SmsMessage[] })?.messages ?? [])) as SmsMessage[],
  });

/** After a text went out or was read: the inbox, the history and both unread badges. */
export const refreshMessaging = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: [CONVERSATIONS_KEY] }),
    qc.invalidateQueries({ queryKey: [MESSAGES_KEY] }),
    qc.invalidateQueries({ queryKey: [UNREAD_REPLIES_URL] }),
  ]);

/** After a number was bought: the session and profile carry it. */
export const refreshBusiness = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: [SESSION_URL] }), qc.invalidateQueries({ queryKey: ['/api/business/profile'] })]);

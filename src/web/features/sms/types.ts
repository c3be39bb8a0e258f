// Shapes of spec part 2 section 3 ("SMS conversation", "SMS message", "SMS template", "Available phone
// number", "Purchase result"), as the screen reads them. Replaced by the shared zod types
// (shared/schemas/sms.ts, sms-inbox.ts) as the server side lands.

export type SmsDirection = 'inbound' | 'outbound';

export interface SmsMessage {
  id: number;
  direction: SmsDirection;
  messageBody: string;
  timestamp: string;
  isRead: boolean;
  toNumber: string;
  fromNumber: string;
  status?: string | null;
  client?: { id?: number; name: string; phone?: string | null } | null;
}

export interface SmsConversation {
  clientId: number;
  client: { name: string; phone: string | null };
  lastMessage: { timestamp: string } | null;
  unreadCount: number;
  unreadMessageIds: number[];
  recentMessages: SmsMessage[];
}

/** A page of a list the server pages without counting it (GET /api/sms/conversations, /api/sms/messages). */
export interface SmsConversationsPage {
  conversations: SmsConversation[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface SmsHistoryPage {
  messages: SmsMessage[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface SmsTemplate {
  id: string | number;
  name: string;
  content: string;
  variables: string[];
}

export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string;
  locality?: string | null;
  region?: string | null;
}

export interface SearchNumbersResponse {
  success: boolean;
  numbers?: AvailableNumber[];
  message?: string;
}

export interface PurchaseNumberResponse {
  friendlyNumber?: string;
}

/** A client as the Bulk Messaging tab reads it (GET /api/clients). */
export interface BulkClient {
  id: number;
  name: string;
  phone: string | null;
}

export type SmsTab = 'setup' | 'conversations' | 'bulk' | 'history';

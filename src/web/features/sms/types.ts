// The shapes the screen reads: the inbox's from the shared contract (shared/schemas/sms-inbox.ts); the
// set-up's as spec part 2 section 3 names them ("SMS template", "Available phone number", "Purchase
// result") until shared/schemas/sms.ts lands.

export type {
  SmsConversation,
  SmsConversations as SmsConversationsPage,
  SmsHistory as SmsHistoryPage,
  SmsMessage,
} from '../../../shared/schemas/sms-inbox';

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

/** GET /api/sms/usage: the first 100 texts are free; `simulator` when texts go to the local simulator. */
export interface SmsUsage {
  used: number;
  free: number;
  freeRemaining: number;
  phoneNumber: string | null;
  simulator: boolean;
}

/** A client as the Bulk Messaging tab reads it (GET /api/clients). */
export interface BulkClient {
  id: number;
  name: string;
  phone: string | null;
}

export type SmsTab = 'setup' | 'conversations' | 'bulk' | 'history';

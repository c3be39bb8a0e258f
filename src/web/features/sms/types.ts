import type { Texting } from '../../../shared/schemas/texting';
// The shapes the screen reads, from the shared contract (shared/schemas/sms.ts and sms-inbox.ts).

export type {
  SmsConversation,
  SmsConversations as SmsConversationsPage,
  SmsHistory as SmsHistoryPage,
  SmsMessage,
} from '../../../shared/schemas/sms-inbox';

export type { ScheduledText, ScheduledTexts } from '../../../shared/schemas/sms-automations';

export type { AvailableNumber, OutreachSettings, SmsTemplate, SmsUsage } from '../../../shared/schemas/sms';

/** A client as the Bulk Messaging tab reads it (GET /api/clients). */
export interface BulkClient {
  id: number;
  name: string;
  phone: string | null;
  referralCode: string;
  texting?: Texting;
}

export type SmsTab = 'setup' | 'conversations' | 'bulk' | 'history';

// The shapes the screen reads, from the shared contract (shared/schemas/sms.ts and sms-inbox.ts).

export type {
  SmsConversation,
  SmsConversations as SmsConversationsPage,
  SmsHistory as SmsHistoryPage,
  SmsMessage,
} from '../../../shared/schemas/sms-inbox';

export type { ScheduledText, ScheduledTexts } from '../../../shared/schemas/sms-automations';

export type { AvailableNumber, OutreachSettings, SmsTemplate, SmsUsage } from '../../../shared/schemas/sms';

export type SmsTab = 'setup' | 'conversations' | 'bulk' | 'history';

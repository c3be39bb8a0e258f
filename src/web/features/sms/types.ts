// The shapes the screen reads, from the shared contract (shared/schemas/sms.ts and sms-inbox.ts).

export type {
  SmsConversation,
  SmsMessage,
} from '../../../shared/schemas/sms-inbox';

export type { ScheduledText } from '../../../shared/schemas/sms-automations';

export type { AvailableNumber, OutreachSettings } from '../../../shared/schemas/sms';

export type SmsTab = 'setup' | 'conversations' | 'bulk' | 'history';

import type { AutoMessageSettings } from '../../db/schema';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';

// What a new business starts with in outreach_settings (the templates are the shared ones, docs/sms.md).
export { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';

export const DEFAULT_AUTO_MESSAGE_SETTINGS: AutoMessageSettings = { autoSendThankYou: true, autoSendFollowUp: true };

export { DEFAULT_REFERRAL_DISCOUNT };

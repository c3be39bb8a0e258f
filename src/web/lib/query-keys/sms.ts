import type { QueryClient } from '@tanstack/react-query';
import { FEED_KEY, REPLIES_KEY } from './activity';
import { refreshBusiness } from './business';
import { LEADS_KEY } from './leads';
import { invalidatePrefixes } from './prefix';

/** The SMS features' reads (GET /api/sms/*, /api/outreach/settings). */
export const TEMPLATES_KEY = '/api/sms/templates';
export const USAGE_KEY = '/api/sms/usage';
export const OUTREACH_SETTINGS_KEY = '/api/outreach/settings';
export const CONVERSATIONS_KEY = '/api/sms/conversations';
export const LEAD_CONVERSATIONS_KEY = '/api/sms/lead-conversations';
export const MESSAGES_KEY = '/api/sms/messages';
export const SCHEDULED_KEY = '/api/sms/scheduled';
export const BULK_KEY = '/api/sms/bulk';

/** Reads that change when a text goes out or is read: by URL prefix (each screen adds its own query string). */
const MESSAGING_READS = [CONVERSATIONS_KEY, LEAD_CONVERSATIONS_KEY, `${LEADS_KEY}/`, MESSAGES_KEY, USAGE_KEY, REPLIES_KEY, FEED_KEY];

/** After a text went out or was read: the inbox, the history, the usage, the dashboard's panels and the unread badges. */
export const refreshMessaging = (qc: QueryClient) => invalidatePrefixes(qc, MESSAGING_READS);

/** After a business number was set up: the session and profile (which carry it), the usage and the outreach settings. */
export const refreshAfterNumber = (qc: QueryClient) =>
  Promise.all([refreshBusiness(qc), qc.invalidateQueries({ queryKey: [USAGE_KEY] }), qc.invalidateQueries({ queryKey: [OUTREACH_SETTINGS_KEY] })]);


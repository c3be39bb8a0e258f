import { apiUrl } from '../api-client';

/** The Activity Dashboard's SMS reads. */
export const REPLIES_KEY = apiUrl('GET /api/activities/replies');
export const FEED_KEY = apiUrl('GET /api/activities/feed');
/** Unread client replies: the SMS Management badge, in the shell and on the SMS screen's header. */
export const UNREAD_REPLIES_COUNT_URL = apiUrl('GET /api/activities/replies', { query: { unread: true } });

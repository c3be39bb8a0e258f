/** The Activity Dashboard's SMS reads (GET /api/activities/replies, /api/activities/feed). */
export const REPLIES_KEY = '/api/activities/replies';
export const FEED_KEY = '/api/activities/feed';
/** Unread client replies: the SMS Management badge, in the shell and on the SMS screen's header. */
export const UNREAD_REPLIES_COUNT_URL = '/api/activities/replies?unread=true';

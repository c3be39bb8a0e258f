/** The Activity Dashboard's SMS reads (GET /api/activities/replies, /api/activities/feed). */
export const REPLIES_KEY = '/api/activities/replies';
export const FEED_KEY = '/api/activities/feed';

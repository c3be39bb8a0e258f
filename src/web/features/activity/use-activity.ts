import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import { SMS_FEED_DEFAULT_LIMIT } from '../../../shared/schemas/sms-inbox';
import type { FeedFilter } from './text';
import type { ApiReply } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';

/** The list (the route answers only `{ count }` to the badge's `unread=true`). */
export type UnreadReplies = Exclude<ApiReply<'GET /api/activities/replies'>, { count: number }>;

export const useBusinessProfile = () => useQuery(apiQuery('GET /api/business/profile'));
export const useDashboardStats = () => useQuery(apiQuery('GET /api/dashboard/stats'));

// The two SMS panels refresh as often as the unread badge in the shell, so a reply that arrives shows up here
// when the badge counts it (docs/activity-dashboard.md).
export const useUnreadReplies = () => useQuery({ ...apiQuery('GET /api/activities/replies'), select: (r) => ('count' in r ? undefined : r), refetchInterval: POLL_UNREAD_REPLIES_MS });

export const useSmsFeed = (filter: FeedFilter, days: number) =>
  useQuery({
    ...apiQuery('GET /api/activities/feed', { query: { filter, days, limit: SMS_FEED_DEFAULT_LIMIT } }),
    placeholderData: keepPreviousData, refetchInterval: POLL_UNREAD_REPLIES_MS });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLL_UNREAD_REPLIES_MS } from '../../../shared/constants';
import type { BusinessProfile } from '../../../shared/schemas/business';
import type { DashboardStats } from '../../../shared/schemas/clients';
import { SMS_FEED_DEFAULT_LIMIT, type ReplyItem, type SmsFeed } from '../../../shared/schemas/sms-inbox';
import type { FeedFilter } from './text';
import { PROFILE_KEY } from '../../lib/query-keys/business';
import { STATS_KEY } from '../../lib/query-keys/clients';
import { FEED_KEY, REPLIES_KEY } from '../../lib/query-keys/activity';


export interface UnreadReplies {
  replies: ReplyItem[];
  hasMore: boolean;
}

export const useBusinessProfile = () => useQuery<BusinessProfile>({ queryKey: [PROFILE_KEY] });
export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: [STATS_KEY] });

// The two SMS panels refresh as often as the unread badge in the shell, so a reply that arrives shows up here
// when the badge counts it (docs/activity-dashboard.md).
export const useUnreadReplies = () => useQuery<UnreadReplies>({ queryKey: [REPLIES_KEY], refetchInterval: POLL_UNREAD_REPLIES_MS });

export const feedUrl = (filter: FeedFilter, days: number) => `${FEED_KEY}?filter=${filter}&days=${days}&limit=${SMS_FEED_DEFAULT_LIMIT}`;

export const useSmsFeed = (filter: FeedFilter, days: number) =>
  useQuery<SmsFeed>({ queryKey: [feedUrl(filter, days)], placeholderData: keepPreviousData, refetchInterval: POLL_UNREAD_REPLIES_MS });

import { SMS_FEED_FILTERS } from '../../../shared/schemas/sms-inbox';

/** Spec part 1 section 9: an unread reply's text is truncated at 60 characters. */
export const REPLY_PREVIEW_CHARS = 60;

/**
 * The first `max` characters and whether anything was cut. Counted in code points, so an emoji is never cut
 * in half; trailing spaces of the cut are dropped before the ellipsis.
 */
export function truncate(text: string, max = REPLY_PREVIEW_CHARS): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}

/**
 * Spec part 1 section 4: outbound texts show Sent, Delivered or Failed (anything else Unknown); inbound
 * replies Unread or Read. The provider's 'undelivered' is a failure to the owner: the text did not arrive.
 */
export function statusLabel(m: { direction: 'inbound' | 'outbound'; status: string; isRead: boolean }): 'Sent' | 'Delivered' | 'Failed' | 'Unknown' | 'Unread' | 'Read' {
  if (m.direction === 'inbound') return m.isRead ? 'Read' : 'Unread';
  if (m.status === 'sent') return 'Sent';
  if (m.status === 'delivered') return 'Delivered';
  if (m.status === 'failed' || m.status === 'undelivered') return 'Failed';
  return 'Unknown';
}

export type FeedFilter = (typeof SMS_FEED_FILTERS)[number];

/** The Recent SMS Activity filters (spec: all, inbound (Received), outbound (Sent), unread). */
export const FEED_FILTER_LABELS: Record<FeedFilter, string> = { all: 'All', inbound: 'Received', outbound: 'Sent', unread: 'Unread' };

export function periodLabel(days: number): string {
  return days === 1 ? 'Last 24 hours' : `Last ${days} days`;
}

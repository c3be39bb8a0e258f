import { formatDate, formatTimeAgo, timeAgoAfter } from '../../../shared/format';

// When a client was last thanked or gifted (docs/sms.md, "Thanks and Gift"), in the spec's time-ago labels.

export type LastSentVerb = 'Thanked' | 'Gifted';

/** The client row's note: 'Thanked just now', 'Thanked 3d ago', 'Gifted Nov 2, 2026'; null when never. */
export function lastSentLabel(verb: LastSentVerb, at: string | null, now: Date = new Date()): string | null {
  return at ? timeAgoAfter(verb, at, now) : null;
}

/** The detail view's value: the date, with the time ago while it is under 7 days; 'Never' when null. */
export function lastSentDate(at: string | null, now: Date = new Date()): string {
  if (!at) return 'Never';
  const date = formatDate(at);
  const ago = formatTimeAgo(at, now);
  return ago === date ? date : `${date} · ${ago}`;
}

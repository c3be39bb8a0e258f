// Display rules of spec part 1 section 9 and part 2 section 9, used by both sides.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars, en-US; $0.00 when empty. */
export function formatCurrency(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return usd.format(n == null || !Number.isFinite(n) ? 0 : n);
}

/** Short month, day, year (Jan 5, 2026); N/A when empty. Date-only strings are read as calendar dates. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  let d: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, day] = value.split('-').map(Number);
    d = new Date(y, m - 1, day);
  } else d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** '1 completed booking', '2 completed bookings', '1,240 clients': the count (en-US) and the right form of the word. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** 1 Daily, 7 Weekly, 14 Bi-weekly, 30 Monthly, other N Every N days, empty N/A. */
export function formatFrequency(days: number | null | undefined): string {
  if (days == null || !Number.isFinite(days) || days <= 0) return 'N/A';
  if (days === 1) return 'Daily';
  if (days === 7) return 'Weekly';
  if (days === 14) return 'Bi-weekly';
  if (days === 30) return 'Monthly';
  return `Every ${days} days`;
}

/** Just now, Nm ago, Nh ago, Nd ago under 7 days, then the date. */
export function formatTimeAgo(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  const seconds = Math.floor((now.getTime() - d.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return formatDate(d);
}

/** A time ago after a word, mid-sentence: 'Thanked just now', 'Reminded 3d ago', 'converted Nov 2, 2026'. */
export function timeAgoAfter(word: string, value: string | Date | null | undefined, now: Date = new Date()): string {
  const ago = formatTimeAgo(value, now);
  return `${word} ${ago === 'Just now' ? 'just now' : ago}`;
}

/** +1 followed by 10 digits shown as (xxx) xxx-xxxx; anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : value;
}

/** First letters of the first two words, uppercased. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase();
}

export const AVATAR_GRADIENTS = ['blue', 'purple', 'green', 'red', 'yellow', 'pink', 'indigo', 'orange'] as const;

/** One of the 8 avatar gradients, chosen by the first character of the name. */
export function avatarGradient(name: string | null | undefined): (typeof AVATAR_GRADIENTS)[number] {
  const code = (name ?? '').charCodeAt(0) || 0;
  return AVATAR_GRADIENTS[code % AVATAR_GRADIENTS.length];
}

/** Score times 10, clamped between 5 and 100. */
export function loyaltyPercent(score: number | string | null | undefined): number {
  const s = Number(score ?? 0);
  return Math.min(100, Math.max(5, (Number.isFinite(s) ? s : 0) * 10));
}

/** Percentages to 1 decimal. */
export const formatPercent = (value: number) => `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;

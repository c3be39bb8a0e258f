import type { RateRule } from '../../platform/rate-limit-counters';

// Limits of the booking webhook (docs/clients-api.md "Webhook limits").

/** Calls per token per minute; past it 429 with Retry-After, which Zapier honours and retries. */
export const WEBHOOK_CALLS_PER_MINUTE = 120;
/**
 * That limit, counted in the rate_limits table so that every instance shares one budget per token. Keyed by
 * the business the token names (one token each), so the token itself is not stored a second time. Per token,
 * not per address: Zapier calls from many addresses, and one business's bursts must not slow another's.
 */
export const WEBHOOK_CALLS_PER_TOKEN: RateRule = { prefix: 'webhook:business', limit: WEBHOOK_CALLS_PER_MINUTE, windowSeconds: 60 };
/**
 * Calls with a token that names no business, per address: past it, every call from that address is refused
 * (429 with Retry-After) until the window ends, known tokens too, so the answers cannot tell tokens apart.
 * Counted in the rate_limits table, so all instances share it.
 */
export const WEBHOOK_UNKNOWN_TOKENS_PER_IP: RateRule = { prefix: 'webhook-unknown:ip', limit: 20, windowSeconds: 10 * 60 };
/** A booking is a few hundred bytes; anything past this is refused with 413 before it is parsed. */
export const WEBHOOK_BODY_LIMIT = 32 * 1024;
/** The most of one payload kept in webhook_logs (serialised JSON characters). */
export const WEBHOOK_LOG_EXCERPT_CHARS = 4 * 1024;
/** Log rows kept: none older than this many days, and at most this many per business. */
export const WEBHOOK_LOG_KEEP_DAYS = 30;
export const WEBHOOK_LOG_KEEP_PER_BUSINESS = 1000;

/** The route options of POST /api/webhook/:token (platform/route-policy.ts). */
export const webhookRouteConfig = {
  access: 'public',
  origin: 'any',
  bodyLimit: WEBHOOK_BODY_LIMIT,
} as const;

const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

/** Cuts a string to `max` UTF-16 units without leaving half a surrogate pair (PostgreSQL refuses those in jsonb). */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const code = s.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

function shrink(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cut(value, MAX_STRING);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => shrink(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  const entries = Object.entries(value).slice(0, MAX_ITEMS);
  return Object.fromEntries(entries.map(([k, v]) => [cut(k, MAX_STRING), shrink(v, depth + 1)]));
}

/**
 * What webhook_logs keeps of a payload: the payload itself when its JSON fits in
 * WEBHOOK_LOG_EXCERPT_CHARS; otherwise long strings, long lists and deep nesting cut down (so the log
 * still names the client), and if that is still too long, the start of its JSON as a string.
 */
export function payloadExcerpt(payload: unknown, max = WEBHOOK_LOG_EXCERPT_CHARS): unknown {
  const json = JSON.stringify(payload ?? null) ?? 'null';
  if (json.length <= max) return payload ?? null;
  const shrunk = shrink(payload, 0);
  if ((JSON.stringify(shrunk) ?? '').length <= max) return shrunk;
  return { excerpt: cut(json, max), truncated: true };
}

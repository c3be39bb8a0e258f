import { createHash } from 'node:crypto';

/**
 * The pg-boss job id for a job name and key: the same (name, key) always gives the same UUID, and
 * pg-boss inserts with `ON CONFLICT DO NOTHING`, so a second send of the same key adds nothing.
 */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50; // version 5-style (name-based)
  h[8] = (h[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `YYYY-MM-DD` in UTC, for once-a-day keys. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

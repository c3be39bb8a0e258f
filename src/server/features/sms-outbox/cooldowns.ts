import type { OutboxKind } from '../../db/schema/sms-outbox';

/**
 * How long after a text of a kind the same client gets no other of that kind (docs/sms-outbox.md).
 * Bulk sends are the owner's own choice each time and have none.
 */
export const DEFAULT_COOLDOWN_DAYS: Record<Exclude<OutboxKind, 'bulk'>, number> = {
  thankYou: 14,
  review: 180,
  followUp: 30,
};

export function cooldownDays(kind: OutboxKind, overrides?: Partial<Record<string, number>>): number {
  if (kind === 'bulk') return 0;
  return overrides?.[kind] ?? DEFAULT_COOLDOWN_DAYS[kind];
}

import type { OutboxKind } from '../../../db/schema/sms-outbox';
import { DEFAULT_COOLDOWN_DAYS, MAX_COOLDOWN_DAYS, MIN_REVIEW_COOLDOWN_DAYS } from '../../../../shared/schemas/sms';

export { DEFAULT_COOLDOWN_DAYS };

/**
 * How long after a text of a kind the same recipient gets no other of that kind (docs/sms-automations.md):
 * the business's setting (autoMessageSettings.cooldownDays) or the default. Review requests never more
 * often than every 180 days, whatever is stored. Bulk sends and the owner's one-tap texts are the owner's own choice each time and have none.
 */
export function cooldownDays(kind: OutboxKind, overrides?: Partial<Record<string, number>> | null): number {
  // A review request's one reminder has the request's cool-down: one request plus one reminder per client (docs/reviews.md).
  if (kind === 'reviewReminder') return cooldownDays('review', overrides);
  if (!(kind in DEFAULT_COOLDOWN_DAYS)) return 0;
  const automated = kind as keyof typeof DEFAULT_COOLDOWN_DAYS;
  const set = overrides?.[automated];
  const days = typeof set === 'number' && Number.isInteger(set) ? Math.min(Math.max(set, 0), MAX_COOLDOWN_DAYS) : DEFAULT_COOLDOWN_DAYS[automated];
  return kind === 'review' ? Math.max(days, MIN_REVIEW_COOLDOWN_DAYS) : days;
}

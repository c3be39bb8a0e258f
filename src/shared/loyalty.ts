// The thresholds of the loyalty rule (docs/loyalty-score.md). The score itself is computed in SQL
// (src/server/features/clients/loyalty-score.ts); the client detail view explains it with the same numbers.

/** A client within their usual rhythm, or a new client, never scores below this (the medium band). */
export const LOYALTY_FLOOR_ON_RHYTHM = 4;
/** A client with one completed booking is new for this many days after it. */
export const NEW_CLIENT_WINDOW_DAYS = 90;
/** Within rhythm: days since the last booking at most max(gap × 1.5, gap + 14), gap = their median gap. */
export const RHYTHM_FACTOR = 1.5;
export const RHYTHM_GRACE_DAYS = 14;

/** Days after the last booking a client with this usual gap is still within their rhythm. */
export const rhythmAllowanceDays = (medianGapDays: number) => Math.max(medianGapDays * RHYTHM_FACTOR, medianGapDays + RHYTHM_GRACE_DAYS);

export type LoyaltyFacts = {
  totalBookings: number;
  /** Median days between bookings; null with fewer than two booking dates. */
  frequency: number | null;
  lastBooking: string | null;
  loyaltyScore: number;
};

export type LoyaltyStanding = 'none' | 'new' | 'one-time' | 'on-rhythm' | 'overdue';

const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where a client stands against their own rhythm on `today` ('YYYY-MM-DD' in the business's time zone). */
export function loyaltyStanding(facts: LoyaltyFacts, today: string): LoyaltyStanding {
  if (!facts.lastBooking || facts.totalBookings === 0) return 'none';
  const since = dayDiff(facts.lastBooking.slice(0, 10), today);
  if (facts.totalBookings === 1 || facts.frequency == null) return since <= NEW_CLIENT_WINDOW_DAYS ? 'new' : 'one-time';
  return since <= rhythmAllowanceDays(facts.frequency) ? 'on-rhythm' : 'overdue';
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const bookings = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;

/** The score in one sentence an owner can act on. */
export function explainLoyalty(facts: LoyaltyFacts, today: string): string {
  const score = Number(facts.loyaltyScore).toFixed(1);
  const standing = loyaltyStanding(facts, today);
  if (standing === 'none') return `Score ${score}: no completed bookings yet.`;
  const since = Math.max(0, dayDiff(facts.lastBooking!.slice(0, 10), today));
  const ago = since === 0 ? 'today' : `${days(since)} ago`;
  switch (standing) {
    case 'new':
      return `Score ${score}: a new client with one booking (${ago}); a second booking will show their rhythm.`;
    case 'one-time':
      return `Score ${score}: one booking, ${ago}, and none since; a friendly check-in may bring them back.`;
    case 'on-rhythm':
      return `Score ${score}: ${bookings(facts.totalBookings)}, usually every ${days(facts.frequency!)}; the last was ${ago}, so they are on their usual rhythm.`;
    default:
      return `Score ${score}: ${bookings(facts.totalBookings)}, usually every ${days(facts.frequency!)}, but the last was ${ago}: they are overdue, a good time to win them back.`;
  }
}

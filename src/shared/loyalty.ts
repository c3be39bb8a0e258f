// The loyalty rule's bands and thresholds and its one definition of "overdue against their rhythm"
// (docs/loyalty-score.md). The score is computed in SQL (src/server/features/clients/loyalty-score.ts),
// Insights lists overdue loyal clients in SQL (insights/queries.ts), and the client view explains a score
// here: all three use isOverdue / isOverdueSql, so they never disagree.

export type LoyaltyBand = 'high' | 'medium' | 'low';

/** Where the bands start (spec part 1 §9): high 7 and above; medium 4 to under 7; low under 4. Scores have one decimal. */
export const LOYALTY_BAND_FROM = { high: 7, medium: 4 } as const;

export function loyaltyBand(score: number | string | null | undefined): LoyaltyBand {
  const s = Number(score ?? 0);
  if (s >= LOYALTY_BAND_FROM.high) return 'high';
  if (s >= LOYALTY_BAND_FROM.medium) return 'medium';
  return 'low';
}

const oneDecimal = (n: number) => n.toFixed(1);
/** Each band's scores as the Loyalty Score Distribution card shows them: '7.0 – 10', '4.0 – 6.9', '0 – 3.9'. */
export const LOYALTY_BAND_RANGES: Record<LoyaltyBand, string> = {
  high: `${oneDecimal(LOYALTY_BAND_FROM.high)} – 10`,
  medium: `${oneDecimal(LOYALTY_BAND_FROM.medium)} – ${oneDecimal(LOYALTY_BAND_FROM.high - 0.1)}`,
  low: `0 – ${oneDecimal(LOYALTY_BAND_FROM.medium - 0.1)}`,
};

/**
 * Each band as a SQL condition on a score expression: the read model's counts (clients/read-model.ts,
 * db/derived-tables.ts) are built from it. The trigger in db/sql/clients.sql writes the same conditions;
 * loyalty-sql-rules.test.ts checks all of them against loyaltyBand on one table of scores, on both databases.
 */
export const loyaltyBandSql = (score: string): Record<LoyaltyBand, string> => ({
  high: `${score} >= ${LOYALTY_BAND_FROM.high}`,
  medium: `${score} >= ${LOYALTY_BAND_FROM.medium} and ${score} < ${LOYALTY_BAND_FROM.high}`,
  low: `${score} < ${LOYALTY_BAND_FROM.medium}`,
});

/** A client within their usual rhythm (on time or a little late), or a new client, never scores below this (the medium band). */
export const LOYALTY_FLOOR_ON_RHYTHM = LOYALTY_BAND_FROM.medium;
/** A client overdue against their rhythm never scores above this: the low band, whatever their points. */
export const LOYALTY_CAP_OVERDUE = Number(oneDecimal(LOYALTY_BAND_FROM.medium - 0.1));
/** A client with one completed booking is new for this many days after it. */
export const NEW_CLIENT_WINDOW_DAYS = 90;
/** Within rhythm: days since the last booking at most max(gap × 1.5, gap + 14), gap = their usual gap (`frequency`). */
export const RHYTHM_FACTOR = 1.5;
export const RHYTHM_GRACE_DAYS = 14;

/** Days after the last booking a client with this usual gap is still within their rhythm. */
export const rhythmAllowanceDays = (usualGapDays: number) => Math.max(usualGapDays * RHYTHM_FACTOR, usualGapDays + RHYTHM_GRACE_DAYS);

/** The same allowance as a SQL expression over a usual-gap expression in whole days (`clients.frequency`). */
const rhythmAllowanceSql = (usualGap: string) => `greatest(${usualGap} * ${RHYTHM_FACTOR}, ${usualGap} + ${RHYTHM_GRACE_DAYS})`;

/** Overdue against their rhythm: more days since the last booking than the allowance of their usual gap. */
export const isOverdue = (daysSince: number, usualGapDays: number) => daysSince > rhythmAllowanceDays(usualGapDays);

/**
 * The same test in SQL over a days-since and a usual-gap expression: the score (clients/loyalty-score.ts) and
 * Insights' overdue list (insights/queries.ts) use it; loyalty-sql-rules.test.ts checks it against isOverdue on
 * one table of cases, on both databases.
 */
export const isOverdueSql = (daysSince: string, usualGap: string) => `((${daysSince}) > ${rhythmAllowanceSql(usualGap)})`;

export type LoyaltyFacts = {
  totalBookings: number;
  /** Usual days between bookings (the rounded median gap); null with fewer than two booking dates. */
  frequency: number | null;
  lastBooking: string | null;
  loyaltyScore: number;
};

/**
 * none: no completed booking. new: one booking at most 90 days ago. one-time: one booking, longer ago.
 * With two or more dates: on-rhythm (the next booking is not due yet: days since ≤ usual gap), late (past the
 * usual gap but within the allowance), overdue (past the allowance).
 */
export type LoyaltyStanding = 'none' | 'new' | 'one-time' | 'on-rhythm' | 'late' | 'overdue';

const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where a client stands against their own rhythm on `today` ('YYYY-MM-DD' in the business's time zone). */
export function loyaltyStanding(facts: LoyaltyFacts, today: string): LoyaltyStanding {
  if (!facts.lastBooking || facts.totalBookings === 0) return 'none';
  const since = dayDiff(facts.lastBooking.slice(0, 10), today);
  if (facts.totalBookings === 1 || facts.frequency == null) return since <= NEW_CLIENT_WINDOW_DAYS ? 'new' : 'one-time';
  if (since <= facts.frequency) return 'on-rhythm';
  return isOverdue(since, facts.frequency) ? 'overdue' : 'late';
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
  const gap = facts.frequency!;
  switch (standing) {
    case 'new':
      return `Score ${score}: a new client with one booking (${ago}); a second booking will show their rhythm.`;
    case 'one-time':
      return `Score ${score}: one booking, ${ago}, and none since; a friendly check-in may bring them back.`;
    case 'on-rhythm':
      return `Score ${score}: ${bookings(facts.totalBookings)}, usually every ${days(gap)}; the last was ${ago}, so they are on their usual rhythm.`;
    case 'late':
      return `Score ${score}: ${bookings(facts.totalBookings)}, usually every ${days(gap)}; the last was ${ago}, ${days(since - gap)} later than usual. They count as overdue after ${days(Math.floor(rhythmAllowanceDays(gap)))} without a booking.`;
    default:
      return `Score ${score}: ${bookings(facts.totalBookings)}, usually every ${days(gap)}, but the last was ${ago}: they are overdue, a good time to win them back.`;
  }
}

import { describe, expect, it } from 'vitest';
import { explainLoyalty, loyaltyStanding, rhythmAllowanceDays } from './loyalty';

const today = '2026-06-30';
const facts = (totalBookings: number, frequency: number | null, lastBooking: string | null, loyaltyScore = 5) => ({
  totalBookings,
  frequency,
  lastBooking,
  loyaltyScore,
});

describe('loyalty standing (docs/loyalty-score.md)', () => {
  it('allows the larger of 1.5 × the usual gap and the gap + 14 days', () => {
    expect(rhythmAllowanceDays(7)).toBe(21);
    expect(rhythmAllowanceDays(30)).toBe(45);
    expect(rhythmAllowanceDays(90)).toBe(135);
  });

  it.each([
    [facts(0, null, null), 'none'],
    [facts(1, null, '2026-06-30'), 'new'],
    [facts(1, null, '2026-04-01'), 'new'], // 90 days
    [facts(1, null, '2026-03-31'), 'one-time'], // 91 days
    [facts(4, 14, '2026-06-16'), 'on-rhythm'], // 14 days: not due yet
    [facts(4, 14, '2026-06-09'), 'late'], // 21 days: past 14, within 28
    [facts(4, 14, '2026-06-01'), 'overdue'], // 29 days > 28
    [facts(3, 30, '2026-05-31'), 'on-rhythm'], // 30 days
    [facts(3, 30, '2026-05-17'), 'late'], // 44 days: past 30, within 45
    [facts(3, 30, '2026-05-16'), 'late'], // 45 days
    [facts(3, 30, '2026-05-15'), 'overdue'], // 46 days
  ] as const)('%j is %s', (f, standing) => {
    expect(loyaltyStanding(f, today)).toBe(standing);
  });

  it('explains the score in one sentence', () => {
    expect(explainLoyalty(facts(1, null, '2026-06-20', 4), today)).toBe(
      'Score 4.0: a new client with one booking (10 days ago); a second booking will show their rhythm.',
    );
    expect(explainLoyalty(facts(6, 14, '2026-06-30', 8.2), today)).toBe(
      'Score 8.2: 6 bookings, usually every 14 days; the last was today, so they are on their usual rhythm.',
    );
    // 44 days with a usual gap of 30 is late, never "on their usual rhythm"
    expect(explainLoyalty(facts(5, 30, '2026-05-17', 6.4), today)).toBe(
      'Score 6.4: 5 bookings, usually every 30 days; the last was 44 days ago, 14 days later than usual. They count as overdue after 45 days without a booking.',
    );
    expect(explainLoyalty(facts(2, 7, '2026-06-16', 5), today)).toBe(
      'Score 5.0: 2 bookings, usually every 7 days; the last was 14 days ago, 7 days later than usual. They count as overdue after 21 days without a booking.',
    );
    expect(explainLoyalty(facts(2, 30, '2026-01-01', 2.1), today)).toBe(
      'Score 2.1: 2 bookings, usually every 30 days, but the last was 180 days ago: they are overdue, a good time to win them back.',
    );
    expect(explainLoyalty(facts(1, null, '2025-12-01', 1.1), today)).toBe(
      'Score 1.1: one booking, 211 days ago, and none since; a friendly check-in may bring them back.',
    );
    expect(explainLoyalty(facts(0, null, null, 0), today)).toBe('Score 0.0: no completed bookings yet.');
  });
});

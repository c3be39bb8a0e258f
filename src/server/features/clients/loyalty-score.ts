import { sql } from 'drizzle-orm';
import { isOverdueSql, LOYALTY_CAP_OVERDUE, LOYALTY_FLOOR_ON_RHYTHM, NEW_CLIENT_WINDOW_DAYS } from '../../../shared/loyalty';

/**
 * The loyalty score rule (docs/loyalty-score.md) as one SQL expression, 0 to 10 with one decimal.
 * recomputeClientStats evaluates it over a row `f` with one client's facts:
 *   f.total        completed bookings (null when none)
 *   f.first_date, f.last_date   earliest / latest completed service date
 *   f.median_gap, f.mean_gap, f.sd_gap   days between consecutive distinct service dates
 *   f.gap_count    number of such gaps (null with fewer than two dates)
 *   f.converted, f.pending      referrals the client made (0 when none)
 *   f.today        today's date in the business's time zone
 * This is the only place the formula is written; recomputeClientStats (clients/service.ts) only gathers the facts.
 */
// The usual gap is the client's `frequency` (the median gap rounded to whole days), so the score, the
// client view's sentence and Insights' overdue list measure a client against the same number of days.
const usualGap = 'round(f.median_gap)';
// Overdue against their rhythm: two or more dates and more days since the last booking than the allowance.
const overdue = `(f.gap_count is not null and ${isOverdueSql('f.today - f.last_date', usualGap)})`;
// Within their rhythm (on time or a little late), or new: one booking within the last 90 days.
const withinRhythmOrNew = `(
    (f.gap_count is not null and not ${isOverdueSql('f.today - f.last_date', usualGap)})
    or (f.total = 1 and (f.today - f.last_date) <= ${NEW_CLIENT_WINDOW_DAYS})
  )`;

const points = `least(10,
    -- repeat bookings: up to 3.5 points, full at 8 bookings
    (case when coalesce(f.total, 0) <= 1 then 0 else 3.5 * least(f.total - 1, 7) / 7.0 end)
    -- regularity: 1 point for a second booking; from 3 bookings 2 points scaled by how even the gaps are
    + (case
        when f.gap_count is null then 0
        when f.gap_count = 1 then 1
        when f.mean_gap <= 0 then 0
        else 2 * greatest(0, 1 - f.sd_gap / f.mean_gap)
      end)
    -- recency: 2.5 points up to 30 days since the last booking, falling to 0 at 365 days
    + (case
        when f.last_date is null then 0
        else 2.5 * greatest(0, least(1, (365 - greatest(f.today - f.last_date, 0)) / 335.0))
      end)
    -- referrals: 1 point per converted, 0.5 per pending referral, up to 2
    + least(2, f.converted + 0.5 * f.pending)
  )`;

export const loyaltyScoreSql = sql.raw(`round((case
    -- overdue against their rhythm: the low band, whatever the points (the clients Insights lists)
    when ${overdue} then least(${LOYALTY_CAP_OVERDUE}, ${points})
    -- within their rhythm, or new: never in the low band (never told to be won back)
    when ${withinRhythmOrNew} then greatest(${LOYALTY_FLOOR_ON_RHYTHM}, ${points})
    else ${points}
  end)::numeric, 1)`);

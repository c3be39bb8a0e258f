import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';

/** Days after today (in the business's time zone) a service date may still be: slack for time zones. */
export const FUTURE_DATE_SLACK_DAYS = 1;

export const FUTURE_SERVICE_DATE_MESSAGE = "The service date can't be in the future";

/**
 * The latest service date a business accepts ('YYYY-MM-DD'): today in its time zone plus a day of slack.
 * Imports, the webhook and Add Client record completed jobs only (docs/clients-api.md).
 */
export async function latestServiceDate(tx: Tx, businessId: number): Promise<string> {
  const [row] = rowsOf<{ d: string }>(
    await tx.execute(
      sql`select to_char((now() at time zone time_zone)::date + ${FUTURE_DATE_SLACK_DAYS}::int, 'YYYY-MM-DD') as d from businesses where id = ${businessId}`,
    ),
  );
  // A business always exists for a signed-in request; fall back to UTC so a rule never goes missing.
  if (row) return row.d;
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + FUTURE_DATE_SLACK_DAYS);
  return d.toISOString().slice(0, 10);
}

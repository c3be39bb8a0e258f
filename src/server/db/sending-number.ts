import { type SQL, sql } from 'drizzle-orm';

/**
 * The business's SMS number, the one its texts go out from and its clients reply to: businesses.selected_phone_number,
 * else outreach_settings.twilio_phone, else the first number bought. `b` and `o` name the two tables in the statement.
 */
export function sendingNumber(b = 'businesses', o = 'outreach_settings'): SQL<string | null> {
  return sql.raw(`coalesce(${b}.selected_phone_number, ${o}.twilio_phone, ${b}.twilio_numbers->>0)`) as SQL<string | null>;
}

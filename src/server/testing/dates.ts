import type { Database } from '../db/client';

/** Today's calendar date in a time zone, as the database sees it ('YYYY-MM-DD'). */
export async function todayIn(database: Database, timeZone: string): Promise<string> {
  const [row] = await database.query<{ today: string }>(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today`, [timeZone]);
  return row.today;
}

/** The calendar date n days before an ISO date. */
export function daysBefore(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

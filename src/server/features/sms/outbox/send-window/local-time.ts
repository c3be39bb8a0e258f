import { TZDate } from '@date-fns/tz';
import type { WeekWindows } from './rules';

type LocalParts = { year: number; month: number; day: number; weekday: number; minutes: number };

function localParts(ms: number, zone: string): LocalParts {
  const d = new TZDate(ms, zone);
  return {
    year: d.getFullYear(),
    month: d.getMonth(),
    day: d.getDate(),
    weekday: d.getDay(),
    minutes: d.getHours() * 60 + d.getMinutes() + d.getSeconds() / 60 + d.getMilliseconds() / 60_000,
  };
}

/** The instant of a wall-clock time in a zone (a day past the month's end rolls over, as with Date). */
function instantOf(zone: string, year: number, month: number, day: number, minutes: number): number {
  return +new TZDate(year, month, day, Math.floor(minutes / 60), minutes % 60, zone);
}

const validZones = new Set<string>();

export function isValidTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  validZones.add(zone);
  return true;
}

// Longer than any closed stretch a rule can make (a Sunday).
const SEARCH_DAYS = 8;

/** `ms` if it is inside the zone's window, else the zone's next window start. */
function nextInZone(ms: number, zone: string, windows: WeekWindows): number {
  const p = localParts(ms, zone);
  for (let d = 0; d <= SEARCH_DAYS; d++) {
    const w = windows[(p.weekday + d) % 7];
    if (!w) continue;
    if (d === 0 && p.minutes >= w.start && p.minutes < w.end) return ms;
    const start = instantOf(zone, p.year, p.month, p.day + d, w.start);
    if (start > ms) return start;
  }
  throw new Error(`No send window within ${SEARCH_DAYS} days in ${zone}`);
}

/**
 * The earliest instant at or after `from` that is inside the day's window in every zone. No zone allows
 * anything between an instant outside its window and its next window start, so jumping to the latest of
 * those skips nothing; repeat until every zone agrees.
 */
export function nextAllowed(from: number, zones: readonly string[], windows: WeekWindows): number {
  let t = from;
  for (let round = 0; round < 20; round++) {
    const next = Math.max(...zones.map((zone) => nextInZone(t, zone, windows)));
    if (next === t) return t;
    t = next;
  }
  throw new Error(`No common send window in ${zones.join(', ')}`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatLocal(ms: number, zone: string): string {
  let f = formatters.get(zone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
    formatters.set(zone, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })));
  }
  return f.format(ms);
}

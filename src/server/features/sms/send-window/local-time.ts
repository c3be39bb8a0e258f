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

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function inWindow(ms: number, zone: string, windows: WeekWindows): boolean {
  const p = localParts(ms, zone);
  const w = windows[p.weekday];
  return w != null && p.minutes >= w.start && p.minutes < w.end;
}

export const inWindowEverywhere = (ms: number, zones: readonly string[], windows: WeekWindows) =>
  zones.every((zone) => inWindow(ms, zone, windows));

// Longer than any closed stretch a rule can make (a Sunday), with room for zones a day apart.
const SEARCH_DAYS = 8;

/**
 * The earliest instant at or after `from` that is inside the day's window in every zone. The allowed
 * instants are unions of intersections of [start, end) windows, so the answer is `from` itself or some
 * zone's window start: only those are tried.
 */
export function nextAllowed(from: number, zones: readonly string[], windows: WeekWindows): number {
  if (inWindowEverywhere(from, zones, windows)) return from;
  const candidates: number[] = [];
  for (const zone of zones) {
    const p = localParts(from, zone);
    for (let d = 0; d <= SEARCH_DAYS; d++) {
      const w = windows[(p.weekday + d) % 7];
      if (!w) continue;
      const start = instantOf(zone, p.year, p.month, p.day + d, w.start);
      if (start > from) candidates.push(start);
    }
  }
  candidates.sort((a, b) => a - b);
  const found = candidates.find((t) => inWindowEverywhere(t, zones, windows));
  if (found === undefined) throw new Error(`No send window within ${SEARCH_DAYS} days in ${zones.join(', ')}`);
  return found;
}

export function formatLocal(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ms);
}

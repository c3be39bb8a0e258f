// Time zones as an owner picks them (docs/settings.md): the United States' zones first, by name, then every
// other zone the browser knows, each findable by city, region or zone id.
import { supportedTimeZones } from '../../shared/schemas/business';

/** The US zones an owner is most likely in, in this order, with the names they use for them (ICU's ids, as browsers report them). */
export const US_TIME_ZONES: { zone: string; name: string }[] = [
  { zone: 'America/New_York', name: 'Eastern Time' },
  { zone: 'America/Chicago', name: 'Central Time' },
  { zone: 'America/Denver', name: 'Mountain Time' },
  { zone: 'America/Phoenix', name: 'Mountain Time, no daylight saving (Arizona)' },
  { zone: 'America/Los_Angeles', name: 'Pacific Time' },
  { zone: 'America/Anchorage', name: 'Alaska Time' },
  { zone: 'Pacific/Honolulu', name: 'Hawaii Time' },
  { zone: 'America/Detroit', name: 'Eastern Time (Michigan)' },
  { zone: 'America/Indianapolis', name: 'Eastern Time (Indiana)' },
  { zone: 'America/Louisville', name: 'Eastern Time (Kentucky)' },
  { zone: 'America/Boise', name: 'Mountain Time (Idaho)' },
  { zone: 'America/Adak', name: 'Hawaii-Aleutian Time' },
  { zone: 'America/Puerto_Rico', name: 'Atlantic Time (Puerto Rico)' },
];
const US_NAMES = new Map(US_TIME_ZONES.map((z) => [z.zone, z.name]));

/** "America/New_York" as "New York (America)"; "America/Indiana/Indianapolis" as "Indianapolis (America / Indiana)". */
function placeOf(zone: string): string {
  const parts = zone.replace(/_/g, ' ').split('/');
  if (parts.length === 1) return parts[0];
  return `${parts[parts.length - 1]} (${parts.slice(0, -1).join(' / ')})`;
}

/** What an owner reads for a zone: "Central Time — Chicago" for US zones, "Berlin (Europe)" for the others. */
export function timeZoneLabel(zone: string): string {
  const us = US_NAMES.get(zone);
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  return us ? `${us} — ${city}` : placeOf(zone);
}

export type ZoneOption = { zone: string; label: string; group: 'United States' | 'All time zones' };

/** US zones first (in US_TIME_ZONES' order), then the others alphabetically; `current` is kept even if unknown here. */
export function timeZoneOptions(current?: string): ZoneOption[] {
  const known = new Set(supportedTimeZones());
  if (current) known.add(current);
  const us = US_TIME_ZONES.filter((z) => known.has(z.zone) || z.zone === current).map((z): ZoneOption => ({ zone: z.zone, label: timeZoneLabel(z.zone), group: 'United States' }));
  const rest = [...known]
    .filter((zone) => !US_NAMES.has(zone))
    .map((zone): ZoneOption => ({ zone, label: timeZoneLabel(zone), group: 'All time zones' }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...us, ...rest];
}

const fold = (s: string) => s.toLowerCase().replace(/[_/\s—().-]+/g, ' ').trim();

/** Options whose label or zone id contains every word of the query (case, spaces, `_` and `/` ignored). */
export function filterTimeZones(options: ZoneOption[], query: string): ZoneOption[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => {
    const text = `${fold(o.label)} ${fold(o.zone)}`;
    return words.every((w) => text.includes(w));
  });
}

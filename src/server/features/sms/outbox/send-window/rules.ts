// When a text may reach a number, by the recipient's state. Sources and the choices behind each row are in
// docs/sms-send-window.md; change both together. Each rule is its windows; the words the explanation uses are
// made from them (describeWindows), so the hours are written once.
import { FEDERAL_SEND_HOURS, timeOfDay } from '../../../../../shared/send-hours';

/** Minutes after local midnight: a text may go out from `start` (inclusive) to `end` (exclusive). */
export type DayWindow = { start: number; end: number };
/** Indexed by weekday, 0 = Sunday; null = no texts that day. */
export type WeekWindows = readonly (DayWindow | null)[];

export type StateRule = {
  windows: WeekWindows;
  /** At most this many marketing texts to one number in any 24 hours. */
  marketingCap?: number;
};

const h = (hour: number) => hour * 60;
const everyDay = (start: number, end: number): WeekWindows => Array.from({ length: 7 }, () => ({ start: h(start), end: h(end) }));
const notSunday = (start: number, end: number): WeekWindows => everyDay(start, end).map((w, day) => (day === 0 ? null : w));

/** Federal (TCPA, 47 CFR 64.1200(c)(1)): 8 am to 9 pm at the called party's location. Every text obeys it. */
export const DEFAULT_RULE: StateRule = { windows: everyDay(FEDERAL_SEND_HOURS.start, FEDERAL_SEND_HOURS.end) };

export const STATE_RULES: Readonly<Record<string, StateRule>> = {
  FL: { windows: everyDay(8, 20), marketingCap: 3 },
  OK: { windows: everyDay(8, 20), marketingCap: 3 },
  MD: { windows: everyDay(8, 20), marketingCap: 3 },
  NJ: { windows: everyDay(8, 20) },
  WA: { windows: everyDay(8, 20) },
  CT: { windows: everyDay(9, 20) },
  MS: { windows: notSunday(8, 20) },
  AL: { windows: notSunday(8, 20) },
  LA: { windows: notSunday(8, 20) },
  TX: { windows: everyDay(9, 21).map((w, day) => (day === 0 ? { start: h(12), end: h(21) } : w)) },
};

export const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', VI: 'U.S. Virgin Islands', GU: 'Guam', MP: 'Northern Mariana Islands', AS: 'American Samoa',
};

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const between = (w: DayWindow) => `between ${timeOfDay(w.start)} and ${timeOfDay(w.end)}`;
const same = (a: DayWindow | null, b: DayWindow | null) => a?.start === b?.start && a?.end === b?.end;

/** The windows in words, for the explanation after "go out" ("between 9 am and 8 pm, never on Sunday"). */
export function describeWindows(windows: WeekWindows): string {
  const [sunday, ...rest] = windows;
  const weekdays = rest[0];
  if (weekdays && rest.every((w) => same(w, weekdays))) {
    if (same(sunday, weekdays)) return between(weekdays);
    return sunday ? `${between(weekdays)} Monday to Saturday and ${between(sunday)} on Sunday` : `${between(weekdays)}, never on Sunday`;
  }
  return windows.map((w, day) => `${DAY_NAMES[day]} ${w ? between(w) : 'never'}`).join('; ');
}

/** The hours allowed by every one of the rules (a text to a number that may be in any of several states). */
export function combineRules(rules: readonly StateRule[]): StateRule {
  const windows = Array.from({ length: 7 }, (_, day): DayWindow | null => {
    let start = 0;
    let end = h(24);
    for (const rule of rules) {
      const w = rule.windows[day];
      if (!w) return null;
      start = Math.max(start, w.start);
      end = Math.min(end, w.end);
    }
    return start < end ? { start, end } : null;
  });
  const caps = rules.map((r) => r.marketingCap).filter((c): c is number => c !== undefined);
  return {
    windows,
    ...(caps.length > 0 ? { marketingCap: Math.min(...caps) } : {}),
  };
}

// The federal sending hours (TCPA, 47 CFR 64.1200(c)(1)): every text reaches a number only from 8 am to 9 pm at
// the called party's location. The send window's rules (server, sms/send-window/rules.ts) and the hours the
// Automations card states are built from these numbers; the state rules are stricter (docs/sms-send-window.md).

/** Hours after local midnight: from `start` (inclusive) to `end` (exclusive). */
export const FEDERAL_SEND_HOURS = { start: 8, end: 21 } as const;

/** Minutes after midnight in words: 480 → '8 am', 720 → 'noon', 1290 → '9:30 pm'. */
export function timeOfDay(minutes: number): string {
  if (minutes === 12 * 60) return 'noon';
  const hour = Math.floor(minutes / 60) % 12 || 12;
  const min = minutes % 60;
  return `${hour}${min ? `:${String(min).padStart(2, '0')}` : ''} ${minutes < 12 * 60 ? 'am' : 'pm'}`;
}

/** '8 am to 9 pm': the federal hours as the Automations card states them. */
export const federalHoursInWords = () => `${timeOfDay(FEDERAL_SEND_HOURS.start * 60)} to ${timeOfDay(FEDERAL_SEND_HOURS.end * 60)}`;

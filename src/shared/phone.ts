import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as typed, in E.164 (+15551234567), or null when it is unusable. One rule for every
 * phone the app stores (clients, leads, the business), so numbers match when they are compared.
 * Any well-formed ten-digit North American number counts, 555 numbers included (carrier validity rules
 * would drop the spec's own examples); other countries need a leading + and a possible length.
 */
export function normalizePhone(raw: unknown): string | null {
  if (raw == null) return null;
  const text = String(raw).trim();
  if (!text) return null;
  // Fast path for the usual North American shapes; libphonenumber handles everything else.
  const nanp = /^(?:\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})$/.exec(text);
  if (nanp) return `+1${nanp[1]}${nanp[2]}${nanp[3]}`;
  const parsed = parsePhoneNumberFromString(text, 'US');
  if (!parsed) return null;
  if (parsed.countryCallingCode === '1') {
    const national = String(parsed.nationalNumber);
    return /^[2-9]\d{9}$/.test(national) ? `+1${national}` : null;
  }
  return text.startsWith('+') && parsed.isPossible() ? parsed.number : null;
}

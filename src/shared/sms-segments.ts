// How many SMS segments a text takes, as carriers bill it (GSM 03.38 / 3GPP TS 23.038).
// The web app shows it under every message box; the send service records it.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two septets (an escape and the character). */
const GSM_EXTENDED = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SegmentCount = {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** Units per segment at this length: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
  /** Units left before the next segment starts. */
  remaining: number;
};

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

/** GSM-7 when every character is in the GSM basic or extension table; otherwise the whole text is UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!basic.has(ch) && !extended.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

export function countSegments(text: string): SegmentCount {
  const encoding = smsEncoding(text);
  let units = 0;
  if (encoding === 'GSM-7') for (const ch of text) units += extended.has(ch) ? 2 : 1;
  else units = text.length; // UTF-16 code units: an emoji outside the BMP takes two
  const { single, multi } = SMS_LIMITS[encoding];
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single, remaining: single - units };
  const segments = Math.ceil(units / multi);
  return { encoding, units, segments, perSegment: multi, remaining: segments * multi - units };
}

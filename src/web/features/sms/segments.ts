// How many SMS segments a text takes: GSM-7 160 per text or 153 per part, UCS-2 70 or 67 (issue 10).
// Used until shared/sms-segments.ts lands; the server's count is the one that is billed.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SegmentCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them (an extended GSM character counts 2). */
  units: number;
  segments: number;
}

export function countSegments(text: string): SegmentCount {
  let gsmUnits = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmUnits += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmUnits += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', units: gsmUnits, segments: gsmUnits === 0 ? 0 : gsmUnits <= 160 ? 1 : Math.ceil(gsmUnits / 153) };
  // UCS-2 counts UTF-16 code units: an emoji is 2.
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

import { z } from 'zod';

// "Required" in every shared schema (docs/input-rules.md "Required text"): at least one character a person can
// see, and no control characters. Trimming alone leaves zero-width spaces, direction marks, a lone line break
// in a one-line field or a bell character, which read as empty or break what the text is sent on to.

/**
 * Characters that show nothing on their own: white space, controls, format characters (zero-width space and
 * joiners, direction marks, the byte-order mark), combining marks with nothing to sit on, and the blank letters
 * (Hangul fillers, the braille blank).
 */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;
/** Control characters in a one-line field: every C0/C1 control (line breaks and tabs too) and the Unicode line and paragraph separators. */
const ONE_LINE_CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Control characters in a multi-line field (a message): all but the line feed, carriage return and tab. */
const MULTI_LINE_CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** True when the text has at least one visible character. */
export const hasVisibleText = (value: string) => !INVISIBLE.test(value);

/** True when the text has no control character (`multiline`: line breaks and tabs are allowed). */
export const hasNoControlCharacters = (value: string, multiline = false) => !(multiline ? MULTI_LINE_CONTROL : ONE_LINE_CONTROL).test(value);

/**
 * A required text field: trimmed, at least one visible character, no control characters (one line unless
 * `multiline`), at most `max` characters. Missing, empty, invisible and control characters all answer the
 * field's own `message`; too long answers `tooLong`.
 */
export function requiredText(message: string, max: number, tooLong: string, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => hasVisibleText(v) && hasNoControlCharacters(v, options.multiline), { error: message })
    .max(max, { error: tooLong });
}

// A large CSV file is read by two parse workers at once (read-file.ts): the first is sent the file up to a line
// break near the middle of what it has not been sent yet, the second the header line and the rest. When the cut
// falls inside a quoted field that spans lines, the first part ends inside an open quote, which its reader refuses
// ("Quote Not Closed"): the file is then read whole by one worker. So the two parts are always the file's own records.

/** Below this size one worker reads the rest: a second would not pay for its start (about 50 ms a megabyte). */
export const CUT_MIN_BYTES = 1024 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;

/** Where the file is cut (`at`: the second part's first byte), and where its header line ends. */
export type Cut = { at: number; headerEnd: number };

/**
 * Where to cut a CSV file whose first `sent` bytes went to the first reader: after the first line break past the
 * middle of the rest. Only when the first line is a plain header (no quote, no carriage return but the one before
 * its line feed, not blank), so the reader takes it for the header and ends records as it does: after a CR LF then,
 * after a LF otherwise. Null when the file is not worth cutting or its shape is unsure.
 */
export function cutOf(file: Buffer, sent: number): Cut | null {
  if (file.length - sent < CUT_MIN_BYTES) return null;
  const headerBreak = file.indexOf(LF);
  if (headerBreak < 0) return null;
  const crlf = headerBreak > 0 && file[headerBreak - 1] === CR;
  const header = file.subarray(0, crlf ? headerBreak - 1 : headerBreak);
  if (header.includes(QUOTE) || header.includes(CR) || !/[^\s,;\ufeff]/.test(header.toString('utf8'))) return null;
  const middleBreak = crlf ? file.indexOf('\r\n', sent + ((file.length - sent) >> 1)) + 1 : file.indexOf(LF, sent + ((file.length - sent) >> 1));
  if (middleBreak <= headerBreak || middleBreak + 1 >= file.length) return null;
  return { at: middleBreak + 1, headerEnd: headerBreak + 1 };
}

/** The second worker's input: the header line, then the file from the cut. */
export const secondPart = (file: Buffer, cut: Cut) => Buffer.concat([file.subarray(0, cut.headerEnd), file.subarray(cut.at)]);

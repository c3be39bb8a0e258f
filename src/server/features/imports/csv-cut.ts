import type { CutNote } from './parse-job';

// A large CSV file is read by two parse workers at once (read-file.ts): the first from its start, the second from a
// line break near its middle with a copy of the header in front. The first worker, which reads every record
// before the cut, decides whether the cut falls between two records (it stops there) or inside one (it reads on
// and the second worker's part is dropped), so the two parts are always the file's own records.

/** Below this size one worker reads the file: the second would not pay for its start (about 50 ms a megabyte). */
export const CUT_MIN_BYTES = 1024 * 1024;

const LF = 0x0a;

/**
 * Where to cut a CSV file in two when its first reader has been sent its first `sent` bytes: after the first line
 * break past the middle of the rest, when the file's first line (the header) ends with a line break before that
 * and holds a column name. Null when the rest is not worth cutting.
 */
export function cutOf(file: Buffer, sent: number): CutNote | null {
  if (file.length - sent < CUT_MIN_BYTES) return null;
  const headerBreak = file.indexOf(LF);
  const middleBreak = file.indexOf(LF, sent + ((file.length - sent) >> 1));
  if (headerBreak < 0 || middleBreak < 0 || middleBreak + 1 >= file.length || middleBreak <= headerBreak) return null;
  // a blank first line is not the header: the reader would take the next non-blank row for it
  if (!/[^\s,;"\ufeff]/.test(file.subarray(0, headerBreak).toString('utf8'))) return null;
  return { at: middleBreak + 1, headerEnd: headerBreak + 1 };
}

/** The second worker's input: the header line, then the file from the cut. */
export const secondPart = (file: Buffer, cut: CutNote) => Buffer.concat([file.subarray(0, cut.headerEnd), file.subarray(cut.at)]);

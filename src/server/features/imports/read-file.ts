import { pipeline, Readable } from 'node:stream';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { isAllowedText } from '../../platform/body-parsing';
import { HttpError } from '../../platform/errors';
import { NOT_A_TABLE, readSpreadsheet } from './spreadsheet';

export { NOT_A_TABLE };
const MAX_RECORD_BYTES = 1024 * 1024;

type Kind = 'csv' | 'spreadsheet';

export function checkFileName(fileName: string) {
  if (!/\.(csv|xlsx|xls)$/i.test(fileName)) throw new HttpError(400, 'Please upload a .csv, .xlsx or .xls file.');
}

function sniff(first: Buffer): Kind {
  const zip = first[0] === 0x50 && first[1] === 0x4b && first[2] === 0x03 && first[3] === 0x04;
  const ole = first.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (zip || ole) return 'spreadsheet';
  const sample = first.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) throw new HttpError(400, NOT_A_TABLE);
    if (byte < 9 || (byte > 13 && byte < 32)) control += 1;
  }
  if (control > sample.length / 100 || sample.subarray(0, 5).toString('latin1') === '%PDF-') throw new HttpError(400, NOT_A_TABLE);
  return 'csv';
}

/**
 * The rows of an uploaded table as arrays of cells, header first. CSV is parsed while it streams in;
 * a spreadsheet is read whole, in a worker thread with size, memory and time limits (spreadsheet.ts).
 */
export async function* readTable(stream: AsyncIterable<Buffer>): AsyncGenerator<unknown[]> {
  const it = stream[Symbol.asyncIterator]();
  let first = await it.next();
  while (!first.done && first.value.length === 0) first = await it.next();
  if (first.done) throw new HttpError(400, 'The file is empty.');
  const head: Buffer = first.value;
  const rest = async function* () {
    yield head;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  };
  if (sniff(head) === 'spreadsheet') {
    const chunks: Buffer[] = [];
    for await (const c of rest()) chunks.push(c);
    let row = 0;
    for (const cells of await readSpreadsheet(Buffer.concat(chunks))) yield storableCells(cells, (row += 1));
    return;
  }
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, max_record_size: MAX_RECORD_BYTES });
  // pipeline (not pipe) so a failing upload stream, e.g. over the size limit, fails the parser too.
  pipeline(Readable.from(rest()), parser, () => {});
  try {
    for await (const record of parser) yield storableCells(record as string[], parser.info.records);
  } catch (error) {
    if (error instanceof CsvError) throw new HttpError(400, `The file could not be read as CSV: ${error.message}`);
    throw error;
  }
}

/** A cell PostgreSQL cannot store (NUL, or a lone surrogate from an Excel escape) refuses the file with its row. */
function storableCells(cells: unknown[], row: number): unknown[] {
  for (const cell of cells) {
    if (typeof cell === 'string' && !isAllowedText(cell)) {
      throw new HttpError(400, `Row ${row} of the file contains a character that is not allowed (such as a NUL byte). Please save the file again as CSV or Excel and upload it.`);
    }
  }
  return cells;
}

import { pipeline, Readable } from 'node:stream';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { isAllowedText } from '../../platform/body-parsing';
import { HttpError } from '../../platform/errors';
import { readSpreadsheet } from './read-spreadsheet';

// Runs in the parse worker (parse-job.ts).

const MAX_RECORD_BYTES = 1024 * 1024;

/** A CSV file's rows as arrays of cells, header first, parsed while its chunks arrive. */
export async function* csvTable(chunks: AsyncIterable<Buffer>): AsyncGenerator<unknown[]> {
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, max_record_size: MAX_RECORD_BYTES });
  // pipeline (not pipe) so a failing input stream fails the parser too.
  pipeline(Readable.from(chunks), parser, () => {});
  // rows counted as they are read: the parser's own count runs ahead of its reader
  let row = 0;
  try {
    for await (const record of parser) yield storableCells(record as string[], (row += 1));
  } catch (error) {
    if (error instanceof CsvError) throw new HttpError(400, `The file could not be read as CSV: ${error.message}`);
    throw error;
  }
}

/** A spreadsheet's first sheet as rows of cells, header first (read whole, under SPREADSHEET_LIMITS). */
export async function* spreadsheetTable(chunks: AsyncIterable<Buffer>): AsyncGenerator<unknown[]> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  let row = 0;
  for (const cells of await readSpreadsheet(Buffer.concat(parts))) yield storableCells(cells, (row += 1));
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

import type { BookingRow, CancelledBookingRow } from '../bookings/service';
import type { ClientPreview, PhoneStats } from '../../../shared/schemas/imports';
import { type ColumnMap, mapColumns, missingColumns } from './columns';
import { normalizeBooking, type RawBooking, type RowRules } from './normalize-row';
import { HttpError } from '../../platform/errors';

/** At most this many error lines are kept in the answer and the upload log; errorCount has them all. */
export const MAX_ERROR_LINES = 1000;
const PREVIEWS = 5;

export type CollectedRows = {
  bookings: BookingRow[];
  /** Cancelled and no-show rows (counted in `skipped`), kept as bookings of known clients (docs/insights.md). */
  cancelled: CancelledBookingRow[];
  totalRows: number;
  skipped: number;
  errors: string[];
  errorCount: number;
  /** Rows that became bookings (includes rows that were kept with a warning). */
  processed: number;
  /** Of those, rows counted as completed because the file has no status column. */
  rowsWithoutStatus: number;
  phoneStats: PhoneStats;
  clientPreviews: ClientPreview[];
};

/**
 * The rows of one part of a table (the whole table, or one of the two parts a large CSV file is read in: read-file.ts),
 * as a parse worker answers them; `finishRows` joins the parts in file order. Rows are numbered from the part's
 * header (row 1).
 */
export type RowsPart = Omit<CollectedRows, 'errors' | 'phoneStats'> & {
  /** The first MAX_ERROR_LINES error lines: [row, sentence]. */
  errors: [number, string][];
  invalidPhones: number;
  /** The rows read, the header and blank rows included: the next part's row 1 is this part's last row. */
  rowsRead: number;
};

/** The counts and lists both shapes start from. */
const noRows = () => ({
  bookings: [] as BookingRow[],
  cancelled: [] as CancelledBookingRow[],
  totalRows: 0,
  skipped: 0,
  errorCount: 0,
  processed: 0,
  rowsWithoutStatus: 0,
  clientPreviews: [] as ClientPreview[],
});

const blank = (cells: unknown[]) => cells.every((c) => c == null || String(c).trim() === '');

function rawOf(cells: unknown[], map: ColumnMap): RawBooking {
  const at = (i: number | undefined) => (i === undefined ? undefined : cells[i]);
  const name =
    map.name !== undefined
      ? at(map.name)
      : [at(map.firstName), at(map.lastName)].filter((v) => v != null && String(v).trim()).join(' ');
  return {
    name,
    email: at(map.email),
    phone: at(map.phone),
    date: at(map.date),
    amount: at(map.amount),
    // A file without a status column holds completed jobs only.
    status: map.status === undefined ? undefined : (at(map.status) ?? ''),
    serviceType: at(map.serviceType),
  };
}

/** Applies the column mapping and row rules to a table's rows (header first), streaming. */
export async function collectRows(table: AsyncIterable<unknown[]>, rules: RowRules = {}): Promise<RowsPart> {
  let map: ColumnMap | null = null;
  let rowNumber = 0;
  const out: RowsPart = { ...noRows(), errors: [], invalidPhones: 0, rowsRead: 0 };
  const addError = (line: string) => {
    out.errorCount += 1;
    if (out.errors.length < MAX_ERROR_LINES) out.errors.push([rowNumber, line]);
  };

  for await (const cells of table) {
    rowNumber += 1;
    if (!map) {
      if (blank(cells)) continue;
      map = mapColumns(cells);
      const missing = missingColumns(map);
      if (missing.length) {
        const found = cells.map((c) => String(c ?? '').trim()).filter(Boolean).slice(0, 20).join(', ');
        throw new HttpError(
          400,
          `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Found columns: ${found || 'none'}.`,
        );
      }
      continue;
    }
    if (blank(cells)) continue;
    out.totalRows += 1;
    const result = normalizeBooking(rawOf(cells, map), rules);
    if (result.kind === 'skipped') out.skipped += 1;
    else if (result.kind === 'cancelled') {
      out.skipped += 1;
      out.cancelled.push(result.booking);
    }
    else if (result.kind === 'error') addError(result.reason);
    else {
      const b = result.booking;
      out.bookings.push(b);
      out.processed += 1;
      if (map.status === undefined) out.rowsWithoutStatus += 1;
      if (result.warning) addError(result.warning);
      if (result.invalidPhone) out.invalidPhones += 1;
      if (out.clientPreviews.length < PREVIEWS) {
        out.clientPreviews.push({ name: b.name, email: b.email, phone: b.phone, serviceDate: b.serviceDate, amount: b.amount });
      }
    }
  }
  if (!map) throw new HttpError(400, 'The file is empty.');
  out.rowsRead = rowNumber;
  return out;
}

/** The parts of a table, in file order, as one: rows numbered in the whole file, and its phone figures. */
export function finishRows(parts: RowsPart[]): CollectedRows {
  const out: CollectedRows = { ...noRows(), errors: [], phoneStats: { total: 0, withPhone: 0, withoutPhone: 0, invalid: 0, coverage: 0 } };
  let rowsBefore = 0;
  for (const part of parts) {
    out.bookings = out.bookings.length ? out.bookings.concat(part.bookings) : part.bookings;
    out.cancelled = out.cancelled.concat(part.cancelled);
    out.totalRows += part.totalRows;
    out.skipped += part.skipped;
    out.errorCount += part.errorCount;
    out.processed += part.processed;
    out.rowsWithoutStatus += part.rowsWithoutStatus;
    out.phoneStats.invalid += part.invalidPhones;
    for (const [row, line] of part.errors) if (out.errors.length < MAX_ERROR_LINES) out.errors.push(`Row ${rowsBefore + row}: ${line}`);
    for (const preview of part.clientPreviews) if (out.clientPreviews.length < PREVIEWS) out.clientPreviews.push(preview);
    // a later part starts with a copy of the header: its row 1 is this part's last row
    rowsBefore += part.rowsRead - 1;
  }
  if (out.totalRows === 0) throw new HttpError(400, 'The file has a header row but no bookings.');
  // a client has a phone when any of its rows has one
  const clientHasPhone = new Map<string, boolean>();
  for (const b of out.bookings) {
    const key = b.email ?? `phone:${b.phone}`;
    if (b.phone) clientHasPhone.set(key, true);
    else if (!clientHasPhone.has(key)) clientHasPhone.set(key, false);
  }
  const total = clientHasPhone.size;
  let withPhone = 0;
  for (const has of clientHasPhone.values()) if (has) withPhone += 1;
  out.phoneStats = {
    total,
    withPhone,
    withoutPhone: total - withPhone,
    invalid: out.phoneStats.invalid,
    coverage: total ? Math.round((withPhone / total) * 1000) / 10 : 0,
  };
  return out;
}

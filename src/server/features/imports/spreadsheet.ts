import { HttpError } from '../../platform/errors';

/** Limits for one uploaded spreadsheet (docs/clients-api.md, "Hostile spreadsheets"). */
export const SPREADSHEET_LIMITS = {
  /** All entries of an .xlsx together, inflated. A 100,000-row export is about 33 MB. */
  maxInflatedBytes: 50 * 1024 * 1024,
  maxCells: 1_000_000,
  /** Heap of each parse worker; the process stays well under 500 MB. */
  workerHeapMb: 320,
  timeLimitMs: 60_000,
};

export const NOT_A_TABLE = 'This file is not a CSV or Excel file. Please upload a .csv, .xlsx or .xls file.';
const SAVE_AS_CSV = 'Please save it as CSV and upload that.';
export const SPREADSHEET_MESSAGES = {
  'not-a-table': NOT_A_TABLE,
  'too-large': `This spreadsheet is too large once unpacked (over ${SPREADSHEET_LIMITS.maxInflatedBytes / 1024 / 1024} MB). ${SAVE_AS_CSV}`,
  'too-many-cells': `This spreadsheet has more than ${SPREADSHEET_LIMITS.maxCells.toLocaleString('en-US')} cells. ${SAVE_AS_CSV}`,
  'out-of-memory': `This spreadsheet needs too much memory to read. ${SAVE_AS_CSV}`,
  'too-slow': `This spreadsheet took too long to read. ${SAVE_AS_CSV}`,
} as const;
type Refusal = keyof typeof SPREADSHEET_MESSAGES;
const STATUS: Record<Refusal, number> = { 'not-a-table': 400, 'too-large': 413, 'too-many-cells': 413, 'out-of-memory': 413, 'too-slow': 413 };

export const refuse = (reason: Refusal) => new HttpError(STATUS[reason], SPREADSHEET_MESSAGES[reason]);

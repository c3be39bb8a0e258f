import { Worker } from 'node:worker_threads';
import { HttpError } from '../../platform/errors';

/** Limits for one uploaded spreadsheet (docs/clients-api.md, "Hostile spreadsheets"). */
export const SPREADSHEET_LIMITS = {
  /** All entries of an .xlsx together, inflated. A 100,000-row export is about 33 MB. */
  maxInflatedBytes: 50 * 1024 * 1024,
  maxCells: 1_000_000,
  /** Heap of the worker that parses it; the process stays well under 500 MB. */
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

const refuse = (reason: Refusal) => new HttpError(STATUS[reason], SPREADSHEET_MESSAGES[reason]);

// One spreadsheet is read at a time (the others wait), so two hostile files cannot double the memory.
let queue: Promise<unknown> = Promise.resolve();
/** Spreadsheets being parsed in a worker right now (0 or 1); tests watch it. */
export const parsing = { active: 0 };

/**
 * The first sheet's rows (header first), read off the event loop in a worker thread with a heap limit
 * and a time limit; an .xlsx is checked for its real inflated size before it is parsed.
 */
export function readSpreadsheet(buffer: Buffer, limits = SPREADSHEET_LIMITS): Promise<unknown[][]> {
  const run = () => parseInWorker(buffer, limits);
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}

function parseInWorker(buffer: Buffer, limits: typeof SPREADSHEET_LIMITS): Promise<unknown[][]> {
  parsing.active += 1;
  return new Promise<unknown[][]>((resolve, reject) => {
    const worker = new Worker(new URL('./spreadsheet-worker.mjs', import.meta.url), {
      workerData: { buffer, maxInflatedBytes: limits.maxInflatedBytes, maxCells: limits.maxCells },
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 32 },
      // the server's own loader flags (tsx) are not needed by the plain-JavaScript worker
      execArgv: [],
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      parsing.active -= 1;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(refuse('too-slow'))), limits.timeLimitMs);
    worker.on('message', (message: { rows?: unknown[][]; refusal?: Refusal }) =>
      settle(() => (message.rows ? resolve(message.rows) : reject(refuse(message.refusal ?? 'not-a-table')))),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse('out-of-memory') : error)),
    );
    worker.on('exit', () => settle(() => reject(refuse('out-of-memory'))));
  });
}

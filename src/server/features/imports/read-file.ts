import { HttpError } from '../../platform/errors';
import { WorkerJobError, WorkerPool, workersForThisMachine } from '../../platform/worker-pool';
import { CUT_MIN_BYTES, type Cut, cutOf, secondPart } from './csv-cut';
import { type CollectedRows, finishRows, type RowsPart } from './import-rows';
import type { RowRules } from './normalize-row';
import type { ParseJob } from './parse-job';
import { NOT_A_TABLE, refuse, SPREADSHEET_LIMITS } from './spreadsheet';

type Kind = ParseJob['kind'];

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

// Every upload is read and normalised in a worker thread (parse-job.ts), never on the event loop: two
// businesses' files are parsed side by side while other requests go on being answered. In the compiled server
// (scripts/build-server.mjs) `parse-worker.mjs` beside this code is parse-job.ts compiled.
const pool = new WorkerPool(new URL('./parse-worker.mjs', import.meta.url), {
  size: workersForThisMachine(),
  resourceLimits: { maxOldGenerationSizeMb: SPREADSHEET_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
  // Owners upload now and then, so most uploads would otherwise start a thread first; two, so two businesses
  // uploading at the same moment both find one ready (decision 0016).
  keepWarm: 2,
});

/** Starts the parse workers that stay ready for uploads; resolves when they have loaded (the server does not wait). */
export const warmUploadParser = () => pool.warm();

/** Parse jobs running in a worker right now, CSV files a second worker was started for, and those whose parts joined; tests watch them. */
export const parsing = { active: 0, cutFiles: 0, joinedParts: 0 };

// One spreadsheet is read at a time (the others wait), so two hostile files cannot double the memory.
let spreadsheetQueue: Promise<unknown> = Promise.resolve();

/**
 * An uploaded table's rows, normalised by the import rules, read in a worker thread. A CSV file is
 * parsed while it streams in (a large one that arrived faster than it is read, in two workers at once:
 * csv-cut.ts); a spreadsheet is read whole, one at a time, under SPREADSHEET_LIMITS.
 */
export async function parseUpload(stream: AsyncIterable<Buffer>, rules: RowRules): Promise<CollectedRows> {
  const it = stream[Symbol.asyncIterator]();
  let first = await it.next();
  while (!first.done && first.value.length === 0) first = await it.next();
  if (first.done) throw new HttpError(400, 'The file is empty.');
  const head: Buffer = first.value;
  const rest = async function* () {
    yield head;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  };
  const kind = sniff(head);
  if (kind === 'csv') return parseCsv(rules, rest());
  const chunks: Buffer[] = [];
  for await (const c of rest()) chunks.push(c);
  const file = Buffer.concat(chunks);
  const run = async () => finishRows([await inWorker({ kind, rules }, [file], SPREADSHEET_LIMITS.timeLimitMs)]);
  const next = spreadsheetQueue.then(run, run);
  spreadsheetQueue = next.catch(() => {});
  return next;
}

/** The pieces a CSV file is sent to its first worker in (WorkerPool keeps a few of them in flight). */
const PIECE_BYTES = 64 * 1024;

/**
 * A CSV file read as it streams in. The upload is read as fast as it arrives and its worker is sent it as fast as
 * that worker reads. When it has all arrived and much of it is still unsent (it arrived faster than it is read)
 * and a second worker is free, the first worker is sent the rest only up to a cut near its middle and the second
 * reads from there (csv-cut.ts). When either part fails (a cut inside a quoted field, a refused row), the file is
 * read again whole by one worker, whose answer or refusal (naming the row in the whole file) is the upload's.
 */
async function parseCsv(rules: RowRules, stream: AsyncIterable<Buffer>): Promise<CollectedRows> {
  const job: ParseJob = { kind: 'csv', rules };
  const arrived: Buffer[] = [];
  let size = 0;
  let ended = false;
  let failed: unknown;
  let sent = 0;
  let limit = Infinity;
  let more: (() => void) | undefined;
  let second: { file: Buffer; answer: Promise<RowsPart> } | undefined;

  // the pieces of what has arrived, up to the cut once there is one
  const input = async function* () {
    for (let index = 0, offset = 0; sent < limit; ) {
      if (failed) throw failed;
      if (index < arrived.length) {
        const piece = arrived[index].subarray(offset, offset + Math.min(PIECE_BYTES, limit - sent));
        offset += piece.length;
        if (offset >= arrived[index].length) [index, offset] = [index + 1, 0];
        sent += piece.length;
        yield piece;
      } else if (ended) return;
      else await new Promise<void>((resolve) => (more = resolve));
    }
  };
  const cutTheRest = () => {
    if (size - sent < CUT_MIN_BYTES || !pool.hasFreeWorker()) return;
    const file = Buffer.concat(arrived);
    const cut: Cut | null = cutOf(file, sent);
    if (!cut) return;
    limit = cut.at;
    second = { file, answer: inWorker(job, [secondPart(file, cut)]) };
    parsing.cutFiles += 1;
    // read below, or not at all when the first part fails
    second.answer.catch(() => {});
  };

  const first = inWorker(job, input());
  try {
    for await (const chunk of stream) {
      arrived.push(chunk);
      size += chunk.length;
      more?.();
    }
    ended = true;
    cutTheRest();
  } catch (error) {
    failed = error;
  }
  more?.();
  const firstPart = await first.catch((error: unknown) => {
    // an upload that failed while arriving fails with its own error, not the one of the rows it cut short
    if (failed || !second) throw failed ?? error;
    return null;
  });
  if (failed) throw failed;
  if (!second) return finishRows([firstPart!]);
  const secondRows = firstPart && (await second.answer.catch(() => null));
  if (!firstPart || !secondRows) return finishRows([await inWorker(job, [second.file])]);
  parsing.joinedParts += 1;
  return finishRows([firstPart, secondRows]);
}

async function inWorker(job: ParseJob, input: AsyncIterable<Buffer> | Buffer[], timeLimitMs?: number): Promise<RowsPart> {
  parsing.active += 1;
  try {
    return await pool.run<RowsPart>(job, { input: toAsync(input), timeLimitMs });
  } catch (error) {
    // A spreadsheet's own refusals. A CSV file under the upload limit cannot reach the worker's heap limit
    // (it is parsed as it streams in, row by row); a worker that dies on one anyway is a server failure.
    if (!(error instanceof WorkerJobError) || job.kind === 'csv') throw error;
    throw refuse(error.reason === 'too-slow' ? 'too-slow' : 'out-of-memory');
  } finally {
    parsing.active -= 1;
  }
}

async function* toAsync(input: AsyncIterable<Buffer> | Buffer[]) {
  yield* input;
}

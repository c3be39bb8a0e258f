import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { HttpError } from './errors';
import type { FromWorker, JobFailure, ToWorker } from './worker-protocol';

/**
 * The worker thread's side of a WorkerPool: runs `handle` for each job, one at a time, with the job's input
 * as a stream of the chunks the pool sends, and answers its result, or its failure (an HttpError keeps its
 * status and sentence).
 */
export function serveJobs<J>(handle: (job: J, input: AsyncIterable<Buffer>) => Promise<unknown>) {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  let current: { id: number; input: PassThrough } | null = null;
  const reply = (message: FromWorker) => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'job') {
      const input = new PassThrough();
      const job = { id: message.id, input };
      current = job;
      handle(message.job as J, input).then(
        (result) => reply({ type: 'done', id: job.id, result }),
        (error: unknown) => reply({ type: 'failed', id: job.id, error: failureOf(error) }),
      );
      return;
    }
    // chunks of a job that already answered (it refused the file early) are dropped
    if (current?.id !== message.id) return;
    if (message.type === 'chunk') current.input.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    else current.input.end();
  });
  reply({ type: 'ready' });
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

import { PassThrough } from 'node:stream';
import { HttpError } from './errors';
import type { FromJob, JobFailure, JobReply, JobTask, ToJob } from './worker-protocol';

/**
 * The worker thread's side of a WorkerPool: the piscina task handler the worker script exports as its default.
 * It runs `handle` for each job with the job's input as a stream of the chunks the pool posts on the job's port
 * (each one acknowledged once its reader took it), and answers its result, or its failure (an HttpError keeps its
 * status and sentence).
 */
export function serveJobs<J>(handle: (job: J, input: AsyncIterable<Buffer>) => Promise<unknown>) {
  return async (task: JobTask): Promise<JobReply | null> => {
    if ('warm' in task) return null;
    const input = new PassThrough();
    const { port } = task;
    const taken = () => port.postMessage({ type: 'taken' } satisfies FromJob);
    port.on('message', (message: ToJob) => {
      if (message.type === 'end') {
        if (!input.destroyed) input.end();
      }
      // a job that stopped reading before its input ended (it refused the file): the rest is dropped
      else if (input.destroyed) taken();
      else input.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength), taken);
    });
    try {
      return { ok: true, result: await handle(task.job as J, input) };
    } catch (error) {
      return { ok: false, error: failureOf(error) };
    } finally {
      // chunks of a job that already answered (it refused the file early) are dropped
      port.close();
    }
  };
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

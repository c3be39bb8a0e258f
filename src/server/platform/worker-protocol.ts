// What a WorkerPool (worker-pool.ts) hands the worker threads it runs (worker-host.ts), and what they answer.
import type { MessagePort } from 'node:worker_threads';

/** A piscina task: a job with the port its input arrives on, or a no-op that only makes the thread load. */
export type JobTask = { job: unknown; port: MessagePort } | { warm: true };

/** What the pool posts on a job's port: the input chunk by chunk, then its end. */
export type ToJob = { type: 'chunk'; chunk: Uint8Array } | { type: 'end' };

/** What the job posts back on its port: a chunk of its input was taken by its reader (the pool sends the next). */
export type FromJob = { type: 'taken' };

/** A refusal keeps its status, sentence and headers (an HttpError); any other failure only its message. */
export type JobFailure = { status?: number; message: string; headers?: Record<string, string> };

export type JobReply = { ok: true; result: unknown } | { ok: false; error: JobFailure };

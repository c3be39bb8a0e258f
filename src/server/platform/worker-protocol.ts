// The messages between a WorkerPool (worker-pool.ts) and the worker threads it runs (worker-host.ts).

export type ToWorker =
  | { type: 'job'; id: number; job: unknown }
  | { type: 'chunk'; id: number; chunk: Uint8Array }
  | { type: 'end'; id: number };

/** A refusal keeps its status, sentence and headers (an HttpError); any other failure only its message. */
export type JobFailure = { status?: number; message: string; headers?: Record<string, string> };

export type JobReply = { type: 'done'; id: number; result: unknown } | { type: 'failed'; id: number; error: JobFailure };

/** What a worker posts: once that it is listening (its modules loaded), then one reply per job. */
export type FromWorker = { type: 'ready' } | JobReply;

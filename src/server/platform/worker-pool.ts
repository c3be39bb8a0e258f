import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError } from './errors';
import type { FromJob, JobFailure, JobReply, JobTask, ToJob } from './worker-protocol';

/** Why a job ended without an answer from its own code. */
export type WorkerFailure = 'out-of-memory' | 'crashed' | 'too-slow';

export class WorkerJobError extends Error {
  constructor(
    readonly reason: WorkerFailure,
    options?: { cause?: unknown },
  ) {
    super(`The worker thread's job ended: ${reason}`, options);
  }
}

export type PoolOptions = {
  /** Workers at most; each job has one to itself. */
  size: number;
  resourceLimits?: ResourceLimits;
  /** After this long without a job, workers that ran one are ended, so a quiet server does not keep their heaps. */
  idleMs?: number;
  /**
   * Workers kept started and ready once warm() was called (it waits for them; ended ones are replaced at once). A
   * thread takes about half a second to start and load its modules, which a job would otherwise wait for after
   * every quiet spell. Until warm(), no thread starts before a job needs one (a test or script that only imports
   * the app starts none).
   */
  keepWarm?: number;
};

/** Two at least, so one business's file never waits for another's; more on a machine with more cores. */
export const workersForThisMachine = () => Math.min(4, Math.max(2, availableParallelism()));

/**
 * Chunks of a job's input posted and not yet taken by its reader: the rest waits with the caller, so a worker never
 * holds a whole file it has not read, and a caller still holds what its job has not been sent (read-file.ts cuts a
 * large CSV file there).
 */
const CHUNKS_IN_FLIGHT = 4;

/**
 * A few worker threads running one script (its default export written with worker-host.ts), on piscina
 * (decision 0031). A job gets a worker to itself, is fed its input in chunks over a port of its own while the
 * input arrives, and answers once; a worker that dies or overruns its time is ended and replaced by piscina.
 *
 * Idle workers: piscina ends those above `keepWarm` after `idleMs`. The kept ones would keep the heap their last
 * file grew them to, so when no job has run for `idleMs` and some job ran since the last time, the whole piscina
 * pool is swapped for a fresh one (its warm threads start at once) and the old one, which has no job, destroyed.
 */
export class WorkerPool {
  private pool: Piscina | null = null;
  private warmed = false;
  private active = 0;
  private used = false;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly script: URL,
    private readonly options: PoolOptions,
  ) {}

  /** Runs a job on a worker of its own, fed `input` as fast as its reader takes it. */
  async run<T>(job: unknown, opts: { input?: AsyncIterable<Uint8Array>; timeLimitMs?: number } = {}): Promise<T> {
    clearTimeout(this.idleTimer);
    this.active += 1;
    this.used = true;
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    const timer = opts.timeLimitMs ? setTimeout(() => abort.abort(), opts.timeLimitMs) : undefined;
    let settled = false;
    let inFlight = 0;
    let wake: (() => void) | undefined;
    port1.on('message', (message: FromJob) => {
      if (message.type !== 'taken') return;
      inFlight -= 1;
      wake?.();
    });
    try {
      const task: JobTask = { job, port: port2 };
      this.pool ??= this.newPool();
      const answer = this.pool.run(task, { transferList: [port2], signal: abort.signal }) as Promise<JobReply>;
      const feed = async () => {
        try {
          for await (const chunk of opts.input ?? []) {
            while (inFlight >= CHUNKS_IN_FLIGHT && !settled) await new Promise<void>((resolve) => (wake = resolve));
            // the job answered early (a refused file): the rest of the input is not needed
            if (settled) return;
            // A chunk is often a view of a larger buffer (the request's, a socket's), and posting a view
            // copies its whole buffer: each chunk is copied into a buffer of its own and that is moved.
            const own = new Uint8Array(chunk);
            post(port1, { type: 'chunk', chunk: own }, [own.buffer]);
            inFlight += 1;
          }
        } finally {
          // an input that fails ends the job's input too, so the job answers (the caller has the failure)
          if (!settled) post(port1, { type: 'end' });
        }
      };
      const fed = feed();
      const reply = await answer.catch((error: unknown) => {
        throw failureOfThread(error, abort.signal.aborted);
      });
      settled = true;
      wake?.();
      await fed.catch(() => {});
      if (reply.ok) return reply.result as T;
      throw fromWorker(reply.error);
    } finally {
      settled = true;
      wake?.();
      clearTimeout(timer);
      port1.close();
      this.active -= 1;
      if (this.active === 0) this.renewWhenIdle();
    }
  }

  /** Whether a job posted now would find a worker free (none of the pool's workers busy with another job). */
  hasFreeWorker(): boolean {
    return this.active < this.options.size;
  }

  /** Starts workers up to keepWarm, idle and ready for a job; resolves once each has loaded its modules. */
  async warm(): Promise<void> {
    this.warmed = true;
    const pool = (this.pool ??= this.newPool());
    // piscina announces the threads it starts at construction a microtask later; tasks posted before that would
    // start threads of their own and leave the kept ones loading
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(Array.from({ length: this.options.keepWarm ?? 0 }, () => pool.run({ warm: true } satisfies JobTask)));
  }

  private newPool() {
    const pool = new Piscina({
      filename: this.script.href,
      minThreads: this.warmed ? (this.options.keepWarm ?? 0) : 0,
      maxThreads: Math.max(this.options.size, this.options.keepWarm ?? 0),
      idleTimeout: this.options.idleMs ?? 30_000,
      resourceLimits: this.options.resourceLimits,
      // the worker script sets up what it needs itself; the server's own loader flags are not passed on
      execArgv: [],
      // an idle worker waits on its port, not in Atomics.wait
      atomics: 'disabled',
    });
    // a worker that fails with no job (one that could not load, say) is dropped and replaced by piscina
    pool.on('error', () => {});
    return pool;
  }

  /** After idleMs with no job, kept workers that ran a job are replaced by fresh ones (their heaps go with them). */
  private renewWhenIdle() {
    if (!this.used || !this.warmed || !this.options.keepWarm) return;
    this.idleTimer = setTimeout(() => {
      if (this.active > 0) return;
      const old = this.pool;
      this.used = false;
      this.pool = this.newPool();
      void old?.destroy();
    }, this.options.idleMs ?? 30_000);
    this.idleTimer.unref();
  }
}

function post(port: MessagePort, message: ToJob, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}

/** A job that ended without its code answering: over its time, at the heap limit, or its thread died. */
function failureOfThread(error: unknown, timedOut: boolean): Error {
  if (timedOut) return new WorkerJobError('too-slow', { cause: error });
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new WorkerJobError('out-of-memory', { cause: error });
  // A worker at its heap limit sometimes only exits.
  if (error instanceof Error && /worker exited/i.test(error.message)) return new WorkerJobError('out-of-memory', { cause: error });
  return new WorkerJobError('crashed', { cause: error });
}

function fromWorker(error: JobFailure): Error {
  if (error.status) return new HttpError(error.status, error.message, error.headers);
  return new Error(error.message);
}

import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { HttpError } from './errors';
import type { FromWorker, ToWorker } from './worker-protocol';

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
  /** An idle worker is ended after this long, so a quiet server does not keep their heaps. */
  idleMs?: number;
  /**
   * Workers kept started and ready: warm() starts them, and one ended (idle, or failed) is replaced at once. A
   * thread takes about half a second to start and load its modules, which a job would otherwise wait for after
   * every quiet spell.
   */
  keepWarm?: number;
};

/** Two at least, so one business's file never waits for another's; more on a machine with more cores. */
export const workersForThisMachine = () => Math.min(4, Math.max(2, availableParallelism()));

/** `ready` settles once the worker has loaded its modules (or has ended). */
type Slot = { worker: Worker; ready: Promise<void>; idleTimer?: NodeJS.Timeout };

/**
 * A few long-lived worker threads running one script (written with worker-host.ts), started when first
 * needed (or ahead, the keepWarm ones) and ended when idle. A job gets a worker to itself, is fed its input in chunks while the input
 * arrives, and answers once; a worker that dies or overruns its time is replaced, never reused.
 */
export class WorkerPool {
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private started = 0;
  private nextJobId = 0;

  constructor(
    private readonly script: URL,
    private readonly options: PoolOptions,
  ) {}

  async run<T>(job: unknown, opts: { input?: AsyncIterable<Uint8Array>; timeLimitMs?: number } = {}): Promise<T> {
    const slot = await this.acquire();
    const { worker } = slot;
    const id = (this.nextJobId += 1);
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<T>((resolve, reject) => {
      const finish = (reuse: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (reuse) this.release(slot);
        else this.discard(worker);
        fn();
      };
      const onMessage = (reply: FromWorker) => {
        if (reply.type === 'ready' || reply.id !== id) return;
        finish(true, () => (reply.type === 'done' ? resolve(reply.result as T) : reject(fromWorker(reply.error))));
      };
      const onError = (error: Error & { code?: string }) =>
        finish(false, () => reject(new WorkerJobError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'crashed', { cause: error })));
      // A worker at its heap limit sometimes only exits.
      const onExit = () => finish(false, () => reject(new WorkerJobError('out-of-memory')));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      if (opts.timeLimitMs) timer = setTimeout(() => finish(false, () => reject(new WorkerJobError('too-slow'))), opts.timeLimitMs);
      const feed = async () => {
        post(worker, { type: 'job', id, job });
        if (opts.input) {
          for await (const chunk of opts.input) {
            // the job answered early (a refused file): the rest of the input is not needed
            if (settled) return;
            // A chunk is often a view of a larger buffer (the request's, a socket's), and posting a view
            // copies its whole buffer: each chunk is copied into a buffer of its own and that is moved.
            const own = new Uint8Array(chunk);
            post(worker, { type: 'chunk', id, chunk: own }, [own.buffer]);
          }
        }
        if (!settled) post(worker, { type: 'end', id });
      };
      feed().catch((error: unknown) => finish(false, () => reject(error)));
    });
    return answer;
  }

  /** Starts workers up to keepWarm, idle and ready for a job; resolves once each has loaded its modules. */
  async warm(): Promise<void> {
    this.keepWarmStarted();
    await Promise.all(this.idle.map((slot) => slot.ready));
  }

  /** Starts idle workers until keepWarm are started. */
  private keepWarmStarted() {
    while (this.started < (this.options.keepWarm ?? 0)) {
      this.started += 1;
      this.idle.push(this.spawn());
    }
  }

  /** Takes a slot out of the idle list; false when it is not there (a job has it, or it was taken already). */
  private takeIdle(slot: Slot): boolean {
    const i = this.idle.indexOf(slot);
    if (i < 0) return false;
    this.idle.splice(i, 1);
    clearTimeout(slot.idleTimer);
    return true;
  }

  private acquire(): Promise<Slot> {
    const slot = this.idle.pop();
    if (slot) {
      clearTimeout(slot.idleTimer);
      return Promise.resolve(slot);
    }
    if (this.started < this.options.size) {
      this.started += 1;
      return Promise.resolve(this.spawn());
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private spawn(): Slot {
    const worker = new Worker(this.script, {
      resourceLimits: this.options.resourceLimits,
      // the worker script sets up what it needs itself; the server's own loader flags are not passed on
      execArgv: [],
    });
    // an idle worker never keeps the process alive (server shutdown, a test file's end)
    worker.unref();
    const ready = new Promise<void>((resolve) => {
      const settle = () => {
        worker.off('message', onReady).off('exit', settle);
        resolve();
      };
      const onReady = (message: FromWorker) => message.type === 'ready' && settle();
      worker.on('message', onReady).on('exit', settle);
    });
    const slot: Slot = { worker, ready };
    // A worker that fails while it has no job (a ready one that could not load, say) is dropped from the idle
    // list, so no job is posted to it; the next job starts another. A job's own listeners handle its failures.
    worker.on('error', () => {}).once('exit', () => {
      if (this.takeIdle(slot)) this.started -= 1;
    });
    return slot;
  }

  private release(slot: Slot) {
    const next = this.waiting.shift();
    if (next) return next(slot);
    // An idle worker is ended even when it is a warm one: its heap keeps what its last file grew it to (about
    // 100 MB after 100,000 rows), and discard() starts a fresh warm one in its place.
    slot.idleTimer = setTimeout(() => {
      this.takeIdle(slot);
      this.discard(slot.worker);
    }, this.options.idleMs ?? 30_000);
    slot.idleTimer.unref();
    this.idle.push(slot);
  }

  private discard(worker: Worker) {
    this.started -= 1;
    void worker.terminate();
    const next = this.waiting.shift();
    if (next) {
      this.started += 1;
      next(this.spawn());
    } else {
      this.keepWarmStarted();
    }
  }
}

function post(worker: Worker, message: ToWorker, transfer: ArrayBuffer[] = []) {
  worker.postMessage(message, transfer);
}

function fromWorker(error: { status?: number; message: string; headers?: Record<string, string> }): Error {
  if (error.status) return new HttpError(error.status, error.message, error.headers);
  return new Error(error.message);
}

import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { WorkerJobError, WorkerPool } from './worker-pool';

const script = new URL('./worker-pool.test-worker.mjs', import.meta.url);

async function* chunks(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}

describe('WorkerPool', () => {
  it('runs a job in another thread, fed its input chunk by chunk, and reuses the worker', async () => {
    const pool = new WorkerPool(script, { size: 1 });
    const a = await pool.run<{ text: string; thread: number }>({ kind: 'echo' }, { input: chunks('Client Name,', 'Client Email\n') });
    expect(isMainThread).toBe(true);
    expect(a.text).toBe('Client Name,Client Email\n');
    expect(a.thread).toBeGreaterThan(0);
    const b = await pool.run<{ thread: number }>({ kind: 'echo' }, { input: chunks('x') });
    expect(b.thread).toBe(a.thread);
  });

  it('sends a chunk that is a view of a larger buffer as a buffer of its own, not the whole buffer', async () => {
    // What a request's body looks like when it arrives in one piece and is cut into chunks: 16 views of 1 MB.
    const whole = Buffer.alloc(1024 * 1024, 'a');
    async function* views() {
      for (let at = 0; at < whole.length; at += 64 * 1024) yield whole.subarray(at, at + 64 * 1024);
    }
    const pool = new WorkerPool(script, { size: 1 });
    const { sizes } = await pool.run<{ sizes: number[] }>({ kind: 'buffers' }, { input: views() });
    expect(sizes).toHaveLength(16);
    expect(Math.max(...sizes)).toBe(64 * 1024);
    expect(whole.length).toBe(1024 * 1024); // the caller's buffer is untouched (copied, not moved)
  });

  it('sends a job its input only as fast as it takes it: the rest stays with the caller', async () => {
    const pool = new WorkerPool(script, { size: 1 });
    let pulled = 0;
    async function* pieces() {
      for (; pulled < 40; pulled += 1) yield Buffer.alloc(64 * 1024, 'a');
    }
    const answer = pool.run<{ bytes: number }>({ kind: 'pause', ms: 1000 }, { input: pieces() });
    // the job has read one piece and pauses: a few more are in flight
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(pulled).toBeGreaterThan(1);
    expect(pulled).toBeLessThan(10);
    expect(await answer).toEqual({ bytes: 40 * 64 * 1024 });
  });

  it("answers a worker's HttpError with its status and sentence", async () => {
    const pool = new WorkerPool(script, { size: 1 });
    const error = await pool.run({ kind: 'refuse' }, { input: chunks('a') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'Refused by the worker.' });
  });

  it('starts its warm worker before the first job, and a fresh one when an idle worker is ended', async () => {
    const pool = new WorkerPool(script, { size: 2, idleMs: 50, keepWarm: 1 });
    await pool.warm();
    const postedFirst = Date.now();
    const first = await pool.run<{ thread: number; loadedAt: number }>({ kind: 'echo' }, { input: chunks('a') });
    expect(first.loadedAt).toBeLessThan(postedFirst);
    // the used worker is ended after idleMs (its heap goes with it) and a new one starts in its place
    // long enough for the fresh thread to load on a busy machine (about half a second when idle)
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const postedNext = Date.now();
    const next = await pool.run<{ thread: number; loadedAt: number }>({ kind: 'echo' }, { input: chunks('b') });
    expect(next.thread).not.toBe(first.thread);
    expect(next.loadedAt).toBeLessThan(postedNext);
  });

  it('ends an idle worker after idleMs when none is kept warm', async () => {
    const pool = new WorkerPool(script, { size: 1, idleMs: 50 });
    const first = await pool.run<{ thread: number }>({ kind: 'echo' }, { input: chunks('a') });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posted = Date.now();
    const next = await pool.run<{ thread: number; loadedAt: number }>({ kind: 'echo' }, { input: chunks('b') });
    expect(next.thread).not.toBe(first.thread);
    // started for this job
    expect(next.loadedAt).toBeGreaterThan(posted);
  });

  it('drops a worker that ends while idle and runs the next job on a new one', async () => {
    const pool = new WorkerPool(script, { size: 1, keepWarm: 1 });
    const first = await pool.run<{ thread: number }>({ kind: 'exit-after' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await pool.run<{ text: string; thread: number }>({ kind: 'echo' }, { input: chunks('c'), timeLimitMs: 10_000 });
    expect(next.text).toBe('c');
    expect(next.thread).not.toBe(first.thread);
  });

  it('ends a job over its time limit and runs the next one on a new worker', async () => {
    const pool = new WorkerPool(script, { size: 1 });
    const first = await pool.run<{ thread: number }>({ kind: 'echo' }, { input: chunks('a') });
    const error = await pool.run({ kind: 'hang' }, { timeLimitMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect((error as WorkerJobError).reason).toBe('too-slow');
    const next = await pool.run<{ text: string; thread: number }>({ kind: 'echo' }, { input: chunks('b') });
    expect(next.text).toBe('b');
    expect(next.thread).not.toBe(first.thread);
  });
});

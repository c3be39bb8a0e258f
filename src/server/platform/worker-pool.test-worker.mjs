// A worker for worker-pool.test.ts: echoes its input, tells the size of each chunk's buffer, pauses,
// refuses with an HttpError, never answers, or answers and then ends.
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { register } from 'tsx/esm/api';

register();
// when this thread started: a warm worker started before its job was posted
const loadedAt = Date.now();
const { serveJobs } = await import('./worker-host.ts');
const { HttpError } = await import('./errors.ts');

export default serveJobs(async (job, input) => {
  if (job.kind === 'refuse') throw new HttpError(422, 'Refused by the worker.');
  if (job.kind === 'hang') return new Promise(() => {});
  // answers, then the thread ends while idle
  if (job.kind === 'exit-after') {
    setTimeout(() => process.exit(1), 50);
    return { thread: (await import('node:worker_threads')).threadId };
  }
  // reads one chunk, pauses, then reads the rest
  if (job.kind === 'pause') {
    const it = input[Symbol.asyncIterator]();
    let bytes = (await it.next()).value.length;
    await new Promise((resolve) => setTimeout(resolve, job.ms));
    for (let n = await it.next(); !n.done; n = await it.next()) bytes += n.value.length;
    return { bytes };
  }
  if (job.kind === 'buffers') {
    const sizes = [];
    for await (const chunk of input) sizes.push(chunk.buffer.byteLength);
    return { sizes };
  }
  const parts = [];
  for await (const chunk of input) parts.push(chunk.toString());
  return { text: parts.join(''), thread: (await import('node:worker_threads')).threadId, loadedAt };
});

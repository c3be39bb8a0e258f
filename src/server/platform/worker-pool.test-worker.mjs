// A worker for worker-pool.test.ts: echoes its input, refuses with an HttpError, or never answers.
import { register } from 'tsx/esm/api';

register();
const { serveJobs } = await import('./worker-host.ts');
const { HttpError } = await import('./errors.ts');

serveJobs(async (job, input) => {
  if (job.kind === 'refuse') throw new HttpError(422, 'Refused by the worker.');
  if (job.kind === 'hang') return new Promise(() => {});
  const parts = [];
  for await (const chunk of input) parts.push(chunk.toString());
  return { text: parts.join(''), thread: (await import('node:worker_threads')).threadId };
});

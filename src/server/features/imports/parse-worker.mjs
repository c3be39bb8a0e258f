// The entry of the upload parse workers (read-file.ts runs a pool of them). Plain JavaScript, so it
// starts the same under node, tsx and vitest: it registers tsx's loader for this thread, then loads the
// TypeScript job, which shares the import rules with the rest of the server. The compiled server has its own
// parse-worker.mjs, the job compiled (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
export default (await import('./parse-job.ts')).default;

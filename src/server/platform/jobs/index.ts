export { defineJob, type JobContext, type JobDefinition } from './define-job';
export { startJobs, JobPayloadError, type JobQueue, type Jobs } from './start-jobs';
export { jobIdFor } from './job-key';
export { providerUnreachable, pruneJobEffectsJob, runEffect } from './effects';

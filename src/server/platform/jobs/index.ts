export { defineJob, type JobContext, type JobDefinition, type JobSchedule } from './define-job';
export { startJobs, JobPayloadError, type JobQueue, type Jobs, type JobsDeps, type JobsOptions, type SendOptions } from './start-jobs';
export { jobIdFor, utcDay } from './job-key';

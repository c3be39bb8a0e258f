import type { JobDefinition } from '../../platform/jobs/index';

/** The SMS feature's durable jobs (bulk sends, automations). */
export const smsJobs: JobDefinition[] = [];

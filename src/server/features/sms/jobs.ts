import type { JobDefinition } from '../../platform/jobs/index';
import { registrationJobs } from './numbers/jobs';
import { smsOutboxJobs } from './outbox/jobs';
import { smsAutomationJobs } from './automations/jobs';

/** The SMS feature's durable jobs: the A2P registration check, the outbox's delivery and sweeps, the follow-ups. */
export const smsJobs: JobDefinition[] = [...registrationJobs, ...smsOutboxJobs, ...smsAutomationJobs];

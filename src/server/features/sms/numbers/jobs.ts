import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../platform/jobs/index';
import { advanceRegistration } from './registration';
import { selectInReview } from './registration-queries';

/** Registrations checked per run (Twilio asks ISVs to keep registration calls near one a second). */
const CHECKED_PER_RUN = 50;

/**
 * Every 5 minutes: each A2P registration still under review and not checked in the last 4 minutes is moved
 * on (its review read, the next step submitted once the one before is approved): docs/sms-registration.md.
 */
export const checkRegistrationsJob = defineJob({
  name: 'sms.check-registrations',
  schema: z.object({}).strict(),
  schedule: { cron: '*/5 * * * *' },
  expireInSeconds: 600,
  retryLimit: 0,
  async handler(_data, context) {
    const { sms, origin } = context;
    if (!sms || !origin) throw new Error('The job queue was started without the SMS provider');
    const due = await selectInReview(context.database.db, new Date(Date.now() - 4 * 60_000), CHECKED_PER_RUN);
    for (const businessId of due) {
      // Twilio refusing a step is recorded on the registration (that step failed, with Twilio's reason). Twilio
      // unreachable leaves the business for the next run, logged; the others go on (docs/jobs.md "Effects").
      await advanceRegistration({ database: context.database, sms, origin, appUrl: context.appUrl }, businessId).catch((error: unknown) => {
        context.log?.info({ err: error, job: 'sms.check-registrations', businessId }, 'registration check left for the next run');
      });
    }
  },
});

/** The A2P registration's durable job. */
export const registrationJobs: JobDefinition[] = [checkRegistrationsJob];

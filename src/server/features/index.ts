import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes';
import { businessRoutes } from './business/routes';
import { clientDetailRoutes } from './clients/client-detail-routes';
import { clientRoutes } from './clients/routes';
import { bookingRoutes } from './bookings/routes';
import { importRoutes, webhookRoutes } from './imports/routes';
import { smsRoutes } from './sms/routes';
import { publicReferralRoutes } from './referrals-public/routes';
import { referralRoutes } from './referrals/routes';
import { referralConversionRoutes } from './referral-conversion/routes';
import { formRoutes } from './forms/routes';
import { publicFormRoutes } from './forms-public/routes';
import { leadRoutes } from './leads/routes';
import { onboardingRoutes } from './onboarding/routes';
import { insightsRoutes } from './insights/routes';
import { reviewRoutes } from './reviews/routes';
import { notificationRoutes } from './notifications/routes';
import { adminRoutes } from './admin/routes';
import { activityRoutes } from './activities/routes';
import { teamRoutes } from './team/routes';
import { accountSessionRoutes } from './accounts/session-routes';
import { twoFactorRoutes } from './accounts/two-factor-routes';
import { notificationJobs } from './notifications/jobs';
import { accountJobs } from './accounts/jobs';
import { clientJobs } from './clients/jobs';
import { importJobs } from './imports/jobs';
import { smsJobs } from './sms/jobs';
import { reviewJobs } from './reviews/jobs';
import { pruneJobEffectsJob, type JobDefinition } from '../platform/jobs/index';

// Each feature adds its route registration here. Who may call a route is the route's own option:
// every /api route needs a session (request.auth is set) unless it declares `config: { access: 'public' }`
// (platform/route-policy.ts).
type RouteGroup = (app: FastifyInstance) => Promise<void>;

export const routeGroups: RouteGroup[] = [accountRoutes, webhookRoutes, clientRoutes, bookingRoutes, clientDetailRoutes, importRoutes, businessRoutes, smsRoutes, referralRoutes, publicReferralRoutes, referralConversionRoutes, leadRoutes, onboardingRoutes, formRoutes, publicFormRoutes, insightsRoutes, reviewRoutes, notificationRoutes, adminRoutes, activityRoutes, teamRoutes, accountSessionRoutes, twoFactorRoutes];

/** Every feature's job definitions (features/<feature>/jobs.ts); main.ts starts the queue with them. */
export const jobDefinitions: JobDefinition[] = [...accountJobs, ...clientJobs, ...importJobs, ...smsJobs, ...reviewJobs, ...notificationJobs, pruneJobEffectsJob];

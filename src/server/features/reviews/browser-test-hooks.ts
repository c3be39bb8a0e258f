import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ageRequests } from './queries';
import { queueReviewFollowUps } from './follow-ups';
import { readSession } from '../../platform/session';

// What takes days, walked by the browser tests in seconds (README "Tests"): registered only with E2E_HOOKS=1,
// which the configuration refuses in production and with Twilio. Outside /api: not part of the product's API.

const daysPass = z.object({ days: z.number().int().min(1).max(30) }).strict();

export async function browserTestHookRoutes(app: FastifyInstance) {
  /** The signed-in business's review requests move `days` into the past, then its hourly follow-up scan runs. */
  app.post('/__e2e/reviews/days-pass', { config: { access: 'public' } }, async (request, reply) => {
    const auth = await readSession(app.deps.database.db, request);
    if (!auth) return reply.code(401).send({ message: 'Sign in first.' });
    const body = daysPass.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: 'days must be a whole number from 1 to 30.' });
    await ageRequests(app.deps.database.db, auth.businessId, body.data.days);
    return queueReviewFollowUps({ database: app.deps.database, jobs: app.deps.jobs }, auth.businessId);
  });
}

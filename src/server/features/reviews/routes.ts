import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import {
  clientIdParamsSchema,
  markReviewedSchema,
  reviewInsightsSchema,
  reviewRequestedSchema,
  reviewStateSchema,
  reviewStatesQuerySchema,
  reviewStatesSchema,
  reviewsNotOpenedQuerySchema,
  reviewsNotOpenedSchema,
} from '../../../shared/schemas/reviews';
import { requestReviewByHand } from './by-hand';
import { markClientReviewed, reviewInsights, reviewStates, reviewsNotOpened } from './owner-views';

// The owner's reads and the "left a review" mark (docs/reviews.md). The short link is link-routes.ts.

export async function reviewRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/reviews/states', { config: { role: 'staff' }, schema: { response: { 200: reviewStatesSchema } } }, async (request) => {
    const { ids } = parse(reviewStatesQuerySchema, request.query);
    return { states: await reviewStates(db, businessIdOf(request), ids) };
  });

  app.post('/reviews/clients/:id/reviewed', { config: { role: 'staff' }, schema: { response: { 200: reviewStateSchema } } }, async (request) => {
    const { id } = parse(clientIdParamsSchema, request.params);
    const { reviewed } = parse(markReviewedSchema, request.body);
    return markClientReviewed(db, businessIdOf(request), id, reviewed);
  });

  app.post('/reviews/clients/:id/request', { config: { role: 'staff' }, schema: { response: { 200: reviewRequestedSchema } } }, async (request) => {
    const { id } = parse(clientIdParamsSchema, request.params);
    return requestReviewByHand({ database: app.deps.database, jobs: app.deps.jobs }, actorOf(request), id);
  });

  app.get('/reviews/insights', { schema: { response: { 200: reviewInsightsSchema } } }, async (request) => reviewInsights(db, businessIdOf(request)));

  app.get('/reviews/not-opened', { schema: { response: { 200: reviewsNotOpenedSchema } } }, async (request) => {
    const { page } = parse(reviewsNotOpenedQuerySchema, request.query);
    return reviewsNotOpened(db, businessIdOf(request), page);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { insightsSchema } from '../../../shared/schemas/insights';
import { selectInsights } from './queries';

// The Insights screen's one read (spec part 2 "Insights"; docs/insights.md).

export async function insightsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/insights', { schema: { response: { 200: insightsSchema } } }, async (request) =>
    selectInsights(db, businessIdOf(request), new Date()),
  );
}

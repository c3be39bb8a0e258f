import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { businessProfileSchema } from '../../../shared/schemas/business';
import { getProfile } from './service';

export async function businessRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/business/profile', { schema: { response: { 200: businessProfileSchema } } }, async (request) => {
    const origin = app.deps.config.appUrl ?? `${request.protocol}://${request.host}`;
    return getProfile(app.deps.database.db, businessIdOf(request), origin);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../platform/public-origin';
import { businessIdOf } from '../../platform/session';
import { businessProfileSchema } from '../../../shared/schemas/business';
import { getProfile } from './service';

export async function businessRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/business/profile', { schema: { response: { 200: businessProfileSchema } } }, async (request) => {
    return getProfile(app.deps.database.db, businessIdOf(request), publicOrigin(request, app.deps.config.appUrl));
  });
}

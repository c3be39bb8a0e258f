import type { FastifyInstance } from 'fastify';
import { businessIdOf } from '../../platform/session';
import { getProfile } from './service';

export async function businessRoutes(app: FastifyInstance) {
  app.get('/business/profile', async (request) => {
    const origin = app.deps.config.appUrl ?? `${request.protocol}://${request.host}`;
    return getProfile(app.deps.database.db, businessIdOf(request), origin);
  });
}

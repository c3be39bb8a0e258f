import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { dashboardStatsSchema } from '../../../shared/schemas/clients';
import * as clients from '../clients/service';

/** The dashboard's headline figures; they are counted from the clients' read model (docs/clients-api.md). */
export async function dashboardRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/dashboard/stats', { config: { role: 'staff' }, schema: { response: { 200: dashboardStatsSchema } } }, async (request) => clients.dashboardStats(db, businessIdOf(request)));
}

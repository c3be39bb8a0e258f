import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import {
  bookingTrendPointSchema,
  bookingTrendsQuerySchema,
  clientListResponseSchema,
  clientSchema,
  clientListQuerySchema,
  dashboardStatsSchema,
  loyaltyDistributionSchema,
  topClientsQuerySchema,
} from '../../../shared/schemas/clients';
import { z } from 'zod';
import * as clients from './service';
import * as q from './queries';

export async function clientRoutes(untyped: FastifyInstance) {
  // Every JSON reply is declared and serialised through its shared schema (docs/platform-rules.md).
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  const db = database.db;

  app.get('/clients', { config: { role: 'staff' }, schema: { response: { 200: clientListResponseSchema } } }, async (request) => {
    const businessId = businessIdOf(request);
    const query = parse(clientListQuerySchema, request.query);
    if (query.new === 'true' || query.new === '1') return { count: await q.countNewClients(db, businessId, clients.NEW_CLIENT_DAYS) };
    if (query.page === undefined) {
      // Without page, pageSize has nothing to size: refused rather than silently ignored (docs/clients-api.md).
      if ((request.query as Record<string, unknown>).pageSize !== undefined) throw new HttpError(400, 'pageSize needs page, e.g. ?page=1&pageSize=25');
      return clients.listClientsUnpaged(db, businessId, { search: query.search, sort: query.sort });
    }
    return clients.listClientsPage(db, businessId, { page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort });
  });

  app.get('/clients/top', { config: { role: 'staff' }, schema: { response: { 200: z.array(clientSchema) } } }, async (request) => {
    const { limit } = parse(topClientsQuerySchema, request.query);
    return q.selectTopClients(db, businessIdOf(request), limit);
  });

  app.get('/clients/loyalty-distribution', { config: { role: 'staff' }, schema: { response: { 200: loyaltyDistributionSchema } } }, async (request) => q.selectLoyaltyDistribution(db, businessIdOf(request)));

  // The dashboard's headline figures and its bookings chart, counted from the clients' read model (docs/clients-api.md).
  app.get('/dashboard/stats', { config: { role: 'staff' }, schema: { response: { 200: dashboardStatsSchema } } }, async (request) => q.selectDashboardStats(db, businessIdOf(request)));

  app.get('/analytics/booking-trends', { config: { role: 'staff' }, schema: { response: { 200: z.array(bookingTrendPointSchema) } } }, async (request) => {
    const { days } = parse(bookingTrendsQuerySchema, request.query);
    return q.selectBookingTrends(db, businessIdOf(request), days);
  });
}
